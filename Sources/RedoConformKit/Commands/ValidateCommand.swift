import Foundation
import RedoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

package enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, junit, html
}

/// `redo-conform validate PATH...`: every rule, on everything given, as one log.
package enum ValidateCommand {
    package static func run(
        _ operands: [String], options: ValidationOptions, format: ReportFormat, output: String?, quiet: Bool,
        protocolURL: String = "PROTOCOL.md", console: Console
    ) -> ExitStatus {
        let progress = quiet ? nil : ProgressMeter.forTerminal(console: console)
        let result = ValidationRun(options: options, progress: progress).run(operands)
        defer { KeptUntilExit.keep(result) }
        CacheUse.finish(options.cache, console: console)
        if let shard = options.shard {
            return writeShard(
                ShardReportView(result, shard: shard), profile: options.profile, output: output, console: console)
        }
        let written = ReportOutput.write(to: output, console: console) { sink in
            switch format {
            case .text:
                let color = output == nil && isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
                TextReport(color: color, quiet: quiet).write(result, to: &sink)
            case .json: JSONReport.write(result, profile: options.profile, to: &sink)
            case .junit: JUnitReport.write(result, to: &sink)
            case .html: HtmlReport(protocolURL: protocolURL).write(result, profile: options.profile, to: &sink)
            }
        }
        guard written else { return .usageOrIO }
        if format != .text || output != nil {
            for problem in result.problems { console.error("error: \(problem)") }
        }
        return status(result)
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
