/// `redo-conform merge-reports R0.json … RN-1.json`: the N shard reports of one
/// validation run (`validate --shard K/N --format json`) as the report one unsharded run
/// writes, byte for byte, in text, json or junit; the exit status is that run's too.
import RedoValidation

package enum MergeReportsCommand {
    package static func run(
        _ paths: [String], format: ReportFormat, output: String?, quiet: Bool, warnings: Bool = false,
        console: Console
    ) -> ExitStatus {
        if let problem = usageProblem(format) {
            console.error("error: \(problem)")
            return .usageOrIO
        }
        let merged: MergedReport
        do { merged = try MergedReport.read(paths) } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        defer { KeptUntilExit.keep(merged) }
        return ValidateCommand.report(
            merged, format: format, profile: merged.profile, output: output, quiet: quiet, warnings: warnings,
            console: console
        ) { _ in preconditionFailure("html is refused by usageProblem") }
    }

    /// Why `format` cannot be merged, if it cannot: the html drawings need every record's
    /// place in its DAG, which shard reports do not keep.
    package static func usageProblem(_ format: ReportFormat) -> String? {
        format == .html ? "merge-reports writes text, json or junit; for html, run validate without --shard" : nil
    }
}
