import ArgumentParser
import RedoConformKit

struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create an Ed25519 key file (mode 0600; never overwrites without --force).",
        discussion:
            "Without --seed or --seed-text the key is random. --seed-text derives the seed as SHA-256 of the text: for reproducible fixtures only. Exit status: 0 written; 2 usage error, an existing file without --force, or the file cannot be written."
    )

    @Option(help: ArgumentHelp("The 32-byte seed as 64 lowercase hex digits.", valueName: "HEX"))
    var seed: String?

    @Option(
        name: .customLong("seed-text"),
        help: ArgumentHelp("Derive the seed from this text (fixtures only).", valueName: "TEXT"))
    var seedText: String?

    @Option(help: ArgumentHelp("Write the key file here (default: stdout).", valueName: "FILE"))
    var out: String?

    @Flag(help: "Overwrite an existing key file.")
    var force = false

    func validate() throws {
        if seed != nil && seedText != nil { throw ValidationError("use either --seed or --seed-text, not both") }
    }

    func run() throws {
        finish(KeygenCommand.run(seedHex: seed, seedText: seedText, out: out, force: force, console: .standard))
    }
}
