import Foundation
import RedoConformKit
import RedoTestSupport
import XCTest

/// `explain` as a user runs it: by id or by title, its exit statuses, its messages when no
/// task or several match, and its json report against the schema.
final class ExplainBinaryTests: XCTestCase {
    private func forkedLog() -> String { ForkedFaultLog.file("explain-binary") }

    func testExplainsATaskByIdOrTitleWithItsExitStatus() throws {
        let log = forkedLog()
        let byId = try BinaryEndToEndTests.run(["explain", log, "--task", ForkedFaultLog.task])
        XCTAssertEqual(byId.status, 1, byId.stderr)
        XCTAssertTrue(byId.stdout.hasPrefix("task \(ForkedFaultLog.task)\ntitles: \"Forked\"\n"), byId.stdout)
        XCTAssertTrue(byId.stdout.contains("  MERGE  "), byId.stdout)
        XCTAssertTrue(byId.stdout.contains("forks into "), byId.stdout)
        // The second task's CREATE fails its hash check: its title is still found.
        let byTitle = try BinaryEndToEndTests.run(["explain", log, "--title", "EDITED"])
        XCTAssertEqual(byTitle.status, 1, byTitle.stderr)
        XCTAssertTrue(byTitle.stdout.hasPrefix("task \(ForkedFaultLog.secondTask)\n"), byTitle.stdout)
        XCTAssertTrue(byTitle.stdout.contains("never existed: every CREATE was rejected"), byTitle.stdout)
        let valid = try BinaryEndToEndTests.run([
            "explain", VectorRoot.shipped.url("logs/valid-life.jsonl"), "--title", "",
        ])
        XCTAssertNotEqual(valid.status, 1, valid.stderr)
    }

    func testNoMatchSeveralMatchesAndStdinAreInputProblems() throws {
        let log = forkedLog()
        let typo = try BinaryEndToEndTests.run(["explain", log, "--title", "Forkde"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(
            typo.stderr.hasPrefix(
                "error: no task has a title containing \"Forkde\" in the log; the closest:\n  \"\(ForkedFaultLog.task)\" \"Forked\"\n"
            ), typo.stderr)
        let unknown = try BinaryEndToEndTests.run(["explain", log, "--task", "no-such-task"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("error: no record of task \"no-such-task\" in the log; the closest:\n"))
        let both = try BinaryEndToEndTests.run(["explain", log, "--title", "e"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.hasPrefix("error: 2 tasks have a title containing \"e\"; name one with --task:\n"))
        let stdin = try BinaryEndToEndTests.run(["explain", "-", "--task", "x"], stdin: "{}\n")
        XCTAssertEqual(stdin.status, 2)
        XCTAssertTrue(stdin.stderr.contains("save it to a file"), stdin.stderr)
        let neither = try BinaryEndToEndTests.run(["explain", log])
        XCTAssertEqual(neither.status, 2, "--task or --title is required")
    }

    func testExplainReadsAWrappedExportWithNodesAt() throws {
        let log = VectorRoot.shipped.url("logs/delete-descendant.jsonl")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let wrapped = TempFiles.write(
            "{\"exportedAt\": \"2026-01-01T00:00:00Z\", \"nodes\": [" + lines.joined(separator: ",") + "]}",
            to: TempFiles.folder("explain-nodes-at") + "/export.json")
        let plain = try BinaryEndToEndTests.run(["explain", log, "--title", ""])
        let read = try BinaryEndToEndTests.run(["explain", wrapped, "--nodes-at", "/nodes", "--title", ""])
        XCTAssertEqual(read.status, plain.status, read.stderr)
        // The same timeline, devices read again from the wrapped export included; only the
        // records' locations differ (a line of the log, an index in the array).
        let unlocated = { (text: String) in text.split(separator: "\n").filter { !$0.contains("   from ") } }
        XCTAssertEqual(unlocated(read.stdout), unlocated(plain.stdout))
        XCTAssertTrue(read.stdout.contains("   from \(wrapped)#0\n"), read.stdout)
        XCTAssertTrue(read.stdout.contains("deleted by node "), read.stdout)
        let misread = try BinaryEndToEndTests.run(["explain", wrapped, "--title", ""])
        XCTAssertEqual(misread.status, 2, misread.stdout + misread.stderr)
        XCTAssertTrue((misread.stdout + misread.stderr).contains("add --nodes-at /nodes"), misread.stderr)
    }

    func testJSONReportMatchesItsSchema() throws {
        let log = forkedLog()
        let folder = TempFiles.folder("explain-schema")
        var reports: [String] = []
        for (name, arguments) in [
            ("forked", [log, "--task", ForkedFaultLog.task]), ("never", [log, "--task", ForkedFaultLog.secondTask]),
            ("deleted", [VectorRoot.shipped.url("logs/delete-descendant.jsonl"), "--title", ""]),
        ] {
            let report = "\(folder)/\(name).json"
            let run = try BinaryEndToEndTests.run(["explain"] + arguments + ["--format", "json", "--output", report])
            XCTAssertNotEqual(run.status, 2, "\(name): \(run.stderr)")
            reports.append(report)
        }
        let text = try String(contentsOfFile: reports[0], encoding: .utf8)
        let broken = TempFiles.write(
            Array(text.replacingOccurrences(of: #""verdict":"valid""#, with: #""verdict":"fine""#).utf8),
            to: folder + "/broken.json")
        try SchemaValidator.check("explain-report", reports, invalid: [broken])
    }
}
