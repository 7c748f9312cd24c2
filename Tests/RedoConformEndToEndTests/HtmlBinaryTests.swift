import RedoFixtures
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// The html reports and `graph` through the real binary, as a user runs them.
final class HtmlBinaryTests: XCTestCase {
    private func forkedLog() -> String {
        let folder = TempFiles.folder("html-binary")
        return TempFiles.write(ForkedFaultLog.lines().flatMap { $0 + [0x0A] }, to: folder + "/forked.jsonl")
    }

    func testValidateWritesOneSelfContainedHtmlFile() throws {
        let log = forkedLog()
        let out = log + ".html"
        let run = try BinaryEndToEndTests.run(["validate", log, "--format", "html", "--output", out])
        XCTAssertEqual(run.status, 1, run.stderr)
        let page = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.hasSuffix("</body></html>\n"))
        XCTAssertEqual(page.components(separatedBy: "<section class=\"task\"").count - 1, 2)
        XCTAssertTrue(page.contains(", device device-a</title>"), "boxes' tooltips name the device")
        let again = try BinaryEndToEndTests.run(["validate", log, "--format", "html"])
        XCTAssertEqual(again.stdout, page, "same input, same bytes")
    }

    func testGraphDrawsOneTaskAsDotOrSvg() throws {
        let log = forkedLog()
        let dot = try BinaryEndToEndTests.run(["graph", log, "--task", ForkedFaultLog.task])
        XCTAssertEqual(dot.status, 1, dot.stderr)
        XCTAssertTrue(dot.stdout.hasPrefix("digraph \"\(ForkedFaultLog.task)\" {"), dot.stdout)
        XCTAssertTrue(dot.stdout.contains("MERGE"))
        let svg = try BinaryEndToEndTests.run(["graph", log, "--task", ForkedFaultLog.task, "--format", "svg"])
        XCTAssertEqual(svg.status, 1)
        XCTAssertTrue(svg.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let mermaid = try BinaryEndToEndTests.run(["graph", log, "--task", ForkedFaultLog.task, "--format", "mermaid"])
        XCTAssertEqual(mermaid.status, 1)
        XCTAssertTrue(mermaid.stdout.hasPrefix("flowchart TB\n"), mermaid.stdout)
        XCTAssertTrue(mermaid.stdout.contains("MERGE"))
        for drawing in [dot.stdout, svg.stdout, mermaid.stdout] {
            XCTAssertTrue(drawing.contains("… on device-a"), drawing)
        }
        let unknown = try BinaryEndToEndTests.run(["graph", log, "--task", "no-such-task"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "error: no record of task no-such-task in the log\n")
        let missing = try BinaryEndToEndTests.run(["graph", log])
        XCTAssertEqual(missing.status, 2, "--task is required")
    }

    func testCompareHtmlShowsTheMatrixAndEachDrift() throws {
        let ios = VectorRoot.shipped.url("platform/recorded/ios-jsonencoder.json")
        let run = try BinaryEndToEndTests.run(["compare", ios, "--format", "html", "--allow-missing"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(
            run.stdout.components(separatedBy: "<td class=\"drift\">").count - 1, 12,
            "the 12 drifted vectors of recorded/expected-drift.json")
        XCTAssertTrue(
            run.stdout.contains("diagnosed escaped-slash ($[3])"), "the class that explains c-escapes is named")
        XCTAssertTrue(run.stdout.contains("escaped-slash: &quot;/&quot; written as"), "with what that class is")
        XCTAssertTrue(run.stdout.contains("canonical bytes differ at byte 21, in $[&quot;\\u{1F600}&quot;]"))
    }
}
