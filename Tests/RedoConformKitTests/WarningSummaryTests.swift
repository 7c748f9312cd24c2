import RedoCore
import RedoFixtures
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// Warnings do not bury errors: on a log with many tasks whose only finding is a warning,
/// the text report gives none of them a block and still shows every root cause, and the
/// html report draws the tasks with the most rejected records first.
final class WarningSummaryTests: XCTestCase {
    static let result: ValidationResult = {
        let folder = TempFiles.folder("warning-summary")
        var bytes: [UInt8] = []
        LogGenerator(shape: .faulty, nodes: 6000, tasks: 1200, seed: "warning summary", jobs: 2).generate {
            bytes += $0 + [0x0A]
        }
        return ValidationRun(options: ValidationOptions()).run([TempFiles.write(bytes, to: folder + "/faulty.jsonl")])
    }()

    func testNoWarningOnlyTaskGetsABlockAndEveryRootCauseStays() {
        let result = Self.result
        let causes = RootCauses(result)
        let warningOnly = causes.tasks.filter { $0.rejectedCount == 0 }
        XCTAssertGreaterThan(warningOnly.count, 20, "the faulty shape has warning-only tasks")
        let text = renderReport { TextReport().write(result, to: &$0) }
        let listed = renderReport { TextReport(warnings: true).write(result, to: &$0) }
        for task in warningOnly {
            XCTAssertFalse(text.contains("task \(task.taskId)\n"), task.taskId)
            XCTAssertTrue(listed.contains("task \(task.taskId)\n"), task.taskId)
        }
        // Every line of the default report but the warnings' count is in the listing, and
        // the listing adds only the warned records and their tasks' headings.
        let lines = text.split(separator: "\n")
        let listedLines = Set(listed.split(separator: "\n"))
        for line in lines where !line.contains("X_DELETED_CHAIN_ORDER  ") {
            XCTAssertTrue(listedLines.contains(line), String(line))
        }
        for root in causes.tasks.flatMap(\.roots) {
            XCTAssertTrue(text.contains("  \(result.source(root.record))  "), result.source(root.record))
        }
        let warned = causes.tasks.flatMap(\.warned).count
        XCTAssertTrue(
            text.contains(
                "\n  X_DELETED_CHAIN_ORDER  \(warned) records stand with this warning (--warnings lists them)\n"),
            text.suffix(600).description)
        XCTAssertFalse(text.contains("deletedChain.order"))
    }

    func testTheHtmlReportDrawsTheTasksByImpact() {
        let tasks = RootCauses(Self.result).tasks
        let ordered = HtmlReport.byImpact(tasks)
        XCTAssertEqual(ordered.count, tasks.count)
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            XCTAssertGreaterThanOrEqual(a.rejectedCount, b.rejectedCount)
            if a.rejectedCount == b.rejectedCount {
                XCTAssertTrue(Array(a.taskId.utf8).lexicographicallyPrecedes(b.taskId.utf8))
            }
        }
        let html = renderReport { HtmlReport().write(Self.result, profile: .synced, to: &$0) }
        // The index names the drawn tasks in order: the first draws the most rejected records.
        let most = ordered[0]
        let index = html.range(of: "<ul class=\"index\">")!
        let firstItem = html[index.upperBound...].prefix(600)
        XCTAssertTrue(firstItem.contains("\(most.rejectedCount) rejected records"), String(firstItem))
        XCTAssertFalse(firstItem.contains("— 0 rejected records"))
    }
}
