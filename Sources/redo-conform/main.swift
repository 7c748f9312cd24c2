// The redo-conform executable: argument parsing only. Every command's logic lives in
// RedoConformKit, where it is unit-tested.
import ArgumentParser
import RedoConformKit
import RedoCore
import RedoFixtures
import RedoValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Every text a user sees in --help is ASCII: the manual pages are generated from it
// (swift-argument-parser's generate-manual), and that generator drops other characters.
@main
struct RedoConform: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo-conform",
        abstract: "The REDO v1 protocol referee: canonical JSON, ids, signatures and conformance vectors.",
        discussion: """
            With no subcommand, runs `check` on the shipped Vectors/.

            Exit status: 0 all valid; 1 findings (invalid input, failed vectors); 2 usage or I/O error.
            """,
        version: RedoConformVersion.text,
        subcommands: [
            Check.self, Validate.self, MergeReports.self, Reconstruct.self, Verify.self, Sign.self, Keygen.self,
            Canonicalize.self, Hash.self, Compare.self, Diff.self, Graph.self, Vectors.self,
        ],
        defaultSubcommand: Check.self
    )

    /// The parser's own `main`, except that every usage error exits 2 as docs/cli.md and
    /// every --help promise (the parser's default is 64, EX_USAGE), and a mistyped command
    /// is refused before `check`, the default command, can take it for its DIR.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if let problem = commandWords.unknownCommand(in: arguments, isDirectory: isDirectory) {
                throw ValidationError(problem)
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            leave(after: error)
        }
    }

    /// Help (and other clean exits) to stdout with status 0; anything else the parser
    /// refused to stderr, with its usage, and status 2.
    static func leave(after error: Error) -> Never {
        let text = fullMessage(for: error)
        if exitCode(for: error) == .success {
            if !text.isEmpty { Console.standard.line(text) }
            finish(.ok)
        }
        if !text.isEmpty { Console.standard.errorLines(text) }
        finish(.usageOrIO)
    }

    /// Every command name, from the parser's own configuration (so it cannot drift).
    static var commandWords: CommandWords { words(of: self) }

    private static func words(of command: ParsableCommand.Type) -> CommandWords {
        CommandWords(
            Dictionary(uniqueKeysWithValues: command.configuration.subcommands.map { ($0._commandName, words(of: $0)) })
        )
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// Leaves the process with a command's status — 2 when stdout could not take all of
/// the output (every command ends here, so none can forget to check).
func finish(_ status: ExitStatus) -> Never {
    exit(Console.standard.settle(status).rawValue)
}

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

struct Vectors: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Deterministic conformance vectors.",
        subcommands: [Generate.self, Log.self]
    )

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

    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Write the node, log, reconstruction, export and platform vector suites for a seed (same seed, same bytes).",
            discussion:
                "With --external, the platform exchange also holds the published ed25519-speccheck and Wycheproof cases (speccheck-N, wycheproof-N) read from DIR. Exit status: 0 written; 2 usage error, an external file missing or unreadable, or a file cannot be written."
        )

        @Option(help: ArgumentHelp("The seed every key, id and signature derives from.", valueName: "SEED"))
        var seed: String = VectorGenerator.shippedSeed

        @Option(help: ArgumentHelp("The folder to write into (created if missing).", valueName: "DIR"))
        var out: String

        @Option(
            help: ArgumentHelp(
                "Add the third-party signature cases from this folder (speccheck/cases.json, wycheproof/ed25519_test.json).",
                valueName: "DIR"))
        var external: String?

        func run() throws {
            finish(VectorsCommand.generate(seed: seed, into: out, external: external, console: .standard))
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}
extension DiffCommand.Format: ExpressibleByArgument {}
extension GraphCommand.Format: ExpressibleByArgument {}
extension ReconstructCommand.Format: ExpressibleByArgument {}
extension ValidationProfile: ExpressibleByArgument {}
extension LogGenerator.Shape: ExpressibleByArgument {}

