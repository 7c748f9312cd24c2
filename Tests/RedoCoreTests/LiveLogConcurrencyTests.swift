import RedoCore
import RedoFixtures
import XCTest

/// Readers take snapshots of a shared live log while batches are taken in (each checked on
/// every core): every snapshot is the log between two batches. Run under ThreadSanitizer by
/// Scripts/sanitizers.sh.
final class LiveLogConcurrencyTests: XCTestCase {
    func testSnapshotsWhileIngesting() async throws {
        let records = LiveLogPropertyTests.generated(.faulty, nodes: 240, tasks: 8)
        let batches = stride(from: 0, to: records.count, by: 24).map {
            Array(records[$0..<min(records.count, $0 + 24)])
        }
        let boundaries = Set(batches.indices.map { 24 * $0 } + [records.count])
        let shared = LiveLogActor()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for batch in batches { _ = try await shared.ingest(batch) }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<50 {
                        let snapshot = await shared.snapshot
                        XCTAssertTrue(boundaries.contains(snapshot.verdicts.count))
                        XCTAssertEqual(snapshot.reconstruction.tasks.count, snapshot.taskStates.count)
                    }
                }
            }
            try await group.waitForAll()
        }
        let final = await shared.snapshot
        let validator = NodeValidator()
        XCTAssertEqual(final.verdicts, LogValidator().validate(records.map { validator.check(bytes: $0) }).records)
    }
}
