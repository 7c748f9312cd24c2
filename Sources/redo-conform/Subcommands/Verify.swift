import ArgumentParser
import RedoConformKit
import RedoCore
import RedoValidation

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check ids and signatures only (no schema or log rules).",
        discussion:
            "Exit status: 0 every id matches and every signature verifies; 1 otherwise; 2 usage or I/O error, or an input that holds no record."
    )

    @Argument(help: ArgumentHelp("Files, directories or - for stdin.", valueName: "PATH"))
    var paths: [String]

    @Option(help: ArgumentHelp("Threads, 1 to 1024 (default: all cores).", valueName: "N"))
    var jobs: Int?

    @OptionGroup var cache: CacheOption

    @OptionGroup var nodesAt: NodesAtOption

    func validate() throws {
        if let problem = ValidationOptions.usageProblem(jobs: jobs) { throw ValidationError(problem) }
        if let problem = StandardInputOnce.usageProblem(paths, givenAs: "PATH") { throw ValidationError(problem) }
    }

    func run() throws {
        var options = ValidationOptions()
        options.jobs = jobs ?? ParallelMap.availableCores
        options.cache = cache.opened
        options.nodesAt = nodesAt.pointer
        finish(
            VerifyCommand.run(
                paths, options: options, console: .standard, progress: ProgressMeter.forTerminal(console: .standard)))
    }
}
