import RedoCore
import RedoCrypto
import RedoJSON
import RedoText
import RedoValidation

/// The human report: rejected records grouped by task, one line each (source, id prefix,
/// code, rule, message of the primary finding, and how many more), root causes first with
/// the records rejected only as their descendants folded into one line beneath each
/// (`RootCauses`), then a summary by code. Records that stand with warnings are summed up
/// in one line per warning code, with the option that lists them (`warnings`): listed one
/// by one, a log whose DELETEs all warn would bury its errors between warning-only tasks.
///
/// Every piece of text reaches the sink through `show`, which escapes what a terminal
/// would obey or read as a new line (`MessageText.displayed`) before painting: a taskId,
/// id, file name or message from the input can neither forge a report line nor send an
/// escape sequence, and the only escapes in the report are the colours painted here.
package struct TextReport {
    package var color = false
    package var quiet = false
    /// Whether records that stand with warnings get lines (and their tasks blocks) too.
    package var warnings = false

    /// How users ask for the records with warnings.
    package static let warningsOption = "--warnings"

    package init(color: Bool = false, quiet: Bool = false, warnings: Bool = false) {
        self.color = color
        self.quiet = quiet
        self.warnings = warnings
    }

    /// `text` made safe to show, then painted with SGR `code` when colour is on.
    private func show(_ text: String, _ code: String? = nil) -> String {
        let shown = MessageText.displayed(text)
        guard color, let code else { return shown }
        return "\u{1B}[\(code)m\(shown)\u{1B}[0m"
    }

    package func write(_ result: some ReportedRun, to sink: inout ReportSink) {
        let summary = ReportSummary(result)
        for problem in result.problems {
            sink.write(show("error", "1;31") + show(": \(problem)") + "\n")
        }
        if !quiet {
            for task in RootCauses(result).tasks where warnings || task.rejectedCount > 0 {
                sink.write(
                    show(task.taskId.isEmpty ? "records without a readable taskId" : "task \(task.taskId)", "1") + "\n")
                for root in task.roots {
                    writeRecord(root.record, result, to: &sink)
                    if !root.descendants.isEmpty {
                        let folded =
                            "+\(root.descendants.count) \(root.descendants.count == 1 ? "descendant" : "descendants") rejected: "
                        sink.write(show("      " + folded) + show(ErrorCode.ancestorRejected.rawValue, "31") + "\n")
                    }
                }
                for index in task.unattached + (warnings ? task.warned : []) { writeRecord(index, result, to: &sink) }
            }
        }
        var line =
            "\(counted(summary.records, "record")), \(counted(summary.nodes, "node")): \(summary.valid) valid, \(summary.rejected) rejected, \(counted(summary.duplicates, "duplicate"))"
        if summary.warnings > 0 { line += ", \(summary.warnings) with warnings" }
        if summary.deletedTasks > 0 { line += "; \(counted(summary.deletedTasks, "task")) deleted" }
        if !result.problems.isEmpty { line += "; \(counted(result.problems.count, "input problem"))" }
        sink.write(show(line) + "\n")
        for code in summary.byCode.keys.sorted() {
            sink.write("  " + show(code.rawValue, "31") + show("  \(summary.byCode[code]!)") + "\n")
        }
        let hint = warnings ? "" : " (\(Self.warningsOption) lists them)"
        for code in summary.warningsByCode.keys.sorted() {
            let count = summary.warningsByCode[code]!
            sink.write(
                "  " + show(code.rawValue, "33")
                    + show("  \(count) \(count == 1 ? "record stands" : "records stand") with this warning\(hint)")
                    + "\n")
        }
    }

    /// One line per record, the layout users read: its primary finding (the
    /// first error with its primary code; for a record that stands, its first warning)
    /// and how many more it has. A record missing every key would otherwise take nine
    /// lines; `--format json` lists every finding.
    private func writeRecord(_ index: Int, _ result: some ReportedRun, to sink: inout ReportSink) {
        let findings = result.findings(index)
        let rejected = result.status(index) == .rejected
        let listed = rejected ? findings : findings.filter { $0.severity == .warning }
        guard let lead = (rejected ? listed.primaryFinding : nil) ?? listed.first else { return }
        let id = result.claimedId(index).map { String($0.prefix(15)) } ?? "(no id)"
        let code = show(lead.code.rawValue, lead.severity == .warning ? "33" : "31")
        var line =
            show("  \(result.source(index))  \(id)  ") + code + "  " + show(lead.rule.id, "2")
            + show("  \(lead.path): \(lead.message)")
        if listed.count > 1 {
            line += "  " + show("(+\(counted(listed.count - 1, "more finding")))", "2")
        }
        sink.write(line + "\n")
    }
}
