import RedoTestSupport
import XCTest

/// diff --format html through the binary.
extension BinaryEndToEndTests {
    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
    private func tag(_ text: String) -> String { "font-weight=\"bold\">\(text)</text>" }

    /// The real binary: exit statuses as for every format, one file written whole, the
    /// same bytes on stdout, and the protocol links where --protocol-url points.
    func testTheBinaryWritesTheHtmlReport() throws {
        let folder = TempFiles.folder("diff-html")
        let vectors = VectorFiles.url("diff").path
        let (a, b) = (vectors + "/node-missing.a.jsonl", vectors + "/node-missing.b.jsonl")
        let out = folder + "/diff.html"
        let run = try BinaryEndToEndTests.run(["diff", a, b, "--format", "html", "--output", out])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, "")
        let page = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertEqual(count("<svg xmlns", in: page), 2)
        XCTAssertEqual(count(tag("only in A"), in: page), 1, "B never received the last node")
        let again = try BinaryEndToEndTests.run(["diff", a, b, "--format", "html"])
        XCTAssertEqual(again.stdout, page, "same input, same bytes")
        for forbidden in ["<script", "<link", "<img", "@import", "url("] {
            XCTAssertFalse(page.contains(forbidden), forbidden)
        }

        let linked = try BinaryEndToEndTests.run([
            "diff", vectors + "/verdict-difference.a.jsonl", vectors + "/verdict-difference.b.jsonl", "--format",
            "html", "--protocol-url", "https://example.org/P.md",
        ])
        XCTAssertEqual(linked.status, 1)
        XCTAssertTrue(linked.stdout.contains("href=\"https://example.org/P.md#verdicts-and-codes\""))
        let same = try BinaryEndToEndTests.run(["diff", a, a, "--format", "html"])
        XCTAssertEqual(same.status, 0)
        XCTAssertTrue(same.stdout.contains("<p class=\"verdict agree\">equivalent: 1 task compared</p>"))
        let unreadable = try BinaryEndToEndTests.run(["diff", a, folder + "/none.jsonl", "--format", "html"])
        XCTAssertEqual(unreadable.status, 2)
        XCTAssertTrue(unreadable.stderr.contains("no such file or directory"), unreadable.stderr)
        XCTAssertTrue(unreadable.stdout.contains("not compared"))
    }
}
