import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoText
import RedoValidation
import XCTest

@testable import RedoConformKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Text from the input reaches the human-readable outputs escaped (one line per report
/// line, no terminal escapes but the tool's own colours), and the machine formats exactly.
final class DisplayEscapingTests: XCTestCase {
    /// Each class: C0 (SOH, BS, VT, FF, an ESC sequence, CR LF), DEL, C1 (NEL), the line
    /// separator and a right-to-left override; then the start of a forged report line.
    static let hostile = "x\u{1}\u{8}\u{B}\u{C}\u{1B}[31mred\u{7F}\u{85}\u{2028}\u{202E}\r\nFAKE  summary 0 rejected"
    static let shown = #"x\u{1}\u{8}\u{B}\u{C}\u{1B}[31mred\u{7F}\u{85}\u{2028}\u{202E}\r\nFAKE  summary 0 rejected"#

    /// No line holds a display-unsafe character; with `painted`, once the report's own SGR
    /// codes are taken out.
    private func assertEveryLineIsOneLine(
        _ text: String, painted: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) {
        let plain =
            painted ? text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) : text
        for row in plain.split(separator: "\n", omittingEmptySubsequences: false) {
            XCTAssertFalse(
                row.unicodeScalars.contains(where: MessageText.isDisplayUnsafe), "\(Array(row.unicodeScalars))",
                file: file, line: line)
            XCTAssertFalse(row.hasPrefix("FAKE"), String(row), file: file, line: line)
        }
    }

    /// A folder holding one rejected record whose taskId, id and file name are hostile.
    static func hostileLog() -> (folder: String, name: String) {
        let folder = TempFiles.folder("display-escaping")
        let name = hostile + ".jsonl"
        let record = JSONValue.object(
            JSONObject([
                JSONMember(key: "id", value: .string("sha256:" + hostile)),
                JSONMember(key: "version", value: .number(1)),
                JSONMember(key: "taskId", value: .string(hostile)),
            ]))
        TempFiles.write(CanonicalJSON.bytes(of: record) + [0x0A], to: folder + "/" + name)
        return (folder, name)
    }

    func testValidateTextReportEscapesTaskIdIdAndSourceName() {
        let (folder, _) = Self.hostileLog()
        let result = ValidationRun(options: ValidationOptions()).run([folder])
        XCTAssertEqual(result.verdict.records.count, 1)
        for painted in [false, true] {
            let text = renderReport { TextReport(color: painted).write(result, to: &$0) }
            assertEveryLineIsOneLine(text, painted: painted)
            XCTAssertTrue(text.contains("task \(Self.shown)"), text)
            XCTAssertTrue(
                text.contains("  \(folder)/\(Self.shown).jsonl:1  " + #"sha256:x\u{1}\u{8}\u{B}\u{C}\u{1B}[3  "#), text)
            XCTAssertFalse(text.contains("\u{1B}[31mred"), "the input's colour code is shown, never obeyed")
            // Heading, the record's line, the summary, one line per code: nothing more.
            XCTAssertGreaterThan(result.verdict.records[0].findings.count, 1)
            XCTAssertEqual(text.split(separator: "\n").count, 1 + 1 + 1 + ReportSummary(result).byCode.count, text)
        }
        XCTAssertTrue(
            renderReport { TextReport(color: true).write(result, to: &$0) }.contains("\u{1B}[1mtask x\\u{1}"),
            "the report's own colours stay")
    }

    /// The machine formats keep the exact text (JSON escapes it; XML carries it, with only
    /// the characters XML 1.0 forbids replaced).
    func testJSONAndJUnitReportsKeepTheExactText() throws {
        let (folder, name) = Self.hostileLog()
        let result = ValidationRun(options: ValidationOptions()).run([folder])
        let json = try JSONReader.parse(
            Array(renderReport { JSONReport.write(result, profile: .synced, to: &$0) }.utf8))
        let record = try XCTUnwrap(json.objectValue?["records"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(record["taskId"]?.stringValue.map { Array($0.utf8) }, Array(Self.hostile.utf8))
        XCTAssertEqual(record["id"]?.stringValue.map { Array($0.utf8) }, Array(("sha256:" + Self.hostile).utf8))
        XCTAssertEqual(record["source"]?.stringValue.map { Array($0.utf8) }, Array((folder + "/" + name + ":1").utf8))

        let xml = renderReport { JUnitReport.write(result, to: &$0) }
        let allowedControls: Set<Unicode.Scalar> = ["\t", "\n", "\r"]
        let forbidden = xml.unicodeScalars.filter {
            ($0.value < 0x20 && !allowedControls.contains($0)) || $0.value == 0xFFFE || $0.value == 0xFFFF
        }
        XCTAssertEqual(forbidden.map(\.value), [], "characters XML 1.0 forbids")
        let parser = XMLParser(data: Data(xml.utf8))
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
        XCTAssertTrue(xml.contains("red\u{7F}\u{85}\u{2028}\u{202E}"), "XML carries what it may")
    }

    func testVerifyLinesEscapeTheSourceName() {
        let (folder, _) = Self.hostileLog()
        let console = CapturedConsole()
        XCTAssertEqual(VerifyCommand.run([folder], options: ValidationOptions(), console: console.console), .findings)
        assertEveryLineIsOneLine(console.stdout)
        XCTAssertTrue(console.stdout.hasPrefix("\(folder)/\(Self.shown).jsonl:1  no well-formed id\n"), console.stdout)
    }

    /// A title is free text a valid, signed node may carry: shown escaped, non-ASCII kept.
    func testReconstructTextEscapesAValidTitle() throws {
        let factory = NodeFactory(key: FixtureKeys.pair(seed: "display", index: 0))
        let title = "evil\u{1B}[2J\u{1B}]0;pwned\u{7}é中😀\u{7F}\u{85}\u{2028}\u{202E}\r\nfake line"
        let node = factory.node(
            .create, task: FixtureKeys.uuid(seed: "display", "task"), parents: [], lamport: 1,
            wall: "2025-10-26T09:00:00.000Z", payload: [JSONMember(key: "title", value: .string(title))])
        let path = TempFiles.write(
            CanonicalJSON.bytes(of: .object(node)) + [0x0A], to: TempFiles.folder("display-title") + "/log.jsonl")
        let result = ValidationRun(options: ValidationOptions()).run([path])
        XCTAssertEqual(ReportSummary(result).valid, 1, "the title is valid REDO")
        let text = ReconstructCommand.text(
            Reconstructor.reconstruct(result.verdict), now: try UTCTime.parse("2025-10-27T00:00:00.000Z").get())
        assertEveryLineIsOneLine(text)
        XCTAssertTrue(
            text.hasPrefix(#"evil\u{1B}[2J\u{1B}]0;pwned\u{7}é中😀\u{7F}\u{85}\u{2028}\u{202E}\r\nfake line  ["#), text)
        XCTAssertEqual(text.split(separator: "\n").count, 3, text)
        // The canonical JSON form keeps the title as it is.
        XCTAssertTrue(
            String(decoding: StateRendering.canonicalBytes(Reconstructor.reconstruct(result.verdict)), as: UTF8.self)
                .contains("é中😀"))
    }

    func testCompareTextEscapesPlatformNamesAndDetails() throws {
        let inputs = CompareTests.inputs
        let platform = PlatformOutputs(
            name: Self.hostile, implementation: Self.hostile, file: Self.hostile,
            results: ["n-update-valid": JSONObject([JSONMember(key: "error", value: .string(Self.hostile))])])
        let rows = PlatformComparison(inputs: inputs).rows([platform])
        let text = renderReport { CompareReport.text(rows, platforms: [platform], hideMissing: true, to: &$0) }
        assertEveryLineIsOneLine(text)
        XCTAssertTrue(text.contains("  \(Self.shown): \(Self.shown) (\(Self.shown))\n"), text)
        XCTAssertTrue(
            text.contains("\(Self.shown)  n-update-valid: the platform reported an error: \(Self.shown)\n"), text)
        XCTAssertTrue(text.contains("\n\(Self.shown): ") && text.contains(" agree, 1 drift, "), text)
        // The matrix column is as wide as the escaped name, so the tags line up under it.
        let header = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("vector") })
        let row = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("n-update-valid ") })
        XCTAssertEqual(header.count, row.count, "\(header)\n\(row)")
        XCTAssertEqual(header.count, "n-update-valid".count + 2 + Self.shown.count, "\(header)")
        // The JSON report names the platform exactly.
        let json = try JSONReader.parse(
            Array(renderReport { CompareReport.json(rows, platforms: [platform], to: &$0) }.utf8))
        XCTAssertEqual(
            json.objectValue?["platforms"]?.arrayValue?.first?.objectValue?["name"]?.stringValue.map { Array($0.utf8) },
            Array(Self.hostile.utf8))
    }

    /// Error lines name files and quote input: one line each, escaped like the reports;
    /// a usage message keeps its own line breaks.
    func testErrorLinesOnStderrAreEscaped() {
        let captured = CapturedConsole()
        captured.console.error("error: evil\nFAKE.jsonl\u{1B}[2J: no such file or directory")
        XCTAssertEqual(captured.stderr, "error: evil\\nFAKE.jsonl\\u{1B}[2J: no such file or directory\n")
        let usage = CapturedConsole()
        usage.console.errorLines("Error: Unknown option '--x\u{1B}'\nUsage: redo-conform validate <paths> ...")
        XCTAssertEqual(usage.stderr, "Error: Unknown option '--x\\u{1B}'\nUsage: redo-conform validate <paths> ...\n")
    }

    /// JUnit attributes keep line breaks and tabs as character references: a reader
    /// would turn raw ones into spaces.
    func testJUnitKeepsLineBreaksInAttributes() {
        XCTAssertEqual(JUnitReport.escape("a\nb\tc\rd<&\"\u{1}"), "a&#10;b&#9;c&#13;d&lt;&amp;&quot;\u{FFFD}")
    }
}
