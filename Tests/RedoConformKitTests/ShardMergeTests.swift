import Foundation
import RedoCore
import RedoFixtures
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// `validate --shard K/N` then `merge-reports`: for N = 1 to 4, the merged report is byte
/// for byte the one unsharded run's, in json, junit and text, on the vectors and on
/// generated logs with faults of every kind, across tasks too.
final class ShardMergeTests: XCTestCase {
    static let vectors = VectorFiles.repositoryRoot.appendingPathComponent("Vectors").path

    /// Each shard's json report written to a file, as `validate --shard K/N --format json`
    /// writes it; returns the files.
    private func shardReports(_ operands: [String], count: Int, label: String) -> [String] {
        (0..<count).map { index in
            var options = ValidationOptions()
            options.shard = Shard(index: index, count: count)
            let view = ShardReportView(ValidationRun(options: options).run(operands), shard: options.shard!)
            XCTAssertEqual(view.nodeCount, Self.distinctClaims(view), "\(label): shard \(index) of \(count)")
            let text = renderReport { JSONReport.write(view, profile: .synced, shard: view.extras, to: &$0) }
            return TempFiles.write(text, to: TempFiles.path("\(label)-shard-\(index)-of-\(count)") + ".json")
        }
    }

    /// A shard summary's node count by its definition: the distinct id texts (by bytes) its
    /// records claim, each record without one counting alone.
    private static func distinctClaims(_ view: ShardReportView) -> Int {
        var ids = Set<[UInt8]>()
        var withoutId = 0
        for record in 0..<view.recordCount {
            if let id = view.claimedId(record) { ids.insert(Array(id.utf8)) } else { withoutId += 1 }
        }
        return ids.count + withoutId
    }

    private func assertShardsMerge(
        _ operands: [String], label: String, file: StaticString = #filePath, line: UInt = #line
    )
        throws
    {
        let whole = ValidationRun(options: ValidationOptions()).run(operands)
        let expected = reports(whole)
        for count in 1...4 {
            let paths = shardReports(operands, count: count, label: label)
            let merged = try MergedReport.read(paths.reversed())
            let got = reports(merged)
            for (format, text) in expected {
                XCTAssertEqual(got[format], text, "\(label): \(format), \(count) shards", file: file, line: line)
            }
            XCTAssertEqual(ValidateCommand.status(merged), ValidateCommand.status(whole), label, file: file, line: line)
        }
    }

    private func reports(_ run: some ReportedRun) -> [String: String] {
        [
            "json": renderReport { JSONReport.write(run, profile: .synced, to: &$0) },
            "junit": renderReport { JUnitReport.write(run, to: &$0) },
            "text": renderReport { TextReport().write(run, to: &$0) },
            "text --warnings": renderReport { TextReport(warnings: true).write(run, to: &$0) },
        ]
    }

    func testShippedVectors() throws {
        for folder in ["logs", "exports", "nodes", "reconstruction"] {
            try assertShardsMerge([Self.vectors + "/" + folder], label: folder)
        }
        // Each log vector as a run of its own: the cross-task ones split their tasks over
        // shards for some N.
        let logs = try FileManager.default.contentsOfDirectory(atPath: Self.vectors + "/logs").filter {
            $0.hasSuffix(".jsonl")
        }
        for name in logs.sorted() { try assertShardsMerge([Self.vectors + "/logs/" + name], label: name) }
    }

    /// A parent in another task whose record fails its signature: the child's findings
    /// depend on a signature another shard owns, for whichever seed puts the two tasks in
    /// different shards.
    func testParentsAcrossShardsWithBadSignatures() throws {
        let folder = TempFiles.folder("cross-task")
        var lines: [UInt8] = []
        for seed in 0..<12 {
            let scenarios = (try LogCatalog.scenarios(seed: "shard \(seed)")).filter {
                $0.id.hasPrefix("parent-other-task")
            }
            for scenario in scenarios { for record in scenario.records { lines += record + [0x0A] } }
        }
        try assertShardsMerge([TempFiles.write(lines, to: folder + "/log.jsonl")], label: "cross-task")
    }

