import ArgumentParser
import RedoConformKit

extension Scenario {
    struct CheckScenarios: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Build scenarios and check their expected verdicts and state.",
            discussion:
                "Folders are walked for .yaml, .yml and .json files. A failed expectation names the node by its scenario name, with the file and line. Exit status: 0 every expectation held; 1 one failed; 2 a scenario could not be read or built, or the report could not be written."
        )

        @Argument(help: ArgumentHelp("Scenario files or folders.", valueName: "FILE|DIR"))
        var paths: [String]

        @Option(help: ArgumentHelp("text, json or junit.", valueName: "FORMAT"))
        var format: ScenarioCheckReport.Format = .text

        @Option(help: ArgumentHelp("Write the report to FILE instead of stdout.", valueName: "FILE"))
        var output: String?

        func run() throws {
            finish(ScenarioCommand.check(paths, format: format, output: output, console: .standard))
        }
    }
}

extension ScenarioCheckReport.Format: ExpressibleByArgument {}
