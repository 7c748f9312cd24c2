import RedoCore
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

/// A batch that changes earlier verdicts (a parent that releases a waiting subtree, a
/// DELETE, nodes in adversarial orders) is judged over the tasks it can change, not over
/// every node, and still gives the batch validator's verdicts and the batch replay's state.
final class LiveLogCascadeTests: XCTestCase {
    static func generated(_ shape: LogGenerator.Shape, nodes: Int, tasks: Int, seed: String) -> [[UInt8]] {
        var records: [[UInt8]] = []
        var generator = LogGenerator(shape: shape, nodes: nodes, tasks: tasks, seed: seed, jobs: 1)
        generator.deleteLength = nodes - 1
        generator.generate { records.append($0) }
        return records
    }

    /// The account the cascades happen on: many tasks that no cascade touches.
    static let account = generated(.benign, nodes: 150, tasks: 15, seed: "cascade-account")
    static let chain = generated(.chain, nodes: 120, tasks: 1, seed: "cascade-chain")
    static let doomed = generated(.bigDelete, nodes: 40, tasks: 1, seed: "cascade-delete")

    func testParentReleasesItsSubtreeAlone() throws {
        let chain = Self.chain
        let live = try LiveLogCheck.holds(
            [Self.account, [chain[0]] + chain[2...], [chain[1]]], "a parent arriving after its subtree")
        XCTAssertEqual(live.rulesRunAgain, 0)
        // The CREATE, valid and first, is not judged again; the nodes below it are.
        XCTAssertEqual(live.scopedNodes, chain.count - 1, "only the chain's nodes that waited are judged again")

        var split = LiveLog()
        _ = try split.ingest(Self.account + [chain[0]] + chain[2...])
        let update = try split.ingest([chain[1]])
        XCTAssertEqual(update.changedVerdicts.count, chain.count - 2, "every node below the parent is released")
        XCTAssertEqual(update.changedTasks.count, 1)
    }

    func testDeleteAcrossATaskIsJudgedAlone() throws {
        let doomed = Self.doomed
        let last = try LiveLogCheck.holds(
            [Self.account, Array(doomed.dropLast()), [doomed.last!]], "a DELETE arriving last")
        XCTAssertEqual(last.rulesRunAgain, 0)
        XCTAssertEqual(last.deletedTasks.count, 1)
        // The DELETE first, then its task one node at a time, parents first: every node
        // but the last arrives before what it waits for.
        let first = try LiveLogCheck.holds(
            [Self.account, [doomed.last!]] + doomed.dropLast().map { [$0] }, "a DELETE arriving first")
        // Each node precedes the DELETE, so each batch judges the task again (its nodes, no
        // others); the rules run over every node only to drop what that left behind.
        XCTAssertLessThanOrEqual(first.scopedNodes, doomed.count * doomed.count, "each batch judges one task at most")
        XCTAssertLessThanOrEqual(first.rulesRunAgain, first.scopedNodes / first.nodes.count + 1)
    }

    /// The work of a release (`OperationCount`) follows the released task's nodes: twice
    /// the nodes, at most the growth of n log n, on the same account.
    func testReleaseWorkGrowsWithTheReleasedTaskAlone() throws {
        try XCTSkip.unlessOperationsAreCounted()
        let n = 500
        let steps = try [n, 2 * n].map { size in
            let chain = Self.generated(.chain, nodes: size, tasks: 1, seed: "cascade-growth")
            var live = LiveLog()
            _ = try live.ingest(Self.account + [chain[0]] + chain[2...])
            return try OperationCount.counting { try live.ingest([chain[1]]) }.steps
        }
        let allowed = 2 * log2(Double(2 * n)) / log2(Double(n))
        XCTAssertLessThanOrEqual(
            Double(steps[1]) / Double(steps[0]), allowed, "\(steps[0]) steps at n, \(steps[1]) at 2n")
    }

    /// Reversed, parents after children, shuffled into random batches: whatever the order,
    /// a log whose lamports are consistent is judged task by task, never all over.
    func testAdversarialOrdersStayScoped() throws {
        var rng = SeededRandom(for: self, seed: 0xCA5C_ADE)
        let records = Self.account.prefix(60) + Self.chain.prefix(20) + Self.doomed
        let byLamport = records.sorted { LiveLogCheck.lamport($0) > LiveLogCheck.lamport($1) }
        let orders: [(String, [[[UInt8]]])] = [
            ("reversed, one at a time", records.reversed().map { [$0] }),
            ("parents after children", byLamport.map { [$0] }),
            ("shuffled in random batches", LiveLogCheck.split(records.shuffled(using: &rng), using: &rng)),
        ]
        for (name, batches) in orders {
            let live = try LiveLogCheck.holds(batches, name)
            XCTAssertEqual(live.rulesRunAgain, 0, name)
            XCTAssertGreaterThan(live.scopedNodes, 0, name)
        }
    }

    /// Random logs (other-task parents, MERGEs, broken nodes) in adversarial orders: the
    /// scope reaches the tasks below a changed node through other-task parents.
    func testRandomLogsInAdversarialOrders() throws {
        var rng = SeededRandom(for: self, seed: 0xCA5C_0DD)
        var scoped = 0
        for seed in 0..<UInt64(6) {
            let records = RandomLog(seed: 0xCA5C + seed).records
            let live = try LiveLogCheck.holds(
                LiveLogCheck.split(records.shuffled(using: &rng), using: &rng), "random log \(seed), shuffled")
            scoped += live.scopedNodes
        }
        XCTAssertGreaterThan(scoped, 0, "some batches were judged over their scope")
    }
}
