import Foundation
import RedoCore
import RedoValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `redo-conform validate PATH...`: every rule, on everything given, as one log.
package enum ValidateCommand {
    package static func run(
        _ operands: [String], options: ValidationOptions, format: ReportFormat, output: String?, quiet: Bool,
        warnings: Bool = false, protocolURL: String = "PROTOCOL.md", console: Console
    ) -> ExitStatus {
        let progress = quiet ? nil : ProgressMeter.forTerminal(console: console)
        let result = ValidationRun(options: options, progress: progress).run(operands)
        defer { KeptUntilExit.keep(result) }
        return CacheUse.finish(options.cache, console: console) {
            if let shard = options.shard {
                return writeShard(
                    ShardReportView(result, shard: shard), profile: options.profile, output: output, console: console)
            }
            return report(
                result, format: format, profile: options.profile, output: output, quiet: quiet, warnings: warnings,
                console: console
            ) { sink in
                HtmlReport(protocolURL: protocolURL, recordOptions: options).write(
                    result, profile: options.profile, to: &sink)
            }
        }
    }

    /// Writes `run`'s report (html through `html`: only a whole run can draw its DAGs),
    /// then, unless the text report already showed them on the terminal, the input
    /// problems on stderr; returns the run's exit status.
    static func report(
        _ run: some ReportedRun, format: ReportFormat, profile: ValidationProfile, output: String?, quiet: Bool,
        warnings: Bool = false, console: Console, html: (inout ReportSink) -> Void
    ) -> ExitStatus {
        let written = ReportOutput.write(to: output, console: console) { sink in
            switch format {
            case .text:
                let color = output == nil && isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
                TextReport(color: color, quiet: quiet, warnings: warnings).write(run, to: &sink)
            case .json: JSONReport.write(run, profile: profile, to: &sink)
            case .junit: JUnitReport.write(run, to: &sink)
            case .html: html(&sink)
            }
        }
        guard written else { return .usageOrIO }
        if format != .text || output != nil {
            for problem in run.problems { console.error("error: \(problem)") }
        }
        return status(run)
    }

    /// A shard's json report (the one format `merge-reports` reads); its status is the
    /// one of its own records, and the input problems are shard 0's.
    private static func writeShard(
        _ view: ShardReportView, profile: ValidationProfile, output: String?, console: Console
    ) -> ExitStatus {
        let written = ReportOutput.write(to: output, console: console) { sink in
            JSONReport.write(view, profile: profile, shard: view.extras, to: &sink)
        }
        guard written else { return .usageOrIO }
        for problem in view.problems { console.error("error: \(problem)") }
        return status(view)
    }

    /// 2 when an input could not be read (the check is incomplete), else 1 when any
    /// record was rejected, else 0. Warnings do not fail.
    static func status(_ result: some ReportedRun) -> ExitStatus {
        if !result.problems.isEmpty { return .usageOrIO }
        return (0..<result.recordCount).contains { result.status($0) == .rejected } ? .findings : .ok
    }
}
