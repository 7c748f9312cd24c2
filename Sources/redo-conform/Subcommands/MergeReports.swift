import ArgumentParser
import RedoConformKit
import RedoValidation

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

    @Flag(help: "Text: list the records that stand with warnings too (by default a line per warning code counts them).")
    var warnings = false

    func validate() throws {
        if let problem = StandardInputOnce.usageProblem(reports, givenAs: "REPORT") { throw ValidationError(problem) }
        if let problem = MergeReportsCommand.usageProblem(format) { throw ValidationError(problem) }
    }

    func run() throws {
        finish(
            MergeReportsCommand.run(
                reports, format: format, output: output, quiet: quiet, warnings: warnings, console: .standard))
    }
}
