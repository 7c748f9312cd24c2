import Foundation
import RedoCore
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoText
import RedoValidation
import XCTest

@testable import RedoConformKit

/// `diff --format html`: both DAGs of each differing task side by side, the nodes one side
/// lacks and those that differ marked on each, the tables of differences, the summary the
/// json report counts, a state side without a DAG, escaping, bounds, and the same bytes
/// for the same inputs.
final class DiffHtmlTests: XCTestCase {
    private var vectors: String { VectorFiles.repositoryRoot.appendingPathComponent("Vectors/diff").path }

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    private func html(_ report: DiffReport, _ writer: DiffHtmlReport = DiffHtmlReport()) -> String {
        renderReport { writer.write(report, to: &$0) }
    }

    /// The report of a pair of the shipped diff vectors, with both sides' graphs kept.
    private func report(_ a: String, _ b: String) -> DiffReport {
        var run = DiffRun(options: ValidationOptions())
        run.keepsGraphs = true
        return run.run(vectors + "/" + a, vectors + "/" + b)
    }

    /// The markup of side `index` (0: A, 1: B) of the first task section.
    private func side(_ index: Int, of page: String) -> String {
        let columns = page.components(separatedBy: "<div class=\"side\">")
        guard columns.count > index + 1 else { return "" }
        return columns[index + 1].components(separatedBy: "</svg>")[0]
    }

    /// A ringed box's tag, as the drawing writes it.
    private func tag(_ text: String) -> String { "font-weight=\"bold\">\(text)</text>" }

    func testBothDAGsAreDrawnWithTheNodesOneSideLacksMarkedOnEach() throws {
        let page = html(report("verdict-difference.a.jsonl", "verdict-difference.b.jsonl"))
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertEqual(count("<section class=\"task\"", in: page), 1)
        XCTAssertEqual(count("<svg xmlns", in: page), 2, "A's DAG and B's, side by side")
        let (a, b) = (side(0, of: page), side(1, of: page))
        XCTAssertTrue(a.hasPrefix("<h4>A <code>"), a)
        XCTAssertTrue(b.hasPrefix("<h4>B <code>"), b)
        // The retitle is A's alone: ringed on A, and B draws the parent it lacks, tagged.
        XCTAssertEqual(count(tag("only in A"), in: a), 1, a)
        XCTAssertEqual(count(tag("only in A"), in: b), 1, b)
        XCTAssertTrue(b.contains("stroke-dasharray=\"4 3\""), "B's missing parent is dashed")
        // Its child is valid on A and rejected on B: both copies are tagged.
        XCTAssertEqual(count(tag("differs"), in: a), 1, a)
        XCTAssertEqual(count(tag("differs"), in: b), 1, b)
        XCTAssertEqual(count("stroke=\"\(GraphMark.onlyIn("A").colour)\" stroke-width=\"3\"", in: page), 2)
        XCTAssertEqual(count("stroke=\"\(GraphMark.differs.colour)\" stroke-width=\"3\"", in: page), 2)
        XCTAssertFalse(page.contains(tag("only in B")))
        XCTAssertTrue(
            page.contains(
                "1 node only in A, 1 verdict, 3 state differences. The first marked node drawn is at lamport 2."))
        // The legend names every mark; the tables name every difference.
        for mark in [GraphMark.onlyIn("A"), .onlyIn("B"), .differs] {
            XCTAssertTrue(page.contains(HTMLText.escaped(mark.legend)), mark.tag)
        }
        XCTAssertTrue(page.contains("<td>missing: only in A</td><td><code>sha256:1ecb02139db9"), page)
        XCTAssertTrue(
            page.contains(
                "<td>valid</td><td><a class=\"code\" href=\"PROTOCOL.md#verdicts-and-codes\">E_PARENT_NOT_FOUND</a></td>"
            ))
        XCTAssertTrue(
            page.contains(
                "<td>field</td><td><code>title</code></td><td><code>&quot;Groceries for the week&quot;</code></td><td><code>&quot;Groceries&quot;</code></td>"
            ), page)
        XCTAssertTrue(
            page.contains(
                "<td>field</td><td><code>priority</code></td><td><code>2</code></td><td><span class=\"more\">(absent)</span></td>"
            ))

        // The other way round, the same node is B's alone.
        let swapped = html(report("verdict-difference.b.jsonl", "verdict-difference.a.jsonl"))
        XCTAssertEqual(count(tag("only in B"), in: side(0, of: swapped)), 1)
        XCTAssertEqual(count(tag("only in B"), in: side(1, of: swapped)), 1)
        XCTAssertFalse(swapped.contains(tag("only in A")))
        XCTAssertTrue(swapped.contains("<td>missing: only in B</td>"))
    }

