import RedoCore
import RedoCrypto
import RedoJSON
import RedoText
import RedoValidation

/// `validate --format html`: one self-contained file — no network, no script, no external
/// font or stylesheet — that reads in any browser: the summary with a bar chart of
/// rejected records by code, the input problems, then each task with findings (most
/// records rejected first), its DAG drawn (`GraphSVG`) above its root causes, each with its descendants folded beneath it
/// (`RootCauses`). Codes and rules link to their sections of PROTOCOL.md.
///
/// Bounded whatever the log: at most `maxDrawnTasks` tasks drawn, sharing at most
/// `maxDrawnBoxes` boxes (each task at most `GraphLayout.maxBoxes`); the other tasks with
/// findings are rows of a table, at most `maxListedTasks`; at most `maxDeletedListed`
/// deleted tasks are rows of the last section, with their total; a task lists at most
/// `maxRootsPerTask` root causes and a root at most `maxDescendantsListed` descendants;
/// at most `maxProblems` input problems; every text cut at `HTMLText.maxCharacters`.
package struct HtmlReport {
    package static let maxDrawnTasks = 100
    package static let maxDrawnBoxes = 4000
    package static let maxListedTasks = 10_000
    package static let maxRootsPerTask = 100
    package static let maxDescendantsListed = 20
    package static let maxProblems = 1000
    package static let maxDeletedListed = 1000

    /// Where links to the protocol's sections point: PROTOCOL.md beside the report by
    /// default, or any base such as the file's address on a forge.
    package var protocolURL: String
    /// Deleted tasks listed at most (`maxDeletedListed`; smaller in tests).
    package var deletedListed = Self.maxDeletedListed

    /// How the run read its records, to read the records of the drawn boxes and listed
    /// DELETEs again for their device and author's name (the run does not keep them); nil
    /// leaves them out.
    package var recordOptions: ValidationOptions?

    package init(protocolURL: String = "PROTOCOL.md", recordOptions: ValidationOptions? = nil) {
        self.protocolURL = protocolURL
        self.recordOptions = recordOptions
    }

    package func write(_ result: ValidationResult, profile: ValidationProfile, to sink: inout ReportSink) {
        let summary = ReportSummary(result)
        let causes = RootCauses(result)
        var page = HtmlPage(title: "redo-conform validation report")
        page.heading(
            "Validation report",
            note:
                "\(counted(result.files.count, "input file")), profile \(profile.rawValue), \(RedoConformVersion.text)")
        writeSummary(summary, result, &page)
        writeProblems(result.problems, &page)
        writeTasks(causes, result, &page)
        writeDeleted(DeletedTasks.find(in: result.verdict), result, &page)
        page.finish(to: &sink)
    }

    private func codeLink(_ code: ErrorCode) -> String { HtmlPage.codeLink(code, protocolURL: protocolURL) }

    private func ruleLink(_ rule: Rule) -> String {
        "<a class=\"rule\" href=\"\(HTMLText.escaped(protocolURL))#rule-catalog\">\(HTMLText.escaped(rule.id))</a>"
    }

    private func writeSummary(_ summary: ReportSummary, _ result: ValidationResult, _ page: inout HtmlPage) {
        page.add("<section id=\"summary\"><h2>Summary</h2>")
        page.counts([
            ("records", summary.records), ("nodes", summary.nodes), ("valid", summary.valid),
            ("rejected", summary.rejected), ("duplicates", summary.duplicates), ("with warnings", summary.warnings),
            ("deleted tasks", summary.deletedTasks), ("input problems", result.problems.count),
        ])
        let codes = ErrorCode.allCases.filter { (summary.byCode[$0] ?? 0) > 0 }
        if codes.isEmpty {
            page.add("<p>No record was rejected.</p>")
        } else {
            page.add("<h3>Rejected records by primary code</h3>")
            page.add(barChart(codes.map { ($0, summary.byCode[$0]!) }))
        }
        page.add("</section>")
    }

    /// Horizontal bars, one per code, drawn as inline SVG (no script), with its count; the
    /// code beside it links to the protocol.
    private func barChart(_ bars: [(ErrorCode, Int)]) -> String {
        let largest = bars.map(\.1).max() ?? 1
        var out = "<table class=\"bars\">"
        for (code, count) in bars {
            let width = max(2, Int((Double(count) / Double(largest) * 400).rounded()))
            let colour = code == .ancestorRejected ? GraphStatus.descendant.colours : GraphStatus.rejected.colours
            out +=
                "<tr><th>\(codeLink(code))</th><td><svg width=\"\(width + 2)\" height=\"16\" role=\"img\" aria-label=\"\(count)\"><rect x=\"1\" y=\"2\" width=\"\(width)\" height=\"12\" fill=\"\(colour.fill)\" stroke=\"\(colour.stroke)\"/></svg> \(count)</td></tr>"
        }
        return out + "</table>"
    }

    private func writeProblems(_ problems: [InputProblem], _ page: inout HtmlPage) {
        page.add("<section id=\"problems\"><h2>Input problems</h2>")
        if problems.isEmpty {
            page.add("<p>None: every input was read.</p></section>")
            return
        }
        page.problems(problems.map { ($0.path, $0.message) }, limit: Self.maxProblems)
        page.add("</section>")
    }

    private func writeTasks(_ causes: RootCauses, _ result: ValidationResult, _ page: inout HtmlPage) {
        page.add("<section id=\"tasks\"><h2>Tasks with findings (\(causes.tasks.count))</h2>")
        guard !causes.tasks.isEmpty else {
            page.add("<p>None.</p></section>")
            return
        }
        // Tasks are drawn by impact while the caps allow; the rest become rows.
        let tasks = Self.byImpact(causes.tasks)
        let candidates = tasks.prefix(Self.maxDrawnTasks).map(\.taskId)
        let recordsOfTask = TaskGraph.records(ofTasks: candidates, in: result)
        let standing = TaskGraph.standingIndex(of: recordsOfTask.values.joined(), in: result)
        var drawn: [(RootCauses.Task, GraphLayout)] = []
        var boxes = 0
        var listed: [RootCauses.Task] = []
        for task in tasks {
            if drawn.count < Self.maxDrawnTasks, boxes < Self.maxDrawnBoxes,
                let records = recordsOfTask[BytewiseString(task.taskId)]
            {
                let budget = min(GraphLayout.maxBoxes, Self.maxDrawnBoxes - boxes)
                let layout = GraphLayout(
                    TaskGraph(taskId: task.taskId, records: records, result: result, standing: standing),
                    maxBoxes: budget)
                if layout.boxes.count <= budget || drawn.isEmpty {
                    boxes += layout.boxes.count
                    drawn.append((task, layout))
                    continue
                }
            }
            listed.append(task)
        }
        if let recordOptions {
            let layouts = GraphLayout.readingDetails(drawn.map(\.1), of: result, options: recordOptions)
            drawn = zip(drawn, layouts).map { ($0.0, $1) }
        }
        page.graphLegend()
        if !listed.isEmpty {
            page.add(
                "<p>\(counted(drawn.count, "task")) drawn below; \(counted(listed.count, "more task")) with findings "
                    + "<a href=\"#undrawn\">listed in a table</a> after them (draw one with "
                    + "<code>redo-conform graph PATH… --task TASKID</code>).</p>")
        }
        page.add("<nav><ul class=\"index\">")
        for (number, (task, _)) in drawn.enumerated() {
            page.add(
                "<li><a href=\"#t\(number)\">\(taskTitle(task.taskId))</a> — \(counted(task.rejectedCount, "rejected record"))</li>"
            )
        }
        page.add("</ul></nav>")
        for (number, (task, layout)) in drawn.enumerated() {
            writeTask(number, task, layout, result, &page)
        }
        if !listed.isEmpty { writeTable(listed, result, &page) }
        page.add("</section>")
    }

    private func taskTitle(_ taskId: String) -> String { HtmlPage.taskTitle(taskId) }

    /// The tasks a valid DELETE removed: no finding shows them, and a reader looking for a
    /// vanished task needs its last title, and who deleted it when.
    private func writeDeleted(_ deleted: [DeletedTask], _ result: ValidationResult, _ page: inout HtmlPage) {
        page.add("<section id=\"deleted\"><h2>Deleted tasks (\(deleted.count))</h2>")
        guard !deleted.isEmpty else {
            page.add("<p>None.</p></section>")
            return
        }
        page.add(
            "<table class=\"findings\"><tr><th>last title</th><th>task</th><th>deleted by</th><th>device</th><th>wall</th><th>lamport</th><th>author</th></tr>"
        )
        let listed = deleted.prefix(deletedListed)
        let details =
            recordOptions.map { RecordDetails.read(nodes: Set(listed.map(\.delete)), of: result, options: $0) } ?? [:]
        for task in listed {
            let view = DeletedTaskView(task, in: result.verdict.nodes, details: details[task.delete])
            page.add(
                "<tr><td>\(view.title.map { HTMLText.escaped($0) } ?? "<i>(untitled)</i>")</td><td><code>\(HTMLText.escaped(view.taskId))</code></td><td><code title=\"\(HTMLText.escaped(view.deleteId))\">\(HTMLText.escaped(GraphSVG.shortId(view.deleteId)))</code></td><td>\(view.device.map { HTMLText.escaped($0) } ?? "")</td><td>\(HTMLText.escaped(view.wall))</td><td>\(view.lamport)</td><td><code>\(HTMLText.escaped(view.author))</code></td></tr>"
            )
        }
        if deleted.count > deletedListed {
            page.add(
                "<tr><td colspan=\"7\">… and \(deleted.count - deletedListed) more deleted tasks, \(deleted.count) in all (see <code>redo-conform reconstruct PATH… --format text</code>)</td></tr>"
            )
        }
        page.add("</table></section>")
    }

    /// Most records rejected first, so that the first drawings are the tasks a reader
    /// came for; tasks with warnings only (none rejected) come last. Ties keep taskId order.
    static func byImpact(_ tasks: [RootCauses.Task]) -> [RootCauses.Task] {
        tasks.indices.sorted { a, b in
            tasks[a].rejectedCount != tasks[b].rejectedCount ? tasks[a].rejectedCount > tasks[b].rejectedCount : a < b
        }.map { tasks[$0] }
    }

    private func writeTask(
        _ number: Int, _ task: RootCauses.Task, _ layout: GraphLayout, _ result: ValidationResult,
        _ page: inout HtmlPage
    ) {
        page.add("<section class=\"task\" id=\"t\(number)\"><h3>Task \(taskTitle(task.taskId))</h3>")
        let descendants = Set(task.roots.flatMap(\.descendants)).count
        page.add(
            "<p>\(counted(task.roots.count, "root cause")), \(counted(descendants, "descendant")) rejected, \(counted(layout.graph.nodes.count, "node")) in \(counted(layout.layerLamports.count, "layer")).</p>"
        )
        // A box links to the findings of its first record; a descendant to its first root.
        var rootOfDescendant: [Int: Int] = [:]
        for root in task.roots {
            for record in root.descendants where rootOfDescendant[record] == nil {
                rootOfDescendant[record] = root.record
            }
        }
        let graph = layout.graph
        page.add("<div class=\"dag\">")
        page.add(
            GraphSVG.svg(layout) { k in
                guard let record = graph.nodes[k].records.first else { return nil }
                switch graph.nodes[k].status {
                case .rejected: return "#r\(record)"
                case .descendant: return rootOfDescendant[record].map { "#r\($0)" } ?? "#r\(record)"
                default:
                    return graph.nodes[k].records.contains { !result.verdict.records[$0].findings.isEmpty }
                        ? "#r\(record)" : nil
                }
            })
        page.add("</div><h4>Root causes</h4><table class=\"findings\">")
        page.add("<tr><th>source</th><th>id</th><th>code</th><th>rule</th><th>where and why</th></tr>")
        for root in task.roots.prefix(Self.maxRootsPerTask) {
            writeRow(root.record, result, &page)
            guard !root.descendants.isEmpty else { continue }
            let count = root.descendants.count
            page.add(
                "<tr class=\"fold\"><td colspan=\"5\"><details><summary>+\(count) \(count == 1 ? "descendant" : "descendants") rejected: \(codeLink(.ancestorRejected))</summary><ul>"
            )
            for record in root.descendants.prefix(Self.maxDescendantsListed) {
                page.add(
                    "<li><code>\(HTMLText.escaped(result.source(record)))</code> <code>\(HTMLText.escaped(result.claimedId(record) ?? "(no id)"))</code></li>"
                )
            }
            if count > Self.maxDescendantsListed {
                page.add("<li>… and \(count - Self.maxDescendantsListed) more</li>")
            }
            page.add("</ul></details></td></tr>")
        }
        if task.roots.count > Self.maxRootsPerTask {
            page.add(
                "<tr><td colspan=\"5\">… and \(task.roots.count - Self.maxRootsPerTask) more root causes (see <code>--format json</code>)</td></tr>"
            )
        }
        for record in (task.unattached + task.warned).prefix(Self.maxRootsPerTask) { writeRow(record, result, &page) }
        page.add("</table></section>")
    }

    /// A record's primary finding (a standing record's first warning), as the text report
    /// shows it, with its anchor for the boxes that link to it.
    private func writeRow(_ record: Int, _ result: ValidationResult, _ page: inout HtmlPage) {
        let verdict = result.verdict.records[record]
        let rejected = verdict.status == .rejected
        let listed = rejected ? verdict.findings : verdict.findings.filter { $0.severity == .warning }
        guard let lead = (rejected ? listed.primaryFinding : nil) ?? listed.first else { return }
        let more =
            listed.count > 1 ? " <span class=\"more\">(+\(counted(listed.count - 1, "more finding")))</span>" : ""
        let warning = lead.severity == .warning ? " class=\"warning\"" : ""
        page.add(
            "<tr id=\"r\(record)\"\(warning)><td><code>\(HTMLText.escaped(result.source(record)))</code></td><td><code title=\"\(HTMLText.escaped(result.claimedId(record) ?? ""))\">\(HTMLText.escaped(result.claimedId(record).map { GraphSVG.shortId($0) } ?? "(no id)"))</code></td><td>\(codeLink(lead.code))</td><td>\(ruleLink(lead.rule))</td><td><code>\(HTMLText.escaped(lead.path))</code>: \(HTMLText.escaped(lead.message))\(more)</td></tr>"
        )
    }

    private func writeTable(_ tasks: [RootCauses.Task], _ result: ValidationResult, _ page: inout HtmlPage) {
        page.add("<h3 id=\"undrawn\">Tasks not drawn</h3><table class=\"findings\">")
        page.add(
            "<tr><th>task</th><th>rejected records</th><th>root causes</th><th>first root cause</th><th>its descendants</th></tr>"
        )
        for task in tasks.prefix(Self.maxListedTasks) {
            var first = "—"
            var below = 0
            if let root = task.roots.first, let lead = result.verdict.records[root.record].findings.primaryFinding {
                first =
                    "<code>\(HTMLText.escaped(result.source(root.record)))</code> \(codeLink(lead.code)) \(HTMLText.escaped(lead.message))"
                below = root.descendants.count
            }
            page.add(
                "<tr><td>\(taskTitle(task.taskId))</td><td>\(task.rejectedCount)</td><td>\(task.roots.count)</td><td>\(first)</td><td>\(below)</td></tr>"
            )
        }
        if tasks.count > Self.maxListedTasks {
            page.add(
                "<tr><td colspan=\"5\">… and \(tasks.count - Self.maxListedTasks) more tasks with findings (see <code>--format json</code> or the text report)</td></tr>"
            )
        }
        page.add("</table>")
    }
}
