import RedoCore
import RedoValidation

/// `redo-conform diff A B`: are two exports of one account converged, and where not, what
/// differs (docs/cli.md, "diff"). Exit status 0 equivalent (signature-only differences
/// included), 1 differences, 2 an input that could not be read.
package enum DiffCommand {
    /// The report formats of `diff`.
    package enum Format: String, CaseIterable, Sendable {
        case text, json, junit, html
    }

    package struct Options: Sendable {
        package var validation = ValidationOptions()
        package var format: Format = .text
        package var output: String?
        package var task: String?
        package var at: String?
        /// Where the html report's links to the protocol point.
        package var protocolURL = "PROTOCOL.md"
        package init() {}
    }

    package static func run(_ a: String, _ b: String, options: Options, console: Console) -> ExitStatus {
        var run = DiffRun(options: options.validation, task: options.task)
        run.keepsGraphs = options.format == .html
        if let at = options.at {
            switch TimeOption.parse(at) {
            case let .success(time): run.at = time
            case let .failure(failure):
                console.error("error: " + TimeOption.error(at, failure))
                return .usageOrIO
            }
        }
        let report = run.run(a, b)
        CacheUse.finish(options.validation.cache, console: console)
        // A mistyped TASKID would otherwise compare nothing and pass a gate.
        if let task = options.task, report.problems.isEmpty, report.comparedTasks.isEmpty {
            console.error("error: --task \(task): neither side holds this task")
            return .usageOrIO
        }
        let written = ReportOutput.write(to: options.output, console: console) { sink in
            switch options.format {
            case .text: DiffTextReport().write(report, to: &sink)
            case .json: DiffJSONReport.write(report, to: &sink)
            case .junit: DiffJUnitReport.write(report, to: &sink)
            case .html: DiffHtmlReport(protocolURL: options.protocolURL).write(report, to: &sink)
            }
        }
        guard written else { return .usageOrIO }
        if options.format != .text || options.output != nil {
            for problem in report.problems {
                console.error("error: \(problem.side) \(problem.path): \(problem.message)")
            }
        }
        return report.exitStatus
    }
}
