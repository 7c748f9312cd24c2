import ArgumentParser
import RedoConformKit
import RedoValidation

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

    @Flag(help: "Text: list the records that stand with warnings too (by default a line per warning code counts them).")
    var warnings = false

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
                input.paths, options: options, format: format, output: output, quiet: quiet, warnings: warnings,
                protocolURL: links.protocolURL, console: .standard))
    }
}
