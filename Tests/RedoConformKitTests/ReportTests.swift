import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension JSONValue {
    subscript(key: String) -> JSONValue? { objectValue?[key] }
}

final class ReportTests: XCTestCase {
    static func result() -> ValidationResult {
        let folder = TempFiles.folder("reports")
        let scenarios = (try! LogCatalog.scenarios(seed: "reports"))
        for scenario in scenarios where ["valid-life", "broken-branch", "deleted-chain-order"].contains(scenario.id) {
            TempFiles.write(scenario.records.flatMap { $0 + [0x0A] }, to: folder + "/\(scenario.id).jsonl")
        }
        return ValidationRun(options: ValidationOptions()).run([folder])
    }

    func testTextReportGroupsByTaskAndSummarises() {
        let result = Self.result()
        let text = renderReport { TextReport().write(result, to: &$0) }
        XCTAssertTrue(text.contains("E_HASH_MISMATCH  id.hash  $.id: id does not match the content"), text)
        XCTAssertTrue(text.contains("\n      +1 descendant rejected: X_ANCESTOR_REJECTED\n"), text)
        // Warnings are summed up by code; --warnings lists their records.
        XCTAssertFalse(text.contains("deletedChain.order"), text)
        XCTAssertTrue(
            text.contains("\n  X_DELETED_CHAIN_ORDER  1 record stands with this warning (--warnings lists them)\n"),
            text)
        let listed = renderReport { TextReport(warnings: true).write(result, to: &$0) }
        XCTAssertTrue(listed.contains("X_DELETED_CHAIN_ORDER  deletedChain.order"), listed)
        XCTAssertTrue(listed.contains("\n  X_DELETED_CHAIN_ORDER  1 record stands with this warning\n"), listed)
        XCTAssertTrue(text.contains("16 records, 16 nodes: 14 valid, 2 rejected, 0 duplicates, 1 with warnings"), text)
        XCTAssertTrue(text.contains(", 1 with warnings; 1 task deleted\n"), text)
        XCTAssertFalse(text.contains("\u{1B}["), "no colour unless asked")
        let quiet = renderReport { TextReport(quiet: true).write(result, to: &$0) }
        XCTAssertFalse(quiet.contains("id.hash"))
        XCTAssertTrue(
            renderReport { TextReport(color: true).write(result, to: &$0) }.contains(
                "\u{1B}[31mE_HASH_MISMATCH\u{1B}[0m"))
    }

    /// Counts of one read in the singular; every other count in the plural.
    func testSummaryCountsReadAsEnglish() {
        let folder = TempFiles.folder("counts")
        let record = (try! LogCatalog.scenarios(seed: "reports")).first { $0.id == "valid-life" }!.records[0]
        let path = TempFiles.write(record + [0x0A] + record + [0x0A], to: folder + "/twice.jsonl")
        let text = renderReport { TextReport().write(ValidationRun(options: ValidationOptions()).run([path]), to: &$0) }
        XCTAssertEqual(text, "2 records, 1 node: 1 valid, 0 rejected, 1 duplicate\n")
    }

