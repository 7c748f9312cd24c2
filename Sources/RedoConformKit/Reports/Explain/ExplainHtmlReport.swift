import RedoCore
import RedoText

/// `explain --format html`: the task's DAG (drawn as every html report draws one, within
/// `GraphLayout`'s bounds) beside its timeline, and the end. A timeline longer than
/// `maxRows` shows its first and last rows and says how many are left out (text and
/// json list every node), so a million-node task still makes a page a browser opens.
enum ExplainHtmlReport {
    /// Timeline rows drawn at most: half from the start, half from the end.
    static let maxRows = 2000

    static func write(_ explanation: TaskExplanation, protocolURL: String, to sink: inout ReportSink) {
        func escaped(_ text: String) -> String { HTMLText.escaped(text) }
        var page = HtmlPage(title: "explain \(explanation.taskId)")
        let rejected = explanation.entries.lazy.filter { $0.verdict == "rejected" }.count
        page.heading(
            "What happened to \(explanation.lastTitle.map { "\"\($0)\"" } ?? explanation.taskId)",
            note: "task \(explanation.taskId): \(explanation.entries.count) nodes, \(rejected) rejected")
        page.add("<h2>End</h2><ul>")
        for line in ExplainWords.ending(explanation) { page.add("<li>\(escaped(line))</li>") }
        page.add("</ul>")
        if !explanation.finalState.isEmpty {
            page.add("<table class=\"counts\">")
            for line in explanation.finalState {
                page.add("<tr><th>\(escaped(line.field))</th><td><code>\(escaped(line.new))</code></td></tr>")
            }
            page.add("</table>")
        }
        if !explanation.titles.isEmpty {
            page.add(
                "<p>Titles: \(explanation.titles.map { "<q>\(escaped($0))</q>" }.joined(separator: ", "))</p>")
        }
        page.add("<div class=\"explain\"><div class=\"dag\">")
        if var graph = explanation.graph {
            var entryOfId: [String: Int] = [:]
            for (k, entry) in explanation.entries.enumerated() { entryOfId[entry.id] = k }
            // The timeline's records were read again for their device: the boxes show it too.
            for k in graph.nodes.indices {
                if let entry = entryOfId[graph.nodes[k].id] {
                    graph.nodes[k].details = explanation.entries[entry].details
                }
            }
            let drawn = Self.drawnRows(explanation.entries.count)
            page.add(
                GraphSVG.svg(GraphLayout(graph)) { k in
                    guard let entry = entryOfId[graph.nodes[k].id], drawn(entry) else { return nil }
                    return "#e\(entry)"
                })
        }
        page.graphLegend()
        page.add("</div><div><table class=\"findings timeline\">")
        page.add("<tr><th>#</th><th>lamport, wall</th><th>node</th><th>who</th><th>what</th><th>verdict</th></tr>")
        let count = explanation.entries.count
        let drawn = Self.drawnRows(count)
        for (k, entry) in explanation.entries.enumerated() {
            if !drawn(k) {
                if k == maxRows / 2 {
                    page.add(
                        "<tr class=\"fold\"><td colspan=\"6\">… \(count - maxRows) nodes more: "
                            + "<code>--format text</code> and <code>--format json</code> list every one</td></tr>")
                }
                continue
            }
            page.add(row(k, entry, protocolURL: protocolURL))
        }
        page.add("</table></div></div>")
        page.finish(to: &sink)
    }

    /// Whether row `k` of `count` is drawn.
    static func drawnRows(_ count: Int) -> @Sendable (Int) -> Bool {
        { k in count <= maxRows || k < maxRows / 2 || k >= count - maxRows / 2 }
    }

    private static func row(_ k: Int, _ entry: TaskExplanation.Entry, protocolURL: String) -> String {
        func escaped(_ text: String) -> String { HTMLText.escaped(text) }
        let rowClass = entry.verdict == "rejected" ? " class=\"rejected\"" : ""
        var what = "<b>\(escaped(entry.action ?? "?"))</b>"
        if entry.action == "MERGE" {
            what +=
                "<br>merges "
                + entry.parents.map { "<code>\(escaped(GraphSVG.shortId($0)))</code>" }.joined(separator: ", ")
        }
        let applied = entry.verdict == "rejected" ? "would set " : ""
        for change in entry.changes { what += "<br>\(applied)\(escaped(ExplainWords.change(change)))" }
        if !entry.forksInto.isEmpty { what += "<br>forks into \(entry.forksInto.count) branches" }
        var verdict = escaped(entry.verdict)
        if let code = entry.code {
            verdict += " " + HtmlPage.codeLink(code, protocolURL: protocolURL)
            verdict +=
                entry.rootCauses.isEmpty
                ? " (root cause)"
                : "<br>root cause "
                    + entry.rootCauses.map { "<code title=\"\(escaped($0))\">\(escaped(GraphSVG.shortId($0)))</code>" }
                    .joined(separator: ", ")
        }
        if entry.deleted { verdict += "<br>deleted" }
        if let finding = entry.findings.first {
            verdict +=
                "<br><small>\(escaped(finding))\(entry.findings.count > 1 ? " (+\(entry.findings.count - 1))" : "")</small>"
        }
        return "<tr id=\"e\(k)\"\(rowClass)><td>\(k + 1)</td>"
            + "<td>\(entry.lamport.map(String.init) ?? "?")<br><code>\(escaped(entry.wall ?? "?"))</code></td>"
            + "<td><code title=\"\(escaped(entry.id))\">\(escaped(GraphSVG.shortId(entry.id)))</code>"
            + "<br><small>\(escaped(entry.sources.first ?? ""))</small></td>"
            + "<td>\(escaped(ExplainWords.device(entry.details)))<br><small>\(escaped(ExplainWords.author(entry.details)))</small></td>"
            + "<td>\(what)</td><td>\(verdict)</td></tr>"
    }
}
