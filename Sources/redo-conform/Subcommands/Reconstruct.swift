import ArgumentParser
import RedoConformKit

struct Reconstruct: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the reconstructed state: canonical JSON (compare platforms by hash) or a readable task list.",
        discussion:
            "Exit status: 0 all records valid; 1 some record rejected (the state of the valid ones is still printed); 2 usage or I/O error, or an input that holds no record."
    )

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("json (RFC 8785 canonical, no trailing newline) or text.", valueName: "FORMAT"))
    var format: ReconstructCommand.Format = .json

    @Option(
        help: ArgumentHelp(
            "The time urgency is computed at: \(TimeOption.accepted); a date means midnight (default: now).",
            valueName: "TIME"))
    var at: String?

    func run() throws {
        finish(
            ReconstructCommand.run(input.paths, options: input.validation, format: format, at: at, console: .standard))
    }
}
