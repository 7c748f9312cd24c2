import RedoCore
import RedoLiveWorkload
import XCTest

/// The workloads measure what their names say: held-back records are new nodes on existing
/// heads (none waits, none changes an earlier verdict), and each cascade changes the verdicts
/// or tasks it claims. Small sizes; the benchmarks use the same code at 60,000 nodes.
final class LiveLogWorkloadTests: XCTestCase {
    func testHeldBackRecordsAreNewNodesOnExistingHeads() throws {
        let workload = try LiveLogWorkload(nodes: 600, tasks: 100, heldBack: 150)
        let heldBack = try workload.heldBackRecords()
        XCTAssertEqual(heldBack.count, 150)
        let verified = MemoryVerifiedSignatures()
        var live = try workload.load(verified: verified)
        XCTAssertEqual(live.verdicts.count, 600)
        XCTAssertTrue(live.verdicts.allSatisfy { $0.status == .valid })
        // One node, then a batch of 100, as the benchmarks take them.
        for batch in [Array(heldBack[0..<50]), Array(heldBack[50...])] {
            let update = try live.ingest(batch)
            XCTAssertTrue(update.verdicts.allSatisfy { $0.status == .valid })
            XCTAssertTrue(update.changedVerdicts.isEmpty)
            XCTAssertFalse(update.changedTasks.isEmpty)
        }
        // The load told the store every signature, so a second load verifies none.
        let reloaded = try workload.load(verified: verified)
        XCTAssertEqual(reloaded.verdicts, try workload.load().verdicts)
    }

    func testParentArrivingLastReleasesTheChain() throws {
        let cascade = CascadeWorkload.releasingChain(nodes: 200)
        var live = try cascade.load()
        XCTAssertEqual(live.verdicts.filter { $0.status == .valid }.count, 1)
        let update = try live.ingest([cascade.trigger])
        XCTAssertEqual(update.verdicts.map(\.status), [.valid])
        XCTAssertEqual(update.changedVerdicts.count, 199)
    }

    func testParentArrivingLastReleasesTheTailAlone() throws {
        let cascade = CascadeWorkload.releasingTail(of: 200, waiting: 2)
        XCTAssertEqual(cascade.held.count, 199)
        var live = try cascade.load()
        XCTAssertEqual(live.verdicts.filter { $0.status == .valid }.count, 197)
        let update = try live.ingest([cascade.trigger])
        XCTAssertEqual(update.verdicts.map(\.status), [.valid])
        XCTAssertEqual(update.changedVerdicts.map(\.verdict.status), [.valid, .valid])
        XCTAssertEqual(update.changedTasks.count, 1)
    }

    func testDeleteCarriesTheWholeTask() throws {
        let cascade = CascadeWorkload.deleteAcross(nodes: 200)
        XCTAssertEqual(cascade.held.count, 200)
        var live = try cascade.load()
        let update = try live.ingest([cascade.trigger])
        XCTAssertEqual(update.verdicts.map(\.status), [.valid])
        XCTAssertEqual(update.changedTasks.filter(\.isDeleted).count, 1)
    }

    func testCascadesOnTheLoadedAccountChangeOnlyTheirTask() throws {
        let account = try LoadedAccount(LiveLogWorkload(nodes: 600, tasks: 100, heldBack: 10))
        _ = try account.ingest(account.nextHeldBack(10))
        let release = CascadeWorkload.releasingChain(nodes: 200, seed: "test-release")
        try account.hold(release)
        let released = try account.trigger(release)
        XCTAssertEqual(released.verdicts.map(\.status), [.valid])
        XCTAssertEqual(released.changedVerdicts.count, 199)
        // A second cascade of the same kind needs a seed of its own, and gets a task of its own.
        let delete = CascadeWorkload.deleteAcross(nodes: 200, seed: "test-delete")
        try account.hold(delete)
        let deleted = try account.trigger(delete)
        XCTAssertEqual(deleted.verdicts.map(\.status), [.valid])
        XCTAssertEqual(deleted.changedTasks.filter(\.isDeleted).count, 1)
        XCTAssertEqual(account.cascadesHeld, 2)
        XCTAssertEqual(account.live.deletedTasks.count, 1)
        XCTAssertEqual(account.live.verdicts.filter { $0.status != .valid }.count, 0)
    }

    func testSignaturesAloneVerifiesEveryRecord() throws {
        let workload = try LiveLogWorkload(nodes: 10, tasks: 2, heldBack: 100)
        let signatures = SignaturesAlone.prepare(try workload.heldBackRecords())
        XCTAssertEqual(signatures.count, 100)
        XCTAssertEqual(SignaturesAlone.verify(signatures), 100)
    }
}
