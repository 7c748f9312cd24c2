import RedoCore
import RedoFixtures
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// A valid DELETE is no finding, yet a reader looking for a vanished task must find it:
/// reconstruct's text lists the deleted tasks, the html report has a bounded section of
/// them, and every summary counts them.
final class DeletedTasksReportTests: XCTestCase {
    private func run(_ bytes: [UInt8], _ name: String) -> ValidationResult {
        ValidationRun(options: ValidationOptions()).run([
            TempFiles.write(bytes, to: TempFiles.folder("deleted-\(name)") + "/log.jsonl")
        ])
    }

    private func faulty(tasks: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        LogGenerator(shape: .faulty, nodes: tasks * 5, tasks: tasks, seed: "deleted report", jobs: 2).generate {
            bytes += $0 + [0x0A]
        }
        return bytes
    }

    func testReconstructTextListsEachDeletedTaskWithItsTitleAndDelete() throws {
        let result = run(faulty(tasks: 200), "reconstruct")
        let deleted = DeletedTasks.find(in: result.verdict)
        XCTAssertGreaterThan(deleted.count, 10)
        let views = deleted.map { DeletedTaskView($0, in: result.verdict.nodes) }
        let text = ReconstructCommand.text(
            Reconstructor.reconstruct(result.verdict), deleted: views, now: UTCTime(millisecondsSinceEpoch: 0))
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("deleted: ") }
        XCTAssertEqual(lines.count, deleted.count)
        let first = try XCTUnwrap(views.first)
        XCTAssertEqual(
            lines.first.map(String.init),
            "deleted: \(first.title!)  [\(first.taskId)]  deleted by \(first.deleteId) at \(first.wall) (lamport \(first.lamport), author \(first.author))"
        )
        XCTAssertTrue(text.contains(", \(deleted.count) deleted, "), String(text.suffix(200)))
    }

    func testTheHtmlSectionIsBoundedAndTheSummariesCount() {
        let result = run(faulty(tasks: 400), "html")
        let deleted = DeletedTasks.find(in: result.verdict)
        var report = HtmlReport()
        report.deletedListed = 40
        XCTAssertGreaterThan(deleted.count, report.deletedListed)
        let html = renderReport { report.write(result, profile: .synced, to: &$0) }
        let section = String(html[html.range(of: "<section id=\"deleted\">")!.lowerBound...])
        XCTAssertTrue(section.hasPrefix("<section id=\"deleted\"><h2>Deleted tasks (\(deleted.count))</h2>"))
        let rows = section.components(separatedBy: "<tr><td>").count - 1
        XCTAssertEqual(rows, report.deletedListed)
        XCTAssertTrue(
            section.contains(
                "… and \(deleted.count - report.deletedListed) more deleted tasks, \(deleted.count) in all"))
        XCTAssertEqual(ReportSummary(result).deletedTasks, deleted.count)
        let text = renderReport { TextReport(quiet: true).write(result, to: &$0) }
        XCTAssertTrue(text.contains("; \(deleted.count) tasks deleted\n"), text)
    }

    func testDeletedLinesAndRowsNameTheDeletesDeviceReadAgain() throws {
        let result = run(faulty(tasks: 200), "device")
        let deleted = DeletedTasks.find(in: result.verdict)
        let details = RecordDetails.read(
            nodes: Set(deleted.map(\.delete)), of: result, options: ValidationOptions())
        XCTAssertEqual(Set(details.keys), Set(deleted.map(\.delete)), "only the DELETEs are read again")
        let first = try XCTUnwrap(deleted.first)
        let view = DeletedTaskView(first, in: result.verdict.nodes, details: details[first.delete])
        let device = try XCTUnwrap(view.device)
        XCTAssertTrue(view.textLine.contains("deleted by \(view.deleteId) from device \(device)"), view.textLine)
        var report = HtmlReport(recordOptions: ValidationOptions())
        report.deletedListed = 5
        let html = renderReport { report.write(result, profile: .synced, to: &$0) }
        XCTAssertTrue(html.contains("<th>device</th>"))
        XCTAssertTrue(html.contains("</code></td><td>\(device)</td><td>\(view.wall)</td>"), html)
        // Without a way to read the records again, the device is left out, not guessed.
        let unread = DeletedTaskView(first, in: result.verdict.nodes)
        XCTAssertNil(unread.device)
        XCTAssertFalse(unread.textLine.contains("from device"))
    }

    func testTheDeviceNamesItsIdAndNameEscaped() {
        var details = RecordDetails()
        details.deviceId = "phone"
        details.deviceName = "Ann\u{1B}[2J"
        let result = run(faulty(tasks: 20), "escaped")
        guard let task = DeletedTasks.find(in: result.verdict).first else { return XCTFail("no deleted task") }
        let view = DeletedTaskView(task, in: result.verdict.nodes, details: details)
        XCTAssertEqual(view.device, "phone (\"Ann\u{1B}[2J\")")
        XCTAssertFalse(view.textLine.contains("\u{1B}"), view.textLine)
    }
}
