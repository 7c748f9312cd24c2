import Foundation
import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoValidation

/// Every documented limit gives a clear error, and none rejects what the protocol allows.
final class LimitTests: XCTestCase {
    static let scenario = LogVectorFiles.named("valid-life")

    func testJobsAndRecordLimitOptionsHaveBounds() {
        XCTAssertNil(ValidationOptions.usageProblem(jobs: nil, maxRecords: nil))
        XCTAssertNil(ValidationOptions.usageProblem(jobs: 1, maxRecords: 1))
        XCTAssertNil(ValidationOptions.usageProblem(jobs: 1024))
        XCTAssertEqual(ValidationOptions.usageProblem(jobs: 0), "--jobs must be 1…1024, got 0")
        XCTAssertEqual(ValidationOptions.usageProblem(jobs: 100_000), "--jobs must be 1…1024, got 100000")
        XCTAssertEqual(
            ValidationOptions.usageProblem(jobs: 2, maxRecords: 0), "--max-records must be at least 1, got 0")
    }

    /// The default record limit follows the memory: 768 bytes a record, never below a
    /// million, and this machine's default is what its memory admits.
    func testDefaultRecordLimitFollowsTheMemory() {
        XCTAssertEqual(RecordBudget.records(fitting: 24 << 30), 33_554_432)
        XCTAssertEqual(RecordBudget.records(fitting: 256 << 20), 1_000_000)
        XCTAssertEqual(RecordBudget.records(fitting: .max), Int(UInt64.max / 768))
        XCTAssertEqual(ValidationOptions().maxRecords, RecordBudget.records(fitting: RecordBudget.availableMemory))
        XCTAssertLessThanOrEqual(RecordBudget.availableMemory, ProcessInfo.processInfo.physicalMemory)
    }

    func testRecordCountLimit() {
        let folder = TempFiles.folder("max-records")
        let path = TempFiles.write(Self.scenario.records.flatMap { $0 + [0x0A] }, to: folder + "/log.jsonl")
        let second = TempFiles.write(Self.scenario.records.flatMap { $0 + [0x0A] }, to: folder + "/more.jsonl")
        var options = ValidationOptions()
        options.maxRecords = 5
        let result = ValidationRun(options: options).run([path, second])
        XCTAssertEqual(result.verdict.records.count, 5)
        XCTAssertEqual(
            result.problems.map(\.message),
            [
                "only partly read: the run reached the limit of 5 records",
                "not read: the run already holds 5 records, the record limit",
            ])
        XCTAssertFalse(result.problems.isEmpty, "an input problem (validate exits 2)")
    }

    /// The 1 MiB payload limit caps deletedChain at about 14,000 ids; 14,000 pass.
    func testDeletedChainLengthFollowsThePayloadLimit() {
        let key = FixtureKeys.pair(seed: "limits", index: 0)
        let factory = NodeFactory(key: key)
        func delete(_ count: Int) -> NodeCheck {
            let chain = (0..<count).map {
                JSONValue.string(NodeID(digest: RedoSHA256.hash(Array("id \($0)".utf8))).text)
            }
            let node = factory.node(
                .delete, task: FixtureKeys.uuid(seed: "limits", "t"), parents: [chain[count - 1].stringValue!],
                lamport: 2,
                wall: "2025-10-26T00:00:00.000Z", payload: [member("deletedChain", .array(chain))])
            return NodeValidator().check(value: .object(node))
        }
        XCTAssertTrue(delete(14_000).passed)
        let tooLong = delete(15_000)
        XCTAssertEqual(tooLong.findings.map(\.rule), [.payloadSize])
        XCTAssertEqual(
            tooLong.findings.first?.message, "the payload's canonical form is 1110018 bytes, over the limit of 1048576")
    }

    /// The nesting limit (512) applies to records; a node nested 511 deep in extensions is fine.
    func testNestingDepthInRecords() {
        let factory = NodeFactory(key: FixtureKeys.pair(seed: "limits", index: 0))
        func node(depth: Int) -> [UInt8] {
            var nested = JSONValue.number(1)
            for _ in 0..<depth { nested = .array([nested]) }
            let object = factory.node(
                .create, task: FixtureKeys.uuid(seed: "limits", "deep"), parents: [], lamport: 1,
                wall: "2025-10-26T00:00:00.000Z",
                payload: [
                    member("title", str("deep")), member("extensions", .object(JSONObject([member("x", nested)]))),
                ])
            return OrderedJSONWriter.bytes(.object(object))
        }
        // Envelope {, data {, payload {, extensions {, then the arrays: 4 levels already.
        XCTAssertTrue(NodeValidator().check(bytes: node(depth: 508)).passed)
        let deep = NodeValidator().check(bytes: node(depth: 509))
        XCTAssertEqual(deep.findings.map(\.rule), [.recordSyntax])
        XCTAssertTrue(deep.findings[0].message.contains("nesting deeper than 512 levels"), deep.findings[0].message)
    }

    func testRecordSizeLimitIsConfigurable() {
        var options = ValidationOptions()
        options.maxRecordBytes = 256
        let folder = TempFiles.folder("record-size")
        let path = TempFiles.write(Self.scenario.records.flatMap { $0 + [0x0A] }, to: folder + "/log.jsonl")
        let result = ValidationRun(options: options).run([path])
        XCTAssertEqual(result.verdict.records.count, Self.scenario.records.count)
        XCTAssertTrue(
            result.verdict.records.allSatisfy { $0.findings.first?.rule == .recordSize },
            "\(result.verdict.records.map(\.findings))")
    }
}
