import ArgumentParser
import RedoConformKit
import RedoValidation

struct Canonicalize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the RFC 8785 canonical form of a JSON document to stdout.",
        discussion:
            "Input must be I-JSON. Exit status: 0 written; 1 not I-JSON (a located error on stderr); 2 unreadable input."
    )

    @Argument(help: ArgumentHelp("A JSON file, or - for stdin.", valueName: "FILE"))
    var file: String = "-"

    func run() throws {
        finish(CanonicalizeCommand.run(InputPath(file), console: .standard))
    }
}
