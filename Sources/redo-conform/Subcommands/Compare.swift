import ArgumentParser
import RedoConformKit
import RedoValidation

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