/// Where an html report's links to the protocol's sections point.
struct ProtocolLinkOption: ParsableArguments {
    @Option(
        name: .customLong("protocol-url"),
        help: ArgumentHelp(
            "Html: the PROTOCOL.md that codes and rules link to (default: PROTOCOL.md beside the report).",
            valueName: "URL"))
    var protocolURL = "PROTOCOL.md"
}

/// Options every command that reads change logs shares.
struct InputOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp("Files, directories (walked for .json/.jsonl/.ndjson) or - for stdin.", valueName: "PATH"))
    var paths: [String]

    @Option(help: ArgumentHelp("synced (signatures required) or local.", valueName: "PROFILE"))
    var profile: ValidationProfile = .synced

    // Optional, so the parser does not append this machine's core count as the default.
    @Option(
        help: ArgumentHelp(
            "Threads for node checks and signature verification, 1 to 1024 (default: all cores).", valueName: "N"))
    var jobs: Int?

    @Option(
        name: .customLong("max-records"),
        help: ArgumentHelp(
            "Read at most this many records (at least 1; default: as many as fit in memory, 768 bytes each).",
            valueName: "N"))
    var maxRecords: Int?

    @OptionGroup var cache: CacheOption

    func validate() throws {
        if let problem = ValidationOptions.usageProblem(jobs: jobs, maxRecords: maxRecords) {
            throw ValidationError(problem)
        }
        if let problem = StandardInputOnce.usageProblem(paths, givenAs: "PATH") { throw ValidationError(problem) }
    }

    var validation: ValidationOptions {
        var options = ValidationOptions()
        options.profile = profile
        options.jobs = jobs ?? ParallelMap.availableCores
        if let maxRecords { options.maxRecords = maxRecords }
        options.cache = cache.opened
        return options
    }
}

