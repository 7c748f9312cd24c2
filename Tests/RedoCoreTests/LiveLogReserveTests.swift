import RedoCore
import RedoTestSupport
import XCTest

/// Room reserved in a live log changes nothing it gives: the same verdicts and state
/// whenever it is reserved, and a snapshot taken before keeps what it held.
final class LiveLogReserveTests: XCTestCase {
    func testReservingChangesNoVerdictOrState() throws {
        var rng = SeededRandom(for: self, seed: 0x2E5E_2FE)
        for (k, records) in LiveLogPropertyTests.logs.enumerated() {
            let batches = LiveLogCheck.split(records, using: &rng)
            var plain = LiveLog()
            var reserved = LiveLog()
            reserved.reserveCapacity(records: records.count)
            for (b, batch) in batches.enumerated() {
                // Now and then more room than the log will ever hold, or less than it holds.
                if b % 3 == 1 { reserved.reserveCapacity(records: [0, 4 * records.count][b % 2]) }
                XCTAssertEqual(try reserved.ingest(batch).verdicts, try plain.ingest(batch).verdicts, "log \(k)")
            }
            XCTAssertEqual(reserved.verdicts, plain.verdicts, "log \(k)")
            XCTAssertEqual(
                StateRendering.canonicalBytes(reserved.reconstruction),
                StateRendering.canonicalBytes(plain.reconstruction), "log \(k)")
        }
    }

    func testASnapshotKeepsWhatItHeld() async throws {
        let records = LiveLogPropertyTests.logs[0]
        let actor = LiveLogActor()
        _ = try await actor.ingest(Array(records.prefix(records.count / 2)))
        let snapshot = await actor.snapshot
        await actor.reserveCapacity(records: 10 * records.count)
        _ = try await actor.ingest(Array(records.dropFirst(records.count / 2)))
        XCTAssertEqual(snapshot.verdicts.count, records.count / 2)
        let now = await actor.snapshot
        XCTAssertEqual(now.verdicts.count, records.count)
    }

    /// Room beyond the log's limit is not reserved, and a negative count reserves nothing:
    /// the limit stands as it was.
    func testRoomStopsAtTheLimit() throws {
        var log = LiveLog(limits: LiveLogLimits(records: 10))
        log.reserveCapacity(records: Int.max / 2)
        log.reserveCapacity(records: -1)
        let records = LiveLogPropertyTests.logs[0]
        XCTAssertThrowsError(try log.ingest(Array(records.prefix(11))))
        XCTAssertEqual(try log.ingest(Array(records.prefix(10))).verdicts.count, 10)
    }
}
