import RedoCore
import RedoTestSupport
import RedoText
import RedoValidation
import XCTest

@testable import RedoConformKit

/// Graph boxes say who and when; `graph --format mermaid` draws the same boxes, its labels
/// escaped for Mermaid's syntax after the display escaping every report applies.
final class GraphWhoAndMermaidTests: XCTestCase {
    private func graph() -> TaskGraph {
        let result = ForkedFaultLog.result()
        return TaskGraph(
            taskId: ForkedFaultLog.task, records: Array(0..<6), result: result,
            standing: TaskGraph.standingIndex(of: 0..<6, in: result))
    }

    func testStandingBoxesCarryWallAndAuthor() throws {
        let graph = graph()
        let create = graph.nodes[0]
        let wall = try XCTUnwrap(create.wall)
        let author = try XCTUnwrap(create.author)
        XCTAssertEqual(create.whoLines, [String(wall.text.prefix(19)) + "Z", "by " + author.text.prefix(8) + "…"])
        XCTAssertNil(graph.nodes[2].wall, "no wall is kept of a record that failed the node-level checks")
        XCTAssertEqual(graph.nodes[2].whoLines, [])
        let svg = GraphSVG.svg(GraphLayout(graph))
        XCTAssertTrue(svg.contains(">\(create.whoLines[0])</text>"), svg)
        XCTAssertTrue(svg.contains("wall \(wall.text), author \(author.text)</title>"), svg)
        let dot = GraphDOT.dot(GraphLayout(graph))
        XCTAssertTrue(dot.contains("\\n\(create.whoLines[1])"), dot)
    }

    func testDrawnBoxesNameTheDeviceReadAgainFromTheirRecords() throws {
        let result = ForkedFaultLog.result()
        let layout = try XCTUnwrap(
            GraphLayout.readingDetails([GraphLayout(graph())], of: result, options: ValidationOptions()).first)
        let create = layout.graph.nodes[0]
        let author = try XCTUnwrap(create.author)
        XCTAssertEqual(create.details?.deviceId, "device-a")
        XCTAssertEqual(create.whoLines.last, "by " + author.text.prefix(8) + "… on device-a")
        XCTAssertTrue(create.whoTooltip.hasSuffix("author \(author.text), device device-a"), create.whoTooltip)
        XCTAssertTrue(GraphSVG.svg(layout).contains(", device device-a</title>"))
        XCTAssertTrue(GraphDOT.dot(layout).contains("… on device-a"))
        XCTAssertNil(graph().nodes[0].details, "nothing is read again unless asked")
    }

    func testLongDeviceAndAuthorNamesAreEscapedAndCut() throws {
        var node = graph().nodes[0]
        var details = RecordDetails()
        details.deviceId = String(repeating: "d", count: 500)
        details.deviceName = "Kitchen\u{1B}tablet of the family"
        details.authorName = String(repeating: "n", count: 500)
        node.details = details
        let line = try XCTUnwrap(node.whoLines.last)
        XCTAssertTrue(line.hasSuffix(" on Kitchen\\u…"), line)
        XCTAssertFalse(node.whoTooltip.contains("\u{1B}"))
        XCTAssertTrue(node.whoTooltip.contains("\"" + String(repeating: "n", count: 63) + "…\""), node.whoTooltip)
        XCTAssertLessThan(node.whoTooltip.count, 300)
    }

    func testMermaidDrawsTheSameBoxesAndEdges() {
        let layout = GraphLayout(graph())
        let mermaid = GraphMermaid.mermaid(layout)
        XCTAssertTrue(mermaid.hasPrefix("flowchart TB\n  %% DAG of task \(ForkedFaultLog.task)\n"), mermaid)
        XCTAssertEqual(mermaid.components(separatedBy: "\"]\n").count - 1, layout.boxes.count)
        XCTAssertTrue(mermaid.contains("  b2 -.-> b4\n"), "edges into a MERGE are dashed: \(mermaid)")
        XCTAssertTrue(mermaid.contains("classDef rejected fill:#f6c3bd,stroke:#b71c1c"), mermaid)
    }

    func testMermaidLabelsEscapeItsSyntaxAndWhatDisplaysWrongly() {
        XCTAssertEqual(GraphMermaid.label("a\"b[c]#d"), "a#quot;b#91;c#93;#35;d")
        XCTAssertEqual(GraphMermaid.label("<br/>|`%&(x){y}"), "#lt;br/#gt;#124;#96;#37;#amp;#40;x#41;#123;y#125;")
        // Bidi and control characters are written visibly first; the backslash stays.
        XCTAssertEqual(GraphMermaid.label("a\u{202E}b\nc"), "a\\u#123;202E#125;b\\nc")
        let taskId = "x\"]\n  click b0 \"javascript:alert(1)\"\u{202E}"
        let crafted = TaskGraph(taskId: taskId, nodes: [TaskGraph.Node(id: "sha256:[#]\"", status: .missing)])
        let mermaid = GraphMermaid.mermaid(GraphLayout(crafted))
        let lines = mermaid.split(separator: "\n")
        XCTAssertEqual(lines.count, 5, mermaid)  // header, comment, one box, its class and classDef
        XCTAssertFalse(mermaid.contains("\u{202E}"))
        XCTAssertFalse(lines[1].contains("\""), "the comment cannot close a string or start a statement")
    }
}
