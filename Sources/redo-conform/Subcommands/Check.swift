import ArgumentParser
import RedoConformKit
import RedoValidation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Run every vector suite under DIR (default: the shipped Vectors/), and the external suites when their data is there.",
        discussion: """
            Prints PASS/FAIL per suite. The external suites (RFC 8785 canonicalization, Wycheproof \
            Ed25519, ed25519-speccheck portability classes) read third-party test data the \
            repository does not hold: from --external DIR, else from ../shared/external-vectors \
            beside the vectors' parent folder (the repository root for the shipped Vectors/). \
            Without it, one line says they were not run. They are counted on their own line, \
            not in "N passed".

            Exit status: 0 every suite that ran passed, 1 a suite failed, 2 no suites, unreadable, \
            or an --external DIR that does not exist.
            """
    )

    @Argument(help: ArgumentHelp("A vectors folder laid out like Vectors/.", valueName: "DIR"))
    var directory: String?

    @Option(
        name: .customLong("external"),
        help: ArgumentHelp(
            "The third-party test data folder (laid out like ../shared/external-vectors).", valueName: "DIR"))
    var external: String?

    @Option(
        name: .customLong("numbers"),
        help: ArgumentHelp(
            "Only check a stream of '<hex bits>,<JavaScript text>' number lines (a file or - for stdin).",
            valueName: "FILE"))
    var numbers: String?

    func run() throws {
        if let numbers {
            finish(CheckCommand.runNumbers(InputPath(numbers), console: .standard))
        }
        finish(
            CheckCommand.run(
                root: directory.map(VectorRoot.init(path:)) ?? .shipped, external: external, console: .standard))
    }
}
