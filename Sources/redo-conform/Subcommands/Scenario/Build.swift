import ArgumentParser
import RedoConformKit

extension Scenario {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build a scenario: its signed log, json report, canonical state and the ids of its names.",
            discussion:
                "Writes log.jsonl, report.json, state.json, state.sha256 and names.json (and each --shapes file) into DIR, whole or not at all; expectations are not checked (scenario check does). Exit status: 0 written; 2 a bad scenario (its file:line:column and what to change), an existing DIR without --force, or a folder that cannot be written."
        )

        @Argument(help: ArgumentHelp("The scenario file (.yaml, .yml or .json).", valueName: "FILE"))
        var file: String

        @Option(help: ArgumentHelp("The folder to write (must not exist, unless --force).", valueName: "DIR"))
        var out: String

        @Flag(help: "Replace DIR if it exists.")
        var force = false

        @Option(
            parsing: .upToNextOption,
            help: ArgumentHelp("Other export shapes to write: array, firestore, users.", valueName: "SHAPE"))
        var shapes: [ScenarioBuildOutput.Shape] = []

        func run() throws {
            finish(ScenarioCommand.build(file, into: out, force: force, shapes: shapes, console: .standard))
        }
    }
}

extension ScenarioBuildOutput.Shape: ExpressibleByArgument {}
