import RedoCore
import RedoJSON
import RedoText

/// `diff --format html`: one self-contained file, in the frame and with the escaping of
/// the other html reports. At the top, the verdict (equivalent or differ), both sides, and
/// the count of each kind of difference (the json report's `summary`, same numbers). Then
/// each task that differs: its DAG on A (left) and on B (right), drawn as `validate`'s
/// report draws them, with the nodes one side holds alone ringed and tagged `only in A` or
/// `only in B`, and those whose copies or verdicts differ tagged `differs`; below them,
/// the nodes that differ and the state that differs (JSON path, A's value, B's value). A
/// side that is a state JSON has no DAG: its column says so. Two equivalent inputs make a
/// short page that says so.
///
/// Bounded whatever the inputs: at most `maxShownTasks` task sections, whose drawings
/// share at most `maxDrawnBoxes` boxes (each drawing at most `GraphLayout.maxBoxes`); the
/// other differing tasks are rows of a table, at most `maxListedTasks`; a section lists at
/// most `maxRowsPerTable` differences of each table; at most `maxRejected` rejected ids and
/// `maxProblems` input problems; every text cut at `HTMLText.maxCharacters`, values at
/// `valueLimit`. Each cut says how many more the json report holds.
package struct DiffHtmlReport {
    package var maxShownTasks = HtmlReport.maxDrawnTasks
    package var maxDrawnBoxes = HtmlReport.maxDrawnBoxes
    package var maxListedTasks = 5000
    package var maxRowsPerTable = 40
    package var maxRejected = 1000
    package static let maxProblems = HtmlReport.maxProblems
    package static let valueLimit = 200

    /// Where the links of codes to the protocol point (as for `validate`).
    package var protocolURL: String

    package init(protocolURL: String = "PROTOCOL.md") { self.protocolURL = protocolURL }

    package func write(_ report: DiffReport, to sink: inout ReportSink) {
        var page = HtmlPage(title: "redo-conform diff report")
        var note = report.sides.map { "\($0.name) \($0.path)" }.joined(separator: " against ")
        note += ", profile \(report.profile.rawValue)"
        if let at = report.at { note += ", urgency at \(at)" }
        if let task = report.task { note += ", task \(task) only" }
        page.heading("Diff report", note: note + ", \(RedoConformVersion.text)")
        writeSummary(report, &page)
        if report.problems.isEmpty && !report.equivalent {
            writeTasks(report, &page)
            writeRejected(report.rejected, &page)
        }
        page.finish(to: &sink)
    }

    // MARK: - Summary

    private func writeSummary(_ report: DiffReport, _ page: inout HtmlPage) {
        page.add("<section id=\"summary\"><h2>Summary</h2>")
        let (verdict, style) =
            !report.problems.isEmpty
            ? ("not compared: an input could not be read", "missing")
            : (DiffLines.conclusion(report), report.equivalent ? "agree" : "drift")
        page.add("<p class=\"verdict \(style)\">\(HTMLText.escaped(verdict))</p>")
        page.add(
            "<table class=\"platforms\"><tr><th>side</th><th>path</th><th>kind</th><th>records</th><th>nodes</th><th>valid</th><th>rejected</th><th>duplicates</th><th>without an id</th><th>tasks</th><th>deleted</th></tr>"
        )
        for side in report.sides {
            let counts = [side.records, side.nodes, side.valid, side.rejected, side.duplicates, side.unreadable]
            page.add(
                "<tr><th>\(HTMLText.escaped(side.name))</th><td><code>\(HTMLText.escaped(side.path))</code></td><td>\(side.kind.rawValue)</td>"
                    + counts.map { "<td>\($0.map(String.init) ?? "—")</td>" }.joined()
                    + "<td>\(side.tasks)</td><td>\(side.deleted)</td></tr>")
        }
        page.add("</table>")
        if !report.problems.isEmpty {
            page.add("<h3>Input problems</h3>")
            page.problems(
                report.problems.map { ("\($0.side) \($0.path)", $0.message) }, limit: Self.maxProblems)
            page.add("</section>")
            return
        }
        page.add("<h3>Differences by kind</h3>")
        page.counts(report.summaryCounts.map { ("\($0.key): \(Self.meaning[$0.key] ?? "")", $0.count) })
        page.add(
            "<p class=\"more\">The same counts as the <code>summary</code> of <code>--format json</code>, which lists every difference.</p></section>"
        )
    }

    /// What each count of the summary counts.
    private static let meaning: [String: String] = [
        "tasksCompared": "tasks either side holds", "tasksDiffering": "tasks that differ",
        "missing": "nodes on one side only", "altered": "copies whose id is not their hash",
        "resigned": "copies that differ only in their signatures (never a difference)",
        "verdict": "nodes valid on one side, rejected on the other, or with other codes",
        "task": "tasks in one state only", "deleted": "tasks deleted on one side only",
        "field": "task fields", "todo": "todos, or their fields", "urgency": "current todos' urgency at --at",
        "rejected": "rejected ids (a side that is a state)", "unreadable": "records without an id",
    ]

    // MARK: - Tasks

    private struct Shown {
        let task: DiffReport.TaskDifferences
        let layouts: [GraphLayout?]
    }

    private func writeTasks(_ report: DiffReport, _ page: inout HtmlPage) {
        let differing = report.tasks.filter(\.differs)
        page.add("<section id=\"tasks\"><h2>Tasks that differ (\(differing.count))</h2>")
        guard !differing.isEmpty else {
            page.add("<p>None: no task differs.</p></section>")
            return
        }
        let (shown, listed) = choose(differing)
        // Nodes are compared, and so marked, only between two logs.
        if report.sides.allSatisfy({ $0.kind == .log }) {
            page.graphLegend(marks: [.onlyIn("A"), .onlyIn("B"), .differs])
        } else if report.sides.contains(where: { $0.kind == .log }) {
            page.graphLegend()
        }
        if !listed.isEmpty {
            page.add(
                "<p>\(counted(shown.count, "task")) shown below; \(counted(listed.count, "more task")) "
                    + "<a href=\"#undrawn\">listed in a table</a> after them (<code>--task TASKID</code> shows one; "
                    + "<code>--format json</code> lists every difference).</p>")
        }
        page.add("<nav><ul class=\"index\">")
        for (number, entry) in shown.enumerated() {
            page.add(
                "<li><a href=\"#t\(number)\">\(HtmlPage.taskTitle(entry.task.taskId))</a> — \(Self.tally(entry.task))</li>"
            )
        }
        page.add("</ul></nav>")
        for (number, entry) in shown.enumerated() { writeTask(number, entry, report.sides, &page) }
        if !listed.isEmpty { writeTable(listed, &page) }
        page.add("</section>")
    }

    /// The tasks given a section, in taskId order while the caps allow, each with its
    /// drawings; the rest, for the table.
    private func choose(_ tasks: [DiffReport.TaskDifferences]) -> (
        shown: [Shown], listed: [DiffReport.TaskDifferences]
    ) {
        var shown: [Shown] = []
        var listed: [DiffReport.TaskDifferences] = []
        var boxes = 0
        for task in tasks {
            let graphs = [task.graphs?.a, task.graphs?.b]
            let drawn = graphs.contains { $0 != nil }
            guard shown.count < maxShownTasks, !drawn || boxes < maxDrawnBoxes || shown.isEmpty else {
                listed.append(task)
                continue
            }
            let remaining = maxDrawnBoxes - boxes
            var needed = 0
            var layouts: [GraphLayout?] = []
            for (index, graph) in graphs.enumerated() {
                guard let graph else {
                    layouts.append(nil)
                    continue
                }
                let budget = max(1, min(GraphLayout.maxBoxes, remaining - needed))
                let layout = GraphLayout(Self.marked(graph, onA: index == 0, task.nodes), maxBoxes: budget)
                needed += layout.boxes.count
                layouts.append(layout)
            }
            if needed <= remaining || shown.isEmpty {
                boxes += needed
                shown.append(Shown(task: task, layouts: layouts))
            } else {
                listed.append(task)
            }
        }
        return (shown, listed)
    }

    /// A's or B's graph, its nodes marked against the other side: an id only one side
    /// holds (on the other, a dashed parent it lacks), tagged with that side; an id whose
    /// copies or verdicts differ.
    static func marked(_ graph: TaskGraph, onA: Bool, _ differences: [DiffReport.NodeDifference]) -> TaskGraph {
        var marks: [BytewiseString: GraphMark] = [:]
        for difference in differences {
            switch difference.kind {
            case .missing:
                marks[BytewiseString(difference.id)] = .onlyIn(difference.a == nil ? "B" : "A")
            case .altered, .verdict: marks[BytewiseString(difference.id)] = .differs
            case .resigned: break
            }
        }
        guard !marks.isEmpty else { return graph }
        var graph = graph
        for k in graph.nodes.indices { graph.nodes[k].mark = marks[BytewiseString(graph.nodes[k].id)] }
        return graph
    }

    /// "2 nodes only in A, 1 verdict; 3 state differences": what a task's differences are.
    static func tally(_ task: DiffReport.TaskDifferences) -> String {
        var parts: [String] = []
        let onlyA = task.nodes.filter { $0.kind == .missing && $0.b == nil }.count
        let onlyB = task.nodes.filter { $0.kind == .missing && $0.a == nil }.count
        if onlyA > 0 { parts.append("\(counted(onlyA, "node")) only in A") }
        if onlyB > 0 { parts.append("\(counted(onlyB, "node")) only in B") }
        for kind in [DiffReport.NodeKind.altered, .verdict, .resigned] {
            let count = task.nodes.filter { $0.kind == kind }.count
            if count > 0 { parts.append("\(count) \(kind == .resigned ? "re-signed" : kind.rawValue)") }
        }
        if !task.state.isEmpty { parts.append(counted(task.state.count, "state difference")) }
        return parts.joined(separator: ", ")
    }

    private func writeTask(_ number: Int, _ entry: Shown, _ sides: [DiffReport.Side], _ page: inout HtmlPage) {
        let task = entry.task
        // Where to look first: drawings are tall, and the marks may be far down.
        let first = entry.layouts.compactMap { $0.flatMap(Self.firstMark) }.min().map {
            " The first marked node drawn is at lamport \($0)."
        }
        page.add(
            "<section class=\"task\" id=\"t\(number)\"><h3>Task \(HtmlPage.taskTitle(task.taskId))</h3><p>\(Self.tally(task)).\(first ?? "")</p><div class=\"sides\">"
        )
        for (index, side) in sides.enumerated() {
            page.add(
                "<div class=\"side\"><h4>\(HTMLText.escaped(side.name)) <code>\(HTMLText.escaped(side.path))</code></h4>"
            )
            if side.kind == .state {
                page.add(
                    "<p class=\"more\">\(HTMLText.escaped(side.name)) is a state JSON: no log, no DAG to draw.</p>")
            } else if index < entry.layouts.count, let layout = entry.layouts[index] {
                page.add(
                    "<p class=\"more\">\(counted(layout.graph.nodes.count, "node")) in \(counted(layout.layerLamports.count, "layer")).</p><div class=\"dag\">"
                        + GraphSVG.svg(layout) + "</div>")
            } else {
                page.add("<p class=\"more\">No record of this task in \(HTMLText.escaped(side.name)).</p>")
            }
            page.add("</div>")
        }
        page.add("</div>")
        if !task.nodes.isEmpty {
            page.add(
                "<h4>Nodes that differ</h4><table class=\"findings diffs nodes\"><tr><th>kind</th><th>id</th><th>A</th><th>B</th></tr>"
            )
            for d in task.nodes.prefix(maxRowsPerTable) {
                let kind: String
                switch (d.kind, d.a, d.b) {
                case (.missing, _, nil): kind = "missing: only in A"
                case (.missing, nil, _): kind = "missing: only in B"
                case (.resigned, _, _): kind = "re-signed (signatures only)"
                default: kind = d.kind.rawValue
                }
                page.add(
                    "<tr><td>\(kind)</td><td><code>\(HTMLText.escaped(d.id))</code></td><td>\(verdict(d.a))</td><td>\(verdict(d.b))</td></tr>"
                )
            }
            page.add(more(task.nodes.count, columns: 4) + "</table>")
        }
        if !task.state.isEmpty {
            page.add(
                "<h4>State that differs</h4><table class=\"findings diffs state\"><tr><th>kind</th><th>JSON path</th><th>A</th><th>B</th></tr>"
            )
            for d in task.state.prefix(maxRowsPerTable) {
                page.add(
                    "<tr><td>\(d.kind.rawValue)</td><td><code>\(HTMLText.escaped(d.path == "$" ? "$ (the task)" : d.path))</code></td><td>\(value(d.a))</td><td>\(value(d.b))</td></tr>"
                )
            }
            page.add(more(task.state.count, columns: 4) + "</table>")
        }
        page.add("</section>")
    }

    /// The lowest lamport of a marked box the drawing shows (a folded run: its first).
    private static func firstMark(_ layout: GraphLayout) -> Int64? {
        let nodes = layout.graph.nodes
        return layout.boxes.compactMap { box -> Int64? in
            switch box.content {
            case let .node(k), let .run(k, _, _): return nodes[k].mark == nil ? nil : nodes[k].lamport
            case .more: return nil
            }
        }.min()
    }

    private func verdict(_ verdict: DiffReport.NodeVerdict?) -> String {
        guard let verdict else { return "<span class=\"more\">absent</span>" }
        return verdict.code.map { HtmlPage.codeLink($0, protocolURL: protocolURL) } ?? "valid"
    }

    private func value(_ value: JSONValue?) -> String {
        guard value != nil else { return "<span class=\"more\">(absent)</span>" }
        return "<code>\(HTMLText.escaped(DiffLines.value(value, limit: Self.valueLimit)))</code>"
    }

    /// The row that says how many rows of `count` the table left out, if any.
    private func more(_ count: Int, columns: Int) -> String {
        guard count > maxRowsPerTable else { return "" }
        return
            "<tr><td colspan=\"\(columns)\" class=\"more\">… and \(count - maxRowsPerTable) more (see <code>--format json</code>)</td></tr>"
    }

    private func writeTable(_ tasks: [DiffReport.TaskDifferences], _ page: inout HtmlPage) {
        page.add("<h3 id=\"undrawn\">Tasks not shown</h3><table class=\"findings diffs\">")
        page.add("<tr><th>task</th><th>differences</th><th>first difference</th></tr>")
        for task in tasks.prefix(maxListedTasks) {
            let first = task.nodes.first.map(DiffLines.node) ?? task.state.first.map(DiffLines.state) ?? ""
            page.add(
                "<tr><td>\(HtmlPage.taskTitle(task.taskId))</td><td>\(Self.tally(task))</td><td><code>\(HTMLText.escaped(first, limit: Self.valueLimit))</code></td></tr>"
            )
        }
        if tasks.count > maxListedTasks {
            page.add(
                "<tr><td colspan=\"3\" class=\"more\">… and \(tasks.count - maxListedTasks) more tasks that differ (see <code>--format json</code>)</td></tr>"
            )
        }
        page.add("</table>")
    }

    private func writeRejected(_ rejected: [DiffReport.RejectedDifference], _ page: inout HtmlPage) {
        guard !rejected.isEmpty else { return }
        page.add(
            "<section id=\"rejected\"><h2>Rejected ids that differ (\(rejected.count))</h2><table class=\"findings diffs\"><tr><th>id</th><th>A</th><th>B</th></tr>"
        )
        for d in rejected.prefix(maxRejected) {
            let cells = [d.a, d.b].map { code in
                code.map { "<code>\(HTMLText.escaped($0))</code>" } ?? "<span class=\"more\">absent</span>"
            }
            page.add("<tr><td><code>\(HTMLText.escaped(d.id))</code></td><td>\(cells[0])</td><td>\(cells[1])</td></tr>")
        }
        if rejected.count > maxRejected {
            page.add(
                "<tr><td colspan=\"3\" class=\"more\">… and \(rejected.count - maxRejected) more (see <code>--format json</code>)</td></tr>"
            )
        }
        page.add("</table></section>")
    }
}