    func testAnAlteredCopyIsDrawnOnBothSidesAndMarked() {
        let page = html(report("altered-copy.a.jsonl", "altered-copy.b.jsonl"))
        // The altered retitle and its child, rejected on B, differ on both sides.
        XCTAssertEqual(count(tag("differs"), in: side(0, of: page)), 2, side(0, of: page))
        XCTAssertEqual(count(tag("differs"), in: side(1, of: page)), 2, side(1, of: page))
        XCTAssertTrue(side(1, of: page).contains("E_HASH_MISMATCH"))
        XCTAssertTrue(page.contains("<td>altered</td>"))
    }

    func testTheSummaryCountsWhatTheJSONReportCounts() throws {
        let report = report("altered-copy.a.jsonl", "altered-copy.b.jsonl")
        let page = html(report)
        let json = try JSONReader.parse(Array(renderReport { DiffJSONReport.write(report, to: &$0) }.utf8))
        let summary = try XCTUnwrap(json.objectValue?["summary"]?.objectValue)
        XCTAssertEqual(summary.keys.count, 13)
        for key in summary.keys {
            let number = Int(summary[key]?.numberValue ?? -1)
            XCTAssertTrue(
                page.range(of: "<tr><th>\(key): [^<]*</th><td>\(number)</td></tr>", options: .regularExpression) != nil,
                key)
        }
        XCTAssertTrue(page.contains("<p class=\"verdict drift\">differ: differences in 1 of 1 task</p>"), page)
        XCTAssertTrue(page.contains("<th>A</th><td><code>\(vectors)/altered-copy.a.jsonl</code></td><td>log</td>"))
    }

    func testAStateSideHasNoDAGAndSaysSo() {
        let page = html(report("field-difference.a.jsonl", "field-difference.b.state.json"))
        XCTAssertEqual(count("<section class=\"task\"", in: page), 1)
        XCTAssertEqual(count("<svg xmlns", in: page), 1, "A's DAG only")
        XCTAssertTrue(side(1, of: page).contains("B is a state JSON: no log, no DAG to draw."), side(1, of: page))
        XCTAssertTrue(page.contains("<td>state</td>"), "the sides table says which side is a state")
        XCTAssertTrue(page.contains("<td>—</td>"), "a state has no record counts")
        XCTAssertFalse(page.contains(tag("only in")), "no node comparison against a state")
    }

    func testEquivalentInputsMakeAShortPage() {
        let page = html(report("resigned-copy.a.jsonl", "resigned-copy.b.jsonl"))
        XCTAssertTrue(
            page.contains("<p class=\"verdict agree\">equivalent: 1 task compared; 1 re-signed (signatures only)</p>"),
            page)
        XCTAssertFalse(page.contains("<section id=\"tasks\""))
        XCTAssertFalse(page.contains("<svg"))
    }

    func testAnUnreadableSideIsNotCompared() {
        let page = html(report("shapes.a.jsonl", "no-such-file.jsonl"))
        XCTAssertTrue(page.contains("<p class=\"verdict missing\">not compared: an input could not be read</p>"))
        XCTAssertTrue(page.contains("no such file or directory"), page)
        XCTAssertFalse(page.contains("Differences by kind"))
    }

