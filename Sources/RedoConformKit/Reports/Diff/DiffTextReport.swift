import RedoText

/// The screen report: both sides in one line each, the count of every kind of difference,
/// then the first few of each kind grouped by task, and how many more the json report
/// holds. Every piece of input text is escaped (`MessageText.displayed`), as in the other
/// reports.
package struct DiffTextReport {
    /// Differences shown per kind: enough to see the pattern, few enough for one screen.
    package var perKind = 5

    package init(perKind: Int = 5) { self.perKind = perKind }

    package func write(_ report: DiffReport, to sink: inout ReportSink) {
        func line(_ text: String) { sink.write(MessageText.displayed(text) + "\n") }
        for problem in report.problems { line("error: \(problem.side) \(problem.path): \(problem.message)") }
        for side in report.sides { line(describe(side)) }
        guard report.problems.isEmpty else {
            line("not compared: an input could not be read")
            return
        }
        let bothLogs = report.sides.allSatisfy { $0.kind == .log }
        var counts: [String] = []
        if bothLogs {
            counts = report.nodeCounts.map { "\($1) \($0 == .resigned ? "re-signed" : $0.rawValue)" }
            counts.append("\(report.unreadable) without an id")
            line("nodes: " + counts.joined(separator: ", "))
        }
        var stateCounts = report.stateCounts.map { "\($1) \($0.rawValue)" }
        if report.sides.contains(where: { $0.kind == .state }) {
            stateCounts.append("\(report.rejected.count) rejected")
        }
        line("state: " + stateCounts.joined(separator: ", "))

        var shown: [String: Int] = [:]
        var total = 0
        var hidden = 0
        func take(_ kind: String) -> Bool {
            total += 1
            guard shown[kind, default: 0] < perKind else {
                hidden += 1
                return false
            }
            shown[kind, default: 0] += 1
            return true
        }
        for task in report.tasks {
            var lines: [String] = []
            for d in task.nodes where take("node " + d.kind.rawValue) { lines.append("  " + DiffLines.node(d)) }
            for d in task.state where take("state " + d.kind.rawValue) { lines.append("  " + DiffLines.state(d)) }
            guard !lines.isEmpty else { continue }
            line(task.taskId.isEmpty ? "records without a readable taskId" : "task \(task.taskId)")
            for text in lines { line(text) }
        }
        var rejectedLines: [String] = []
        for d in report.rejected where take("rejected") { rejectedLines.append("  " + DiffLines.rejected(d)) }
        if !rejectedLines.isEmpty {
            line("rejected ids")
            for text in rejectedLines { line(text) }
        }
        if hidden > 0 { line("\(hidden) more of \(total) differences: --format json lists every one") }
        line(DiffLines.conclusion(report))
    }

    private func describe(_ side: DiffReport.Side) -> String {
        let state = "\(counted(side.tasks, "task")), \(side.deleted) deleted"
        switch side.kind {
        case .state: return "\(side.name)  \(side.path)  state: \(state)"
        case .log:
            return
                "\(side.name)  \(side.path)  log: \(counted(side.records ?? 0, "record")), \(counted(side.nodes ?? 0, "node")): \(side.valid ?? 0) valid, \(side.rejected ?? 0) rejected, \(counted(side.duplicates ?? 0, "duplicate")); \(state)"
        }
    }
}
