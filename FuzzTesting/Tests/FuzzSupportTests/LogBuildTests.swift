import FuzzSupport
import RedoCore
import RedoJSON
import XCTest

/// The log target's interpreter: fixed programs build the records they describe.
final class LogBuildTests: XCTestCase {
    private func records(_ program: [UInt8], caches: LogCaches = LogCaches(enabled: false)) -> [[UInt8]] {
        program.withUnsafeBufferPointer { LogBuild.records(of: $0, caches: caches) }
    }

    /// The record author `author` writes for these ingredients, built without the interpreter.
    private func expected(
        _ author: Int, _ action: Action, task: Int, parents: [String], lamport: Int, wall: Int64,
        _ payload: [JSONMember]
    ) -> [UInt8] {
        OrderedJSON.bytes(
            .object(
                authors[author].node(
                    action, task: taskIds[task], parents: parents, lamport: lamport, wall: wallText(wall),
                    payload: payload)))
    }

    private func object(_ record: [UInt8]) throws -> JSONObject {
        guard case let .object(object) = try JSONReader.parse(record) else { throw ParseError.notAnObject }
        return object
    }

    private enum ParseError: Error { case notAnObject }

    /// CREATE of task 0 by author A: mask 0, title "Task" (title 0), a second after the start.
    private let create: [UInt8] = [0x00, 0x00, 0x00]
    /// UPDATE by author B (modifier 1) of the latest node (0), the description "d5" (mask 2).
    private let update: [UInt8] = [0x11, 0x00, 0x02, 0x05]

    func testTheFirstStepIsACreate() throws {
        let built = records(create)
        XCTAssertEqual(
            built, [expected(0, .create, task: 0, parents: [], lamport: 1, wall: 1, [member("title", str("Task"))])])
        let node = try object(built[0])
        XCTAssertEqual(node["timestamp"]?.objectValue?["wall"]?.stringValue, "2025-10-26T09:00:01.000Z")
        XCTAssertEqual(node["author"]?.objectValue?["deviceId"]?.stringValue, "device-a")
        // A client's key order, not the canonical one.
        XCTAssertEqual(node.members.map(\.key).first, "id")
        XCTAssertEqual(node.members.map(\.key).last, "signature")
    }

    func testAnUpdateBuildsOnItsParent() throws {
        let built = records(create + update)
        XCTAssertEqual(built.count, 2)
        let create = try object(built[0])
        XCTAssertEqual(
            built[1],
            expected(
                1, .update, task: 0, parents: [create.idText], lamport: 2, wall: 2, [member("description", str("d5"))]))
    }

    func testAClockJumpMovesTheNextWall() throws {
        // Op 0x1F: a jump of one day (modifier 1) for the next node.
        let built = records(create + [0x1F] + update)
        let update = try object(built[1])
        XCTAssertEqual(update["timestamp"]?.objectValue?["wall"]?.stringValue, wallText(1 + 86_400 + 1))
    }

    func testRecordEditsTamperDuplicateAndReorder() throws {
        let edits: [UInt8] = [
            0x2B, 0x01,  // tamper (modifier 2: unsigned) with node 1, appended
            0x0C, 0x00,  // duplicate (modifier 0: the same bytes) of record 0
            0x1C, 0x01,  // duplicate (modifier 1: pretty-printed) of node 1
            0x0E, 0x02,  // move record 2, the unsigned one, to the front
        ]
        let built = records(create + update + edits)
        let plain = records(create + update)
        let unsigned = OrderedJSON.bytes(.object(try object(plain[1]).setting("signature", to: nil)))
        let pretty = OrderedJSON.bytes(.object(try object(plain[1])), pretty: true)
        XCTAssertEqual(built, [unsigned, plain[0], plain[1], plain[0], pretty])

        let validator = NodeValidator(profile: .synced)
        let verdict = LogValidator().validate(built.map { validator.check(bytes: $0) })
        XCTAssertEqual(verdict.records.map(\.status), [.rejected, .valid, .valid, .duplicate, .duplicate])
        XCTAssertEqual(verdict.validNodes.count, 2)
    }

    func testAForeignSignatureFailsOnlyItsSignature() throws {
        let built = records(create + [0x0B, 0x00])  // tamper (modifier 0: signed by B) with node 0
        XCTAssertEqual(built.count, 2)
        let check = NodeValidator(profile: .synced).check(bytes: built[1])
        XCTAssertEqual(check.findings.filter { $0.severity == .error }.map(\.rule.id), [Rule.signatureInvalid.id])
    }

    func testAProgramStopsAtTwentyFourNodes() {
        // 40 UPDATEs of the latest node: [0x01, 0x00, 0x00] each.
        let updates = [UInt8](repeating: 0, count: 120).enumerated().map { $0.offset % 3 == 0 ? UInt8(0x01) : 0 }
        XCTAssertEqual(records(create + updates).count, 24)
    }

    func testAProgramStopsAtFortyRecords() {
        // 60 duplicates of record 0: [0x0C, 0x00] each.
        let duplicates = [UInt8](repeating: 0, count: 120).enumerated().map { $0.offset % 2 == 0 ? UInt8(0x0C) : 0 }
        XCTAssertEqual(records(create + duplicates).count, 40)
    }

    func testBytesPastTheEndReadAsZero() {
        // A CREATE whose mask and title bytes are missing is the CREATE of [0, 0, 0].
        XCTAssertEqual(records([0x00]), records(create))
    }

    func testTheCachesChangeNoRecordOfAnyCommittedSeed() throws {
        let caches = LogCaches(enabled: true)
        for seed in try committedSeeds("log") {
            let without = records(seed.bytes)
            XCTAssertFalse(without.isEmpty, seed.name)
            XCTAssertEqual(records(seed.bytes, caches: caches), without, seed.name)
            XCTAssertEqual(records(seed.bytes, caches: caches), without, "\(seed.name), built again from the caches")
        }
    }
}
