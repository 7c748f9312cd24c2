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
        defer { KeptUntilExit.keep(result) }
        guard written else { return .usageOrIO }
        if format != .text || output != nil {
            for problem in result.problems { console.error("error: \(problem)") }
        }
        return status(result)
    }

    /// 2 when an input could not be read (the check is incomplete), else 1 when any
    /// record was rejected, else 0. Warnings do not fail.
    static func status(_ result: ValidationResult) -> ExitStatus {
        if !result.problems.isEmpty { return .usageOrIO }
        return result.verdict.records.contains { $0.status == .rejected } ? .findings : .ok
    }
}
