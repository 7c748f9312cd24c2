import ArgumentParser
import RedoConformKit
import RedoValidation

struct Hash: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a REDO node's id (sha256: + hex of its canonical body, without id and signature).",
        discussion:
            "With --raw, print the lowercase hex SHA-256 of any JSON document's canonical form. Exit status: 0 printed; 1 not I-JSON, or (without --raw) not a JSON object (a located error on stderr); 2 unreadable input."
    )

    @Argument(help: ArgumentHelp("A JSON file, or - for stdin.", valueName: "FILE"))
    var file: String = "-"

    @Flag(help: "Hash the whole document's canonical form (no REDO body rules).")
    var raw = false

    func run() throws {
        finish(HashCommand.run(InputPath(file), raw: raw, console: .standard))
    }
}