struct CacheOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Skip signatures accepted before, kept in DIR (default: $\(CacheUse.environmentVariable); whoever can write DIR can make a bad signature pass).",
            valueName: "DIR"))
    var cache: String?

    /// The cache this run reads and writes back, if any.
    var opened: SignatureCache? { CacheUse.open(option: cache, console: .standard) }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate change logs: every node-level and log-level rule, as one log.",
        discussion: """
            Reads single nodes, JSON arrays of nodes, JSON Lines, id-to-node maps (Firestore \
            collection exports) and {"users": {uid: {"changes": {id: node}}}} exports.

            Exit status: 0 every record valid; 1 some record rejected; 2 usage error, an \
            input that could not be read (the check is incomplete) or one that holds no \
            record (an empty file, [] or {}: nothing was checked).
            """
    )

    @OptionGroup var input: InputOptions

    @Option(
        help: ArgumentHelp(
            "text, json, junit or html (one self-contained file: each broken task's DAG drawn).", valueName: "FORMAT"))
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("Write the report to FILE instead of stdout.", valueName: "FILE"))
    var output: String?

    @Flag(help: "Text: only the summary; no progress bar.")
    var quiet = false

    @OptionGroup var links: ProtocolLinkOption

    @Option(
        help: ArgumentHelp(
            "Check only the tasks whose taskId hashes to shard K of N (K from 0 to N-1), for merge-reports; needs --format json.",
            valueName: "K/N"))
    var shard: String?

    func validate() throws {
        guard let shard else { return }
        if let problem = Shard.usageProblem(shard) { throw ValidationError(problem) }
        if format != .json {
            throw ValidationError("--shard writes a json report for merge-reports: add --format json")
        }
        if input.paths.contains("-") {
            throw ValidationError("--shard cannot read stdin: a shard may read its inputs twice")
        }
    }

    func run() throws {
        var options = input.validation
        options.shard = shard.flatMap(Shard.init(parsing:))
        finish(
            ValidateCommand.run(
                input.paths, options: options, format: format, output: output, quiet: quiet,
                protocolURL: links.protocolURL, console: .standard))
    }
}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw one task's DAG, as the html report draws it: Graphviz DOT, or SVG (no Graphviz needed).",
        discussion: """
            The log is validated whole, so each node is coloured by its verdict in the whole log: \
            valid, rejected by its own rule, rejected as a descendant, deleted, duplicate; parents \
            no record of the task claims are drawn dashed. Layers by lamport; long runs of valid \
            nodes or of descendants fold into one box; at most 240 boxes.

            Exit status: 0 drawn, every record of the task valid; 1 drawn, some record of the task \
            rejected; 2 usage error, an input that could not be read, or no record of that task.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("The task to draw (its taskId, exactly as the records spell it).", valueName: "TASKID"))
    var task: String

    @Option(help: "dot (Graphviz) or svg.")
    var format: GraphCommand.Format = .dot

    @Option(help: "Write the drawing to FILE instead of stdout.")
    var output: String?

    func run() throws {
        finish(
            GraphCommand.run(
                input.paths, options: input.validation, task: task, format: format, output: output,
                console: .standard))
    }
}

struct MergeReports: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the json reports of validate --shard K/N into the report one unsharded run writes.",
        discussion: """
            Give every shard's report once, in any order. The report is byte for byte the one \
            `validate` writes without --shard on the same inputs and options.

            Exit status: 0 every record valid; 1 some record rejected; 2 an input problem in the \
            run, a usage error, or reports that are not the N shards of one run (the statuses \
            the unsharded run would have).
            """
    )

    @Argument(help: "The shard reports (json), one per shard.")
    var reports: [String]

    @Option(help: "text, json or junit.")
    var format: ReportFormat = .text

    @Option(help: "Write the report to FILE instead of stdout.")
    var output: String?

    @Flag(help: "Text: only the summary.")
    var quiet = false

    func validate() throws {
        if let problem = StandardInputOnce.usageProblem(reports, givenAs: "REPORT") { throw ValidationError(problem) }
        if let problem = MergeReportsCommand.usageProblem(format) { throw ValidationError(problem) }
    }

    func run() throws {
        finish(MergeReportsCommand.run(reports, format: format, output: output, quiet: quiet, console: .standard))
    }
}

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

    func validate() throws {
        if let problem = ValidationOptions.usageProblem(jobs: jobs) { throw ValidationError(problem) }
        if let problem = StandardInputOnce.usageProblem(paths, givenAs: "PATH") { throw ValidationError(problem) }
    }

    func run() throws {
        var options = ValidationOptions()
        options.jobs = jobs ?? ParallelMap.availableCores
        options.cache = cache.opened
        finish(
            VerifyCommand.run(
                paths, options: options, console: .standard, progress: ProgressMeter.forTerminal(console: .standard)))
    }
}

struct Sign: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sign a node: fill author.publicKey/userId if absent, compute id and signature, print the node.",
        discussion:
            "Exit status: 0 signed; 1 the node is unusable (not a JSON object, an author that is not an object or names another key); 2 usage or I/O error, or a key file not in keygen's format. Warns when the key file is readable by group or others."
    )

    @Argument(help: ArgumentHelp("The node (a JSON file, or - for stdin).", valueName: "NODE"))
    var node: String = "-"

    @Option(help: ArgumentHelp("A key file written by keygen.", valueName: "FILE"))
    var key: String

    func validate() throws {
        if let problem = StandardInputOnce.usageProblem([(node, "NODE"), (key, "--key")]) {
            throw ValidationError(problem)
        }
    }

    func run() throws {
        finish(SignCommand.run(node: InputPath(node), keyPath: key, console: .standard))
    }
}

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

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare platforms' outputs (the exchange format of docs/platform-gate.md) with redo-conform's own results.",
        discussion: """
            For each vector and platform: agree, canonical drift (first differing byte, context, JSON path), \
            a hashing bug (same canonical bytes, other id), a signature that does not verify, or a signature \
            verdict that differs from libsodium's, platform-dependent when common verifiers accept that class. \
            A log's state hash is optional: one not produced is counted apart, and never fails.

            Exit status: 0 every platform agrees (platform-dependent verdicts allowed unless --strict); \
            1 any drift or missing result; 2 usage or I/O error.
            """
    )

    @Argument(help: ArgumentHelp("Outputs files written by platform harnesses.", valueName: "OUTPUT"))
    var outputs: [String]

    @Option(
        help: ArgumentHelp(
            "The inputs the platforms read (default: the shipped Vectors/platform/inputs.json).", valueName: "FILE"))
    var inputs: String?

    @Option(help: ArgumentHelp("text, json, junit or html (one self-contained file).", valueName: "FORMAT"))
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("Write the report to FILE instead of stdout.", valueName: "FILE"))
    var output: String?

    @OptionGroup var links: ProtocolLinkOption

    @Flag(help: "Count platform-dependent signature verdicts as drift.")
    var strict = false

    @Flag(name: .customLong("allow-missing"), help: "Do not fail on vectors a platform has no result for.")
    var allowMissing = false

    func validate() throws {
        let named = outputs.map { ($0, "OUTPUT") } + (inputs.map { [($0, "--inputs")] } ?? [])
        if let problem = StandardInputOnce.usageProblem(named) { throw ValidationError(problem) }
    }

    func run() throws {
        var options = CompareCommand.Options()
        options.inputs = inputs
        options.format = format
        options.output = output
        options.strict = strict
        options.allowMissing = allowMissing
        options.protocolURL = links.protocolURL
        finish(CompareCommand.run(outputs, options: options, console: .standard))
    }
}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare two exports of one account: the nodes that never synced, the copies and verdicts that differ, and every task field that comes out differently.",
        discussion: """
            A and B are each anything validate reads (a file, a directory, - for stdin, every export \
            shape), or a reconstructed state as reconstruct --format json prints it: a JSON object with \
            version, tasks, deleted and rejected and no format key. Nodes are compared when both sides \
            are logs; states always. Copies that differ only in their signatures (a randomized re-sign) \
            are counted and do not fail.

            Exit status: 0 equivalent; 1 differences; 2 usage error, or an input that could not be read.
            """
    )

    @Argument(help: ArgumentHelp("One side: a file, a directory, - for stdin, or a state JSON.", valueName: "A"))
    var a: String

    @Argument(help: ArgumentHelp("The other side, likewise.", valueName: "B"))
    var b: String

    @Option(help: "synced (signatures required) or local.")
    var profile: ValidationProfile = .synced

    @Option(
        help: ArgumentHelp(
            "text, json, junit or html (one self-contained file: both DAGs of each differing task side by side).",
            valueName: "FORMAT"))
    var format: DiffCommand.Format = .text

    @Option(help: "Write the report to FILE instead of stdout.")
    var output: String?

    @Option(help: ArgumentHelp("Report only this task.", valueName: "TASKID"))
    var task: String?

    @Option(
        help: ArgumentHelp(
            "Compare the current todos' urgency at this time too: \(TimeOption.accepted); a date means midnight.",
            valueName: "TIME"))
    var at: String?

    @OptionGroup var cache: CacheOption

    @OptionGroup var links: ProtocolLinkOption

    func validate() throws {
        if let problem = StandardInputOnce.usageProblem([(a, "A"), (b, "B")]) { throw ValidationError(problem) }
    }

    func run() throws {
        var options = DiffCommand.Options()
        options.validation.profile = profile
        options.validation.cache = cache.opened
        options.format = format
        options.output = output
        options.task = task
        options.at = at
        options.protocolURL = links.protocolURL
        finish(DiffCommand.run(a, b, options: options, console: .standard))
    }
}
