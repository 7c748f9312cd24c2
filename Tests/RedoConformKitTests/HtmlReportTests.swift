import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoText
import RedoValidation
import XCTest

@testable import RedoConformKit

/// The html report's structure: one section per broken task, boxes coloured by status,
/// root causes with their descendants folded, codes linked to the protocol, escaping,
/// no script and nothing fetched; the bounds on large logs.
final class HtmlReportTests: XCTestCase {
    private func html(_ result: ValidationResult, protocolURL: String = "PROTOCOL.md") -> String {
        renderReport { HtmlReport(protocolURL: protocolURL).write(result, profile: .synced, to: &$0) }
    }

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testOneSectionPerBrokenTaskWithItsDAGAndRootCauses() {
        let page = html(ForkedFaultLog.result())
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertEqual(count("<section class=\"task\"", in: page), 2)
        XCTAssertEqual(count("<svg xmlns", in: page), 2, "one DAG per task")
        XCTAssertEqual(count("+2 descendants rejected", in: page), 2, "the MERGE and its child under both roots")
        XCTAssertEqual(count("+6 descendants rejected", in: page), 1)
        XCTAssertTrue(page.contains("href=\"PROTOCOL.md#verdicts-and-codes\">E_INVALID_SIGNATURE</a>"))
        XCTAssertTrue(page.contains("href=\"PROTOCOL.md#rule-catalog\">signature.invalid</a>"))
        XCTAssertTrue(
            html(ForkedFaultLog.result(), protocolURL: "https://example.org/P.md").contains(
                "https://example.org/P.md#verdicts-and-codes"))
        for forbidden in ["<script", "<link", "<img", "@import", "url(", "http://", "https://"] {
            XCTAssertFalse(
                page.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains(forbidden), forbidden)
        }
    }

    func testBoxesAreColouredByTheirStatus() {
        let result = ForkedFaultLog.result()
        let graph = TaskGraph(
            taskId: ForkedFaultLog.task, records: Array(0..<6), result: result,
            standing: TaskGraph.standingIndex(of: 0..<6, in: result))
        XCTAssertEqual(graph.nodes.map(\.status), [.valid, .valid, .rejected, .rejected, .descendant, .descendant])
        XCTAssertEqual(graph.nodes.map(\.action), [.create, .createTodo, .update, .update, .merge, .archive])
        XCTAssertEqual(graph.nodes[4].parents, [2, 3])
        XCTAssertTrue(graph.nodes[0].isOriginalCreate)
        XCTAssertTrue(graph.nodes[1].isHead)
        let svg = GraphSVG.svg(GraphLayout(graph))
        for (status, expected) in [(GraphStatus.valid, 2), (.rejected, 2), (.descendant, 2)] {
            XCTAssertEqual(
                count("fill=\"\(status.colours.fill)\" stroke=\"\(status.colours.stroke)\"", in: svg), expected,
                "\(status)")
        }
        XCTAssertEqual(count("stroke-dasharray=\"5 3\"", in: svg), 2, "the MERGE's two edges")
        let dot = GraphDOT.dot(GraphLayout(graph))
        XCTAssertTrue(dot.contains("b2 -> b4 [style=dashed"), dot)
    }

    func testTextFromTheInputIsEscaped() {
        XCTAssertEqual(HTMLText.escaped("<script>\"&'"), "&lt;script&gt;&quot;&amp;&#39;")
        XCTAssertEqual(HTMLText.escaped("a\u{202E}b\u{1B}[2J"), "a\\u{202E}b\\u{1B}[2J")
        XCTAssertEqual(GraphDOT.quoted("a\"b\\c\n"), "a\\\"b\\\\c\\\\n")
        let folder = TempFiles.folder("html-escaping")
        let crafted = "{\"id\":\"<img src=x onerror=alert(1)>\u{202E}\",\"taskId\":\"</code><script>x</script>\"}\n"
        let result = ValidationRun(options: ValidationOptions()).run([
            TempFiles.write(crafted, to: folder + "/log.jsonl")
        ])
        let page = html(result)
        XCTAssertFalse(page.contains("<script>x"))
        XCTAssertFalse(page.contains("<img src=x"))
        XCTAssertFalse(page.contains("\u{202E}"))
        XCTAssertTrue(page.contains("&lt;/code&gt;&lt;script&gt;x&lt;/script&gt;"), page)
    }

    /// A run of descendants folds into one box; a layer and a drawing keep their caps.
    func testLongRunsFoldAndLargeTasksStayBounded() {
        var lines: [[UInt8]] = []
        LogGenerator(shape: .chain, nodes: 3000, tasks: 1, seed: "fold", jobs: 1).generate { lines.append($0) }
        var third = try! JSONReader.parse(lines[2]).objectValue!
        third = third.setting("signature", to: str(String(repeating: "0", count: 128)))
        lines[2] = OrderedJSONWriter.bytes(.object(third))
        let folder = TempFiles.folder("html-chain")
        let result = ValidationRun(options: ValidationOptions()).run([
            TempFiles.write(lines.flatMap { $0 + [0x0A] }, to: folder + "/chain.jsonl")
        ])
        let task = RootCauses(result).tasks[0]
        let graph = TaskGraph(
            taskId: task.taskId, records: Array(0..<3000), result: result,
            standing: TaskGraph.standingIndex(of: 0..<3000, in: result))
        let layout = GraphLayout(graph)
        XCTAssertEqual(layout.boxes.count, 4, "CREATE, CREATE_TODO, the root cause, and 2997 descendants folded")
        guard case let .run(_, _, count) = layout.boxes[3].content else { return XCTFail("not folded") }
        XCTAssertEqual(count, 2997)
        XCTAssertTrue(html(result).contains("2997 descendants"))

        var fan: [[UInt8]] = []
        LogGenerator(shape: .fan, nodes: 2000, tasks: 1, seed: "fan", jobs: 1).generate { fan.append($0) }
        let fanResult = ValidationRun(options: ValidationOptions()).run([
            TempFiles.write(fan.flatMap { $0 + [0x0A] }, to: folder + "/fan.jsonl")
        ])
        let fanLayout = GraphLayout(
            TaskGraph(
                taskId: fanResult.taskId(0)!, records: Array(0..<2000), result: fanResult,
                standing: TaskGraph.standingIndex(of: 0..<2000, in: fanResult)))
        XCTAssertEqual(fanLayout.boxes.count, 1 + GraphLayout.maxBoxesPerLayer)
        guard case let .more(rest, nil) = fanLayout.boxes.last!.content else { return XCTFail("no more box") }
        XCTAssertEqual(rest, 1999 - (GraphLayout.maxBoxesPerLayer - 1))
    }
}