    /// Ids, taskIds, values and paths come from the input: none can open markup, and
    /// controls and bidirectional overrides are shown as escapes.
    func testHostileIdsTitlesAndPathsAreEscaped() {
        let hostile = "</code><script>alert(1)</script>\u{202E}\u{1B}[2J"
        var report = DiffReport()
        report.sides = [
            .init(name: "A", path: "a/" + hostile, kind: .log), .init(name: "B", path: "b.json", kind: .state),
        ]
        report.comparedTasks = [hostile]
        var node = TaskGraph.Node(id: "<img src=x onerror=alert(1)>", status: .rejected)
        node.code = .schemaMismatch
        var task = DiffReport.TaskDifferences(taskId: hostile)
        task.nodes = [.init(kind: .missing, id: node.id, a: .init(code: .schemaMismatch), b: nil)]
        task.state = [.init(kind: .field, path: "title\"><b>", a: .string(hostile), b: .string("<i>"))]
        task.graphs = (TaskGraph(taskId: hostile, nodes: [node]), nil)
        report.tasks = [task]
        let page = html(report)
        for raw in ["<script>", "<img src", "\u{202E}", "\u{1B}", "<b>", "<i>"] {
            XCTAssertFalse(page.contains(raw), raw)
        }
        XCTAssertTrue(page.contains("&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;\\u{202E}\\u{1B}[2J"), page)
        XCTAssertTrue(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertTrue(page.contains("title&quot;&gt;&lt;b&gt;"))
        XCTAssertEqual(count(tag("only in A"), in: page), 1, "the hostile id is still matched and marked")
        XCTAssertTrue(page.contains("default-src 'none'"), "the page's policy forbids scripts")
    }

    func testTasksAndRowsAreBoundedAndSayHowManyMore() {
        // A chain of 6 nodes per task on A; B lacks every node of each task.
        func chain(_ task: String) -> TaskGraph {
            TaskGraph(
                taskId: task,
                nodes: (0..<6).map { k in
                    var node = TaskGraph.Node(
                        id: "sha256:\(task)-\(k)", action: k == 0 ? .create : .update, lamport: Int64(k + 1),
                        parents: k == 0 ? [] : [k - 1], status: .valid)
                    node.isHead = k == 5
                    node.isOriginalCreate = k == 0
                    return node
                })
        }
        var report = DiffReport()
        report.sides = [.init(name: "A", path: "a", kind: .log), .init(name: "B", path: "b", kind: .log)]
        report.tasks = (0..<12).map { index in
            let id = String(format: "task-%02d", index)
            var task = DiffReport.TaskDifferences(taskId: id)
            task.nodes = (0..<6).map { .init(kind: .missing, id: "sha256:\(id)-\($0)", a: .init(code: nil), b: nil) }
            task.graphs = (chain(id), nil)
            return task
        }
        report.comparedTasks = report.tasks.map(\.taskId)
        var writer = DiffHtmlReport()
        writer.maxShownTasks = 5
        writer.maxRowsPerTable = 4
        writer.maxListedTasks = 3
        let page = html(report, writer)
        XCTAssertEqual(count("<section class=\"task\"", in: page), 5)
        XCTAssertTrue(page.contains("5 tasks shown below; 7 more tasks <a href=\"#undrawn\">listed in a table</a>"))
        XCTAssertEqual(count("… and 2 more (see <code>--format json</code>)", in: page), 5, "6 rows, 4 shown")
        XCTAssertTrue(page.contains("… and 4 more tasks that differ (see <code>--format json</code>)"))
        XCTAssertTrue(side(1, of: page).contains("No record of this task in B."))
        // The marked chain folds into one box per side: a run of one status and one mark.
        XCTAssertTrue(page.contains(">4 valid nodes</text>"), "CREATE and head apart, the 4 between folded")

        // The boxes drawn are capped: past the cap, tasks become rows.
        writer.maxShownTasks = 100
        writer.maxDrawnBoxes = 7
        let capped = html(report, writer)
        XCTAssertEqual(count("<section class=\"task\"", in: capped), 2, "3 boxes a drawing")
    }

    func testSameReportSameBytes() {
        let first = html(report("todo-difference.a.jsonl", "todo-difference.b.jsonl"))
        XCTAssertEqual(first, html(report("todo-difference.a.jsonl", "todo-difference.b.jsonl")))
        XCTAssertTrue(first.hasSuffix("</body></html>\n"))
    }
}
