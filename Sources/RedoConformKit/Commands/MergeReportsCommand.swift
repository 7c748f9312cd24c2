import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `redo-conform merge-reports R0.json … RN-1.json`: the N shard reports of one
/// validation run (`validate --shard K/N --format json`) as the report one unsharded run
/// writes, byte for byte, in any format; the exit status is that run's too.
package enum MergeReportsCommand {
    package static func run(
        _ paths: [String], format: ReportFormat, output: String?, quiet: Bool, console: Console
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
        let written = ReportOutput.write(to: output, console: console) { sink in
            switch format {
            case .text:
                let color = output == nil && isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
                TextReport(color: color, quiet: quiet).write(merged, to: &sink)
            case .json: JSONReport.write(merged, profile: merged.profile, to: &sink)
            case .junit: JUnitReport.write(merged, to: &sink)
            case .html: preconditionFailure("refused by usageProblem")
            }
        }
        guard written else { return .usageOrIO }
        if format != .text || output != nil {
            for problem in merged.problems { console.error("error: \(problem)") }
        }
        return ValidateCommand.status(merged)
    }

    /// Why `format` cannot be merged, if it cannot: the html drawings need every record's
    /// place in its DAG, which shard reports do not keep.
    package static func usageProblem(_ format: ReportFormat) -> String? {
        format == .html ? "merge-reports writes text, json or junit; for html, run validate without --shard" : nil
    }
}
