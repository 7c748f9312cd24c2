// The redo-conform executable: argument parsing only. Every command's logic lives in
// RedoConformKit, where it is unit-tested.
import ArgumentParser
import RedoConformKit

#if canImport(Glibc)
import Glibc
#endif

@main
struct RedoConform: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo-conform",
        abstract: "The REDO v1 protocol referee: canonical JSON, ids, signatures and conformance vectors.",
        discussion: """
        With no subcommand, runs `check` on the shipped Vectors/.

        Exit status: 0 all valid; 1 findings (invalid input, failed vectors); 2 usage or I/O error.
        """,
        subcommands: [Check.self, Canonicalize.self, Hash.self, Vectors.self],
        defaultSubcommand: Check.self
    )
}

/// Leaves the process with a command's status.
func finish(_ status: ExitStatus) -> Never {
    exit(status.rawValue)
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every vector suite under DIR (default: the shipped Vectors/).",
        discussion: "Prints PASS/FAIL per suite. Exit status: 0 all passed, 1 a suite failed, 2 no suites or unreadable."
    )

    @Argument(help: "A vectors folder laid out like Vectors/.")
    var directory: String?

    @Option(name: .customLong("numbers"), help: ArgumentHelp("Only check a stream of '<hex bits>,<JavaScript text>' number lines (a file or - for stdin).", valueName: "FILE"))
    var numbers: String?

    func run() throws {
        if let numbers {
            finish(CheckCommand.runNumbers(InputPath(numbers), console: .standard))
        }
        finish(CheckCommand.run(root: directory.map(VectorRoot.init(path:)) ?? .shipped, console: .standard))
    }
}

struct Canonicalize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the RFC 8785 canonical form of a JSON document to stdout.",
        discussion: "Input must be I-JSON. On anything else: a located error on stderr and exit status 1."
    )

    @Argument(help: "A JSON file, or - for stdin.")
    var file: String = "-"

    func run() throws {
        finish(CanonicalizeCommand.run(InputPath(file), console: .standard))
    }
}

struct Hash: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a REDO node's id (sha256: + hex of its canonical body, without id and signature).",
        discussion: "With --raw, print the lowercase hex SHA-256 of any JSON document's canonical form."
    )

    @Argument(help: "A JSON file, or - for stdin.")
    var file: String = "-"

    @Flag(help: "Hash the whole document's canonical form (no REDO body rules).")
    var raw = false

    func run() throws {
        finish(HashCommand.run(InputPath(file), raw: raw, console: .standard))
    }
}

struct Vectors: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Deterministic conformance vectors.",
        subcommands: [Generate.self]
    )

    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the node and log vector suites for a seed (same seed, same bytes)."
        )

        @Option(help: "The seed every key, id and signature derives from.")
        var seed: String = VectorGenerator.shippedSeed

        @Option(help: "The folder to write into (created if missing).")
        var out: String

        func run() throws {
            finish(VectorsCommand.generate(seed: seed, into: out, console: .standard))
        }
    }
}