    /// One line per record: its primary finding and how many more it has.
    func testTextReportGivesOneLinePerRecord() {
        let folder = TempFiles.folder("one-line")
        let path = TempFiles.write("{}\n{\"id\":\"sha256:XYZ\"}\n", to: folder + "/log.jsonl")
        let result = ValidationRun(options: ValidationOptions()).run([path])
        let text = renderReport { TextReport().write(result, to: &$0) }
        XCTAssertEqual(result.verdict.records.map(\.findings.count), [9, 9])
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("  \(path):") }
        XCTAssertEqual(
            lines,
            [
                "  \(path):1  (no id)  E_SCHEMA_MISMATCH  envelope.required  $.id: a node is missing required key \"id\"  (+8 more findings)",
                "  \(path):2  sha256:XYZ  E_SCHEMA_MISMATCH  envelope.required  $.version: a node is missing required key \"version\"  (+8 more findings)",
            ], text)
    }

    /// `nodes` counts distinct claimed ids: a duplicate or a tampered copy of a node is the
    /// same node, a malformed id counts once however often it is claimed, and a record
    /// without an id counts alone.
    func testNodeCountCountsEachClaimedIdOnce() {
        let line = String(
            decoding: (try! LogCatalog.scenarios(seed: "reports")).first { $0.id == "valid-life" }!.records[0],
            as: UTF8.self)
        let signature = line.range(of: #""signature":""#)!.upperBound
        let tampered = line.replacingCharacters(
            in: signature..<line.index(after: signature), with: line[signature] == "0" ? "1" : "0")
        let badId = line.replacingOccurrences(of: #""id":"sha256:"#, with: #""id":"sha256:XYZ"#)
        let noId = line.replacingOccurrences(of: #""id":"sha256:"#, with: #""notId":"sha256:"#)
        let folder = TempFiles.folder("node-count")
        TempFiles.write(
            Array([line, line, tampered, badId, badId, noId].joined(separator: "\n").utf8), to: folder + "/log.jsonl")
        let summary = ReportSummary(ValidationRun(options: ValidationOptions()).run([folder + "/log.jsonl"]))
        XCTAssertEqual(summary.records, 6)
        XCTAssertEqual(summary.nodes, 3)
        XCTAssertEqual(summary.valid, 1)
        XCTAssertEqual(summary.duplicates, 1)

        // The count (taken from the verdict) equals counting the claimed ids one by one,
        // on every log scenario and on all of them together with the records above.
        for scenario in (try! LogCatalog.scenarios(seed: "node-count")) {
            TempFiles.write(scenario.records.flatMap { $0 + [0x0A] }, to: folder + "/\(scenario.id).jsonl")
            let result = ValidationRun(options: ValidationOptions()).run([folder + "/\(scenario.id).jsonl"])
            XCTAssertEqual(ReportSummary(result).nodes, Self.countClaimedIds(result), scenario.id)
        }
        let all = ValidationRun(options: ValidationOptions()).run([folder])
        XCTAssertEqual(ReportSummary(all).nodes, Self.countClaimedIds(all))
    }

    /// A precomposed and a decomposed é are different texts: as (malformed) ids they are two
    /// nodes and two entries of the rejected list; as taskIds, two groups of the text report.
    func testCanonicallyEquivalentTextsStayApart() {
        let line = String(
            decoding: (try! LogCatalog.scenarios(seed: "reports")).first { $0.id == "valid-life" }!.records[0],
            as: UTF8.self)
        let id = line.range(of: #""id":"[^"]*""#, options: .regularExpression)!
        let task = line.range(of: #""taskId":"[^"]*""#, options: .regularExpression)!
        func variant(_ text: String) -> String {
            line.replacingCharacters(in: task, with: #""taskId":""# + text + #"""#)
                .replacingCharacters(
                    in: line.range(of: #""id":"[^"]*""#, options: .regularExpression)!, with: #""id":""# + text + #"""#)
        }
        XCTAssertLessThan(id.lowerBound, task.lowerBound)  // variant() replaces the later one first
        let folder = TempFiles.folder("equivalent-texts")
        TempFiles.write(
            Array([variant("caf\u{E9}"), variant("cafe\u{301}")].joined(separator: "\n").utf8),
            to: folder + "/log.jsonl")
        let result = ValidationRun(options: ValidationOptions()).run([folder + "/log.jsonl"])
        XCTAssertEqual(ReportSummary(result).nodes, 2)
        XCTAssertEqual(
            result.verdict.rejected.map { Array($0.id.utf8) }, [Array("cafe\u{301}".utf8), Array("caf\u{E9}".utf8)])
        let text = renderReport { TextReport().write(result, to: &$0) }
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("task ") }.map { Array($0.utf8) }
        XCTAssertEqual(headings, [Array("task cafe\u{301}".utf8), Array("task caf\u{E9}".utf8)], text)
    }

    private static func countClaimedIds(_ result: ValidationResult) -> Int {
        var ids = Set<String>()
        var withoutId = 0
        for record in result.verdict.records.indices {
            if let id = result.claimedId(record) { ids.insert(id) } else { withoutId += 1 }
        }
        return ids.count + withoutId
    }

    func testJSONReportSchema() throws {
        let result = Self.result()
        let json = try JSONReader.parse(
            Array(renderReport { JSONReport.write(result, profile: .synced, to: &$0) }.utf8))
        XCTAssertEqual(json["format"], .string("redo-conform/validation-report"))
        XCTAssertEqual(json["version"], .number(1))
        let summary = try XCTUnwrap(json["summary"]?.objectValue)
        XCTAssertEqual(
            summary.keys, ["records", "nodes", "valid", "rejected", "duplicates", "deletedTasks", "byCode"])
        XCTAssertEqual(
            summary["deletedTasks"], .number(Double(StreamedReconstruction(result.verdict).deleted.count)))
        XCTAssertEqual(
            summary["byCode"],
            .object(
                JSONObject([
                    JSONMember(key: "E_HASH_MISMATCH", value: .number(1)),
                    JSONMember(key: "X_ANCESTOR_REJECTED", value: .number(1)),
                ])))
        let records = try XCTUnwrap(json["records"]?.arrayValue)
        XCTAssertEqual(records.count, 16)
        let rejected = try XCTUnwrap(records.first { $0["status"] == .string("rejected") })
        XCTAssertEqual(rejected.objectValue?.keys, ["source", "id", "taskId", "status", "code", "findings"])
        XCTAssertEqual(
            rejected["findings"]?.arrayValue?.first?.objectValue?.keys,
            ["code", "rule", "severity", "message", "path", "related"])
        // Deterministic: the same input gives the same bytes.
        XCTAssertEqual(
            renderReport { JSONReport.write(result, profile: .synced, to: &$0) },
            renderReport { JSONReport.write(result, profile: .synced, to: &$0) })
    }

    /// Records are written straight as bytes: exactly what the ordered writer makes of
    /// the same values (member order, escapes), duplicates and awkward file names included.
    func testJSONReportIsWhatTheOrderedWriterWrites() throws {
        let folder = TempFiles.folder("reports-spelling")
        let scenario = try XCTUnwrap(LogCatalog.scenarios(seed: "reports").first { $0.id == "broken-branch" })
        let lines: [UInt8] = scenario.records.flatMap { $0 + [0x0A] }
        TempFiles.write(lines, to: folder + "/plain.jsonl")
        TempFiles.write(lines, to: folder + "/quote \"tab\t é.jsonl")
        let result = ValidationRun(options: ValidationOptions()).run([folder])
        XCTAssertTrue((0..<result.recordCount).contains { result.status($0) == .duplicate })
        let report = renderReport { JSONReport.write(result, profile: .synced, to: &$0) }
        let parsed = try JSONReader.parse(Array(report.utf8))
        XCTAssertEqual(report, OrderedJSONWriter.string(parsed) + "\n")
        let shard = ShardReportView(result, shard: Shard(index: 1, count: 2))
        let shardReport = renderReport {
            JSONReport.write(shard, profile: .synced, shard: shard.extras, to: &$0)
        }
        XCTAssertEqual(shardReport, OrderedJSONWriter.string(try JSONReader.parse(Array(shardReport.utf8))) + "\n")
    }

    /// Rendering in chunks on several threads writes every record once, in order, across
    /// chunk and round boundaries.
    func testOrderedRenderingKeepsInputOrder() {
        for (count, chunk, jobs) in [(0, 3, 2), (1, 3, 2), (7, 3, 2), (24, 3, 2), (25, 3, 4), (100, 1, 3)] {
            let rendered = renderReport { sink in
                OrderedRendering.write(count: count, jobs: jobs, chunkRecords: chunk, to: &sink) { record, bytes in
                    bytes += Array("\(record),".utf8)
                }
            }
            XCTAssertEqual(rendered, (0..<count).map { "\($0)," }.joined(), "\(count) \(chunk) \(jobs)")
        }
    }

    func testJUnitIsWellFormedXML() throws {
        let result = Self.result()
        let xml = renderReport { JUnitReport.write(result, to: &$0) }
        let parser = XMLParser(data: Data(xml.utf8))
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
        XCTAssertTrue(
            xml.contains(
                "<testsuites name=\"redo-conform validate\" tests=\"16\" failures=\"2\" errors=\"0\" skipped=\"0\">"))
        XCTAssertEqual(xml.components(separatedBy: "<testsuite ").count - 1, 3)
        XCTAssertTrue(
            xml.contains("<failure type=\"E_HASH_MISMATCH\" message=\"id.hash: id does not match the content"))
        XCTAssertTrue(
            xml.contains(
                "<system-out>X_DELETED_CHAIN_ORDER deletedChain.order $.data.payload.deletedChain[0]: deletedChain lists "
            ), xml)
        XCTAssertEqual(JUnitReport.escape("a<b&\"c\u{1}"), "a&lt;b&amp;&quot;c\u{FFFD}")
    }

    /// A record's warnings are its test case's `<system-out>`, one line each (a rejected
    /// record lists them in its `<failure>` as well); a duplicate record is `<skipped>`,
    /// counted in its suite and in all.
    func testJUnitShowsWarningsAndSkipsDuplicates() throws {
        let seed = "junit warnings"
        func builder(_ task: String) -> LogBuilder {
            LogBuilder(
                factory: NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0)),
                task: FixtureKeys.uuid(seed: seed, task))
        }
        // deletedChain newest-first: a warning, and the DELETE stays valid.
        var a = builder("a")
        let create = a.create()
        let update = a.node(.update, parents: [create], [member("title", str("x"))])
        let delete = a.node(
            .delete, parents: [update], [member("deletedChain", .array([str(update.idText), str(create.idText)]))])
        // The same warning on a DELETE rejected for its lamport.
        var b = builder("b")
        let create2 = b.create()
        let update2 = b.node(.update, parents: [create2], [member("title", str("y"))])
        let badDelete = b.node(
            .delete, parents: [update2], [member("deletedChain", .array([str(update2.idText), str(create2.idText)]))],
            lamport: 5)
        func lines(_ nodes: [JSONObject]) -> String {
            nodes.map { String(decoding: OrderedJSONWriter.bytes(.object($0)), as: UTF8.self) + "\n" }.joined()
        }
        let folder = TempFiles.folder("junit-warnings")
        let pathA = TempFiles.write(lines([create, update, delete, create]), to: folder + "/a.jsonl")
        let pathB = TempFiles.write(lines([create2, update2, badDelete, create, create2]), to: folder + "/b.jsonl")
        let result = ValidationRun(options: ValidationOptions()).run([pathA, pathB])
        XCTAssertEqual(
            result.verdict.records.map(\.status),
            [.valid, .valid, .valid, .duplicate, .valid, .valid, .rejected, .duplicate, .duplicate])
        let xml = renderReport { JUnitReport.write(result, to: &$0) }

        let suiteA = JUnitReport.escape(pathA)
        let suiteB = JUnitReport.escape(pathB)
        func warning(_ child: JSONObject, _ parent: JSONObject) -> String {
            "X_DELETED_CHAIN_ORDER deletedChain.order $.data.payload.deletedChain[0]: deletedChain lists \(child.idText) before its parent \(parent.idText); the expected order is ancestors first"
        }
        let lamport =
            "E_LAMPORT_VIOLATION lamport.successor $.timestamp.lamport: lamport must be 3 (the parents' highest is 2), found 5"
        XCTAssertTrue(
            xml.contains(
                "<testsuites name=\"redo-conform validate\" tests=\"9\" failures=\"1\" errors=\"0\" skipped=\"3\">\n"),
            xml)
        XCTAssertTrue(
            xml.contains("  <testsuite name=\"\(suiteA)\" tests=\"4\" failures=\"0\" errors=\"0\" skipped=\"1\">\n"),
            xml)
        XCTAssertTrue(
            xml.contains("  <testsuite name=\"\(suiteB)\" tests=\"5\" failures=\"1\" errors=\"0\" skipped=\"2\">\n"),
            xml)
        XCTAssertTrue(
            xml.contains(
                """
                    <testcase classname="\(suiteA)" name="\(suiteA):2 \(update.idText)"/>
                    <testcase classname="\(suiteA)" name="\(suiteA):3 \(delete.idText)">
                      <system-out>\(warning(update, create))</system-out>
                    </testcase>
                    <testcase classname="\(suiteA)" name="\(suiteA):4 \(create.idText)">
                      <skipped message="duplicate of \(suiteA):1"/>
                    </testcase>

                """), xml)
        XCTAssertTrue(
            xml.contains(
                """
                    <testcase classname="\(suiteB)" name="\(suiteB):3 \(badDelete.idText)">
                      <failure type="E_LAMPORT_VIOLATION" message="lamport.successor: lamport must be 3 (the parents' highest is 2), found 5">\(lamport)&#10;\(warning(update2, create2))</failure>
                      <system-out>\(warning(update2, create2))</system-out>
                    </testcase>
                    <testcase classname="\(suiteB)" name="\(suiteB):4 \(create.idText)">
                      <skipped message="duplicate of \(suiteA):1"/>
                    </testcase>
                    <testcase classname="\(suiteB)" name="\(suiteB):5 \(create2.idText)">
                      <skipped message="duplicate of \(suiteB):1"/>
                    </testcase>

                """), xml)

        // Well-formed, and read back as a JUnit reader sees it.
        let parser = XMLParser(data: Data(xml.utf8))
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.attribute(forName: "skipped")?.stringValue, "3")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.map { $0.attribute(forName: "skipped")?.stringValue }, ["1", "2"])
        let cases = suites.flatMap { $0.elements(forName: "testcase") }
        XCTAssertEqual(cases.count, 9)
        XCTAssertEqual(
            cases.map { $0.elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue },
            [
                nil, nil, nil, "duplicate of \(pathA):1", nil, nil, nil, "duplicate of \(pathA):1",
                "duplicate of \(pathB):1",
            ])
        XCTAssertEqual(
            cases.map { $0.elements(forName: "system-out").first?.stringValue },
            [nil, nil, warning(update, create), nil, nil, nil, warning(update2, create2), nil, nil])
        XCTAssertEqual(
            cases[6].elements(forName: "failure").first?.stringValue, lamport + "\n" + warning(update2, create2))

        // The json report names the same originals, on duplicates only.
        let report =
            try JSONSerialization.jsonObject(
                with: Data(renderReport { JSONReport.write(result, profile: .synced, to: &$0) }.utf8)) as! [String: Any]
        let records = report["records"] as! [[String: Any]]
        XCTAssertEqual(
            records.map { $0["duplicateOf"] as? String },
            [nil, nil, nil, "\(pathA):1", nil, nil, nil, "\(pathA):1", "\(pathB):1"])
        XCTAssertEqual(records.filter { $0.keys.contains("duplicateOf") }.count, 3)
    }
}
