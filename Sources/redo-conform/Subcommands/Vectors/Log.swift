import ArgumentParser
import RedoConformKit
import RedoFixtures

extension Vectors {
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a large signed change log (JSON Lines) for benchmarks: benign or a hostile shape.",
            discussion:
                "Same options, same bytes. Exit status: 0 written; 2 usage error or the output cannot be written."
        )

        @Option(
            help: ArgumentHelp(
                "The log's shape: benign, or one of the hostile shapes the scale benchmark runs.", valueName: "SHAPE"))
        var shape: LogGenerator.Shape = .benign

        @Option(
            help: ArgumentHelp(
                "Number of nodes: exactly this many lines (each shape has a minimum, e.g. 12 for merge-stack).",
                valueName: "N"))
        var nodes: Int = 1_000_000

        @Option(help: ArgumentHelp("Number of tasks (benign shapes).", valueName: "N"))
        var tasks: Int = 200_000

        @Option(
            name: .customLong("delete-length"),
            help: ArgumentHelp("Chain length per DELETE (big-delete; the last task may be shorter).", valueName: "N"))
        var deleteLength: Int = 1000

        @Option(help: ArgumentHelp("The seed.", valueName: "SEED"))
        var seed: String = "bench"

        @Option(help: ArgumentHelp("Output file (default: stdout).", valueName: "FILE"))
        var out: String?

        func validate() throws {
            if let problem = LogGenerator.usageProblem(
                shape: shape, nodes: nodes, deleteLength: deleteLength, tasks: tasks)
            {
                throw ValidationError(problem)
            }
        }

        func run() throws {
            var generator = LogGenerator(shape: shape, nodes: nodes, tasks: tasks, seed: seed)
            generator.deleteLength = deleteLength
            finish(VectorsCommand.writeLog(generator, to: out, console: .standard))
        }
    }
}
