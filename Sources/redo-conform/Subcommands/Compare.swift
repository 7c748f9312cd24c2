import ArgumentParser
import RedoConformKit
import RedoValidation

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare platforms' outputs (the exchange format of docs/platform-gate.md) with redo-conform's own results.",
        discussion: """
            For each vector and platform: agree, canonical drift (first differing byte, context, JSON path, \
            and the bug class that explains the bytes), a hashing bug (same canonical bytes, other id), a \
            signature that does not verify, a signature verdict that differs from libsodium's \
            (platform-dependent when common verifiers accept that class), a client acceptance check that \
            accepts an invalid node or rejects a valid one, or a storage round trip that changes the node. \
            A log's state hash and an acceptance verdict are optional: one not given is counted apart, and \
            never fails.

            With --expected-drift, drift the baseline lists passes as known; new drift fails, and so does a \
            listed entry that now agrees, changed its tag or class, or names a vector the inputs no longer hold.

            Exit status: 0 every platform agrees, or drifts only as the baseline lists (platform-dependent \
            verdicts allowed unless --strict); 1 drift, a stale baseline entry or a missing result; 2 usage \
            or I/O error (an unreadable baseline, a selection of nothing).
            """
    )

    @Argument(help: ArgumentHelp("Outputs files written by platform harnesses.", valueName: "OUTPUT"))
    var outputs: [String]

    @Option(
        help: ArgumentHelp(
            "The inputs the platforms read (default: the shipped Vectors/platform/inputs.json).", valueName: "FILE"))
    var inputs: String?

    @Option(
        help: ArgumentHelp(
            "text, json, junit, html (one self-contained file) or markdown (a CI step summary).", valueName: "FORMAT"))
    var format: CompareCommand.Format = .text

    @Option(help: ArgumentHelp("Write the report to FILE instead of stdout.", valueName: "FILE"))
    var output: String?

    @OptionGroup var links: ProtocolLinkOption

    @Flag(help: "Count platform-dependent signature verdicts as drift.")
    var strict = false

    @Flag(name: .customLong("allow-missing"), help: "Do not fail on vectors a platform has no result for.")
    var allowMissing = false

    @Option(
        name: .customLong("expected-drift"),
        help: ArgumentHelp("A baseline of known drift (redo-conform/expected-drift, version 2).", valueName: "FILE"))
    var expectedDrift: String?

    @Option(
        name: .customLong("write-expected-drift"),
        help: ArgumentHelp("Write today's drift as a baseline to FILE (whole or not at all).", valueName: "FILE"))
    var writeExpectedDrift: String?

    @Option(
        help: ArgumentHelp(
            "Judge only vectors whose id or one of whose flags matches this glob (repeatable; any one selects).",
            valueName: "PATTERN"))
    var only: [String] = []

    @Option(
        help: ArgumentHelp(
            "Leave out vectors whose id or one of whose flags matches this glob (repeatable; after --only).",
            valueName: "PATTERN"))
    var skip: [String] = []

    func validate() throws {
        let named =
            outputs.map { ($0, "OUTPUT") } + (inputs.map { [($0, "--inputs")] } ?? [])
            + (expectedDrift.map { [($0, "--expected-drift")] } ?? [])
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
        options.expectedDrift = expectedDrift
        options.writeExpectedDrift = writeExpectedDrift
        options.selection = VectorSelection(only: only, skip: skip)
        finish(CompareCommand.run(outputs, options: options, console: .standard))
    }
}