    /// Generated logs with faults: bad signatures (the descendants inherit), lines that
    /// are not JSON, records without a taskId, duplicates, copies that claim a valid
    /// node's id but fail its signature or its hash, a missing input; and a hostile
    /// shape that rejects most records; and the faulty shape, whose descendants fold below
    /// their root causes.
    func testGeneratedLogsWithFaults() throws {
        let folder = TempFiles.folder("generated")
        var records: [[UInt8]] = []
        LogGenerator(shape: .benign, nodes: 1500, tasks: 120, seed: "shards", jobs: 2).generate { records.append($0) }
        var faulty: [UInt8] = []
        for (k, record) in records.enumerated() {
            var line = record
            switch k % 97 {
            case 5: line = RecordTampering.breakSignature(line)
            case 11: line = Array("{\"not\": json".utf8)
            case 23:
                line = Array(
                    String(decoding: line, as: UTF8.self).replacingOccurrences(of: "\"taskId\"", with: "\"taskID\"")
                        .utf8)
            case 41: faulty += line + [0x0A]  // a duplicate record
            case 59:  // a copy of the record, then one with a broken signature claiming its id
                faulty += line + [0x0A]
                line = RecordTampering.breakSignature(line)
            case 71:  // a copy of the record, then one whose content no longer hashes to its id
                faulty += line + [0x0A]
                line = RecordTampering.changeLamport(line)
            default: break
            }
            faulty += line + [0x0A]
        }
        let log = TempFiles.write(faulty, to: folder + "/faulty.jsonl")
        try assertShardsMerge([log, folder + "/missing.jsonl"], label: "faulty")

        var hostile: [UInt8] = []
        LogGenerator(shape: .mostlyRejected, nodes: 800, tasks: 60, seed: "shards", jobs: 2).generate {
            hostile += $0 + [0x0A]
        }
        try assertShardsMerge([TempFiles.write(hostile, to: folder + "/hostile.jsonl")], label: "hostile")

        // Descendants below their root causes: the text report's folds must merge too.
        var rooted: [UInt8] = []
        LogGenerator(shape: .faulty, nodes: 1200, tasks: 80, seed: "shards", jobs: 2).generate { rooted += $0 + [0x0A] }
        try assertShardsMerge([TempFiles.write(rooted, to: folder + "/rooted.jsonl")], label: "root causes")
    }

    func testShardHashIsSHA256OfTheTaskId() {
        // SHA-256("a") starts ca978112ca1bbdca: ca978112ca1bbdca mod 7 = 1.
        XCTAssertEqual(Shard.of(taskId: "a", count: 7), Int(UInt64(0xca97_8112_ca1b_bdca) % 7))
        XCTAssertEqual(Shard.of(taskId: nil, count: 4), 0)
        XCTAssertEqual(Shard(parsing: "3/4"), Shard(index: 3, count: 4))
        for bad in ["4/4", "0/0", "-1/2", "1", "1/2/3", "a/b", " 1/2", "0/1025"] {
            XCTAssertNil(Shard(parsing: bad), bad)
        }
    }

    func testMergeRefusesReportsThatAreNotOneRunsShards() throws {
        let log = Self.vectors + "/logs/valid-life.jsonl"
        let two = shardReports([log], count: 2, label: "refuse")
        let three = shardReports([log], count: 3, label: "refuse")
        for paths in [[two[0]], [two[0], two[0]], [two[0], three[1]], []] {
            XCTAssertThrowsError(try MergedReport.read(paths), "\(paths)")
        }
        let unsharded = TempFiles.write(
            renderReport {
                JSONReport.write(ValidationRun(options: ValidationOptions()).run([log]), profile: .synced, to: &$0)
            },
            to: TempFiles.path("unsharded") + ".json")
        XCTAssertThrowsError(try MergedReport.read([unsharded])) {
            XCTAssertTrue("\($0)".contains("not a shard report"), "\($0)")
        }
        // Bytes that are not JSON, and a shard report with a record of the wrong shape (a
        // status that is a number, a code that is not a string, a file the report does not
        // list): each named with its path.
        // (The shard holding the log's task; the other may hold no record.)
        let texts = try two.map { try String(contentsOfFile: $0, encoding: .utf8) }
        let held = texts[0].contains("\"status\":\"valid\"") ? 0 : 1
        let text = texts[held]
        let broken = [
            ("truncated", String(text.prefix(text.count / 2)), "not JSON"),
            (
                "status", text.replacingOccurrences(of: "\"status\":\"valid\"", with: "\"status\":1"),
                "record 0 is not as"
            ),
            ("code", text.replacingOccurrences(of: "\"code\":null", with: "\"code\":[]"), "record 0 is not as"),
            ("file", text.replacingOccurrences(of: "\"file\":0", with: "\"file\":7"), "record 0 is not as"),
        ]
        for (label, content, reason) in broken {
            let path = TempFiles.write(Array(content.utf8), to: TempFiles.path("refuse-\(label)") + ".json")
            XCTAssertThrowsError(try MergedReport.read([two[1 - held], path]), label) {
                XCTAssertTrue("\($0)".hasPrefix(path + ": "), "\($0)")
                XCTAssertTrue("\($0)".contains(reason), "\($0)")
            }
        }
    }
}
