import RedoCore
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// Root causes first: each record rejected by a rule of its own, with the records rejected
/// only as its descendants folded beneath it; a descendant of several roots counts under
/// each. The json and junit reports keep every record.
final class RootCauseTests: XCTestCase {
    func testDescendantsFoldUnderEveryRootTheyDescendFrom() {
        let result = ForkedFaultLog.result()
        let causes = RootCauses(result)
        XCTAssertEqual(causes.tasks.count, 2)
        let forked = causes.tasks.first { $0.taskId == ForkedFaultLog.task }!
        XCTAssertEqual(forked.roots.map(\.record), [2, 3])
        XCTAssertEqual(forked.roots.map(\.descendants), [[4, 5], [4, 5]], "the MERGE and its child count under both")
        XCTAssertEqual(forked.rejectedCount, 4)
        XCTAssertEqual(forked.unattached, [])
        let second = causes.tasks.first { $0.taskId == ForkedFaultLog.secondTask }!
        XCTAssertEqual(second.roots.map(\.record), [6])
        XCTAssertEqual(second.roots[0].descendants, Array(7...12))
    }

    func testTextReportListsRootCausesFirstWithTheirDescendantsFolded() {
        let text = renderReport { TextReport().write(ForkedFaultLog.result(), to: &$0) }
        let lines = text.split(separator: "\n").map(String.init)
        let second = lines.firstIndex { $0 == "task \(ForkedFaultLog.secondTask)" }!
        XCTAssertTrue(lines[second + 1].contains("E_HASH_MISMATCH  id.hash"), text)
        XCTAssertEqual(lines[second + 2], "      +6 descendants rejected: X_ANCESTOR_REJECTED")
        XCTAssertEqual(lines.filter { $0.contains("+2 descendants rejected: X_ANCESTOR_REJECTED") }.count, 2, text)
        XCTAssertFalse(text.contains("ancestor.rejected"), "no descendant has a line of its own")
        XCTAssertTrue(text.contains("  X_ANCESTOR_REJECTED  8\n"), "the summary still counts every record")
    }

    func testJSONAndJUnitKeepEveryRecord() {
        let result = ForkedFaultLog.result()
        let json = renderReport { JSONReport.write(result, profile: .synced, to: &$0) }
        XCTAssertEqual(json.components(separatedBy: "\"rule\":\"ancestor.rejected\"").count - 1, 8, json)
        let junit = renderReport { JUnitReport.write(result, to: &$0) }
        XCTAssertEqual(junit.components(separatedBy: "<failure type=\"X_ANCESTOR_REJECTED\"").count - 1, 8)
    }
}
