import RedoCore
import RedoFixtures
import RedoTestSupport
import XCTest

/// The usual sync, new nodes on the heads, costs its own nodes: the tasks they land on are
/// not judged or replayed again, however many nodes those tasks hold. So does a parent that
/// arrives after the newer nodes below it.
final class LiveLogSyncCostTests: XCTestCase {
    /// The counted work (`OperationCount`) of taking in a task's last node, a MERGE, after the
    /// rest of the task (layers of 10 UPDATEs, each closed by a MERGE): the same for a task of
    /// n nodes and of 4n.
    func testAMergeOnALongTasksHeadsCostsItsOwnNode() throws {
        try assertTheLastNodeCostsTheSameAtFourTimesTheNodes(.mergeStack)
    }

    /// The same for a task whose nodes create and complete a todo each in turn: the last
    /// node completes the latest todo, and the task's other todos (n / 2 of them) are neither
    /// replayed nor sorted again.
    func testCompletingATodoCostsTheSameHoweverManyTodosTheTaskHas() throws {
        try assertTheLastNodeCostsTheSameAtFourTimesTheNodes(.chain)
    }

    private func assertTheLastNodeCostsTheSameAtFourTimesTheNodes(_ shape: LogGenerator.Shape) throws {
        try XCTSkip.unlessOperationsAreCounted()
        let n = 240
        let steps = try [n, 4 * n].map { try stepsOfTheLastNode(shape, $0) }
        XCTAssertLessThanOrEqual(
            Double(steps[1]) / Double(steps[0]), 1.5,
            "\(steps[0]) steps for a task of \(n) nodes, \(steps[1]) at \(4 * n)")
    }

    /// A parent that arrives after the two nodes below it, all three newer than the rest of
    /// a long task (an out-of-order sync): only those three are judged and replayed. What is
    /// left of the task's size is one pass over its list of nodes, to find those that are
    /// not valid: counted as a step a node, it is all that grows from n nodes to 4n.
    func testAParentArrivingAfterItsChildrenAtATasksEndCostsThem() throws {
        try assertStepsGrow(atMost: 1, aNode: stepsOfAReleaseAtTheEnd)
    }

    /// Counts `steps` for a task of n = 240 nodes and of 4n: those at 4n exceed those at n by
    /// at most `perNode` steps for each node more (and a few).
    private func assertStepsGrow(atMost perNode: Int, aNode steps: (Int) throws -> Int) throws {
        try XCTSkip.unlessOperationsAreCounted()
        let n = 240
        let counts = try [n, 4 * n].map(steps)
        XCTAssertLessThanOrEqual(
            counts[1] - counts[0], perNode * 3 * n + 10, "\(counts[0]) steps at \(n) nodes, \(counts[1]) at \(4 * n)")
    }

    /// The counted work of taking in the third node from the end of a chain of `size` nodes,
    /// after the rest; checks what it judged and the state it gives against the batch replay.
    private func stepsOfAReleaseAtTheEnd(_ size: Int) throws -> Int {
        let task = LiveLogCascadeTests.generated(.chain, nodes: size, tasks: 1, seed: "release-cost")
        let parent = task.count - 3
        var live = try LiveLogCheck.holds(
            [Array(task[..<parent]), Array(task[(parent + 1)...])], "a chain waiting for its third node from the end")
        let judgedBefore = live.scopedNodes
        let (update, steps) = try OperationCount.counting { try live.ingest([task[parent]]) }
        XCTAssertEqual(update.verdicts.map(\.status), [.valid])
        XCTAssertEqual(update.changedVerdicts.map(\.verdict.status), [.valid, .valid])
        XCTAssertEqual(live.scopedNodes - judgedBefore, 3, "the parent and the two nodes below it")
        try assertTheStateIsTheBatchReplays(update, of: task)
        return steps
    }

    /// A node from a device that was offline, made off the third node from the end of a long
    /// task: older in the total order than the two nodes after its parent. Only it and those
    /// two are judged and replayed; the task's earlier nodes keep their verdicts, their history
    /// and their part of the state. What is left of the task's size is counted as a step a
    /// node or a todo write: the pass that finds the nodes after the late one, the walk down
    /// the task's valid nodes to the last before it, and the pass over its todos' writes that
    /// forgets those of the nodes judged again (a chain writes a todo with every node).
    func testALateNodeAtATasksEndCostsTheNodesAfterIt() throws {
        try assertStepsGrow(atMost: 4, aNode: stepsOfALateNodeAtTheEnd)
    }

    /// The counted work of taking in a node off the third node from the end of a chain of
    /// `size` nodes, after the chain; checks what it judged and the state it gives against
    /// the batch replay.
    private func stepsOfALateNodeAtTheEnd(_ size: Int) throws -> Int {
        let (chain, fork) = LogGenerator.chainWithLateFork(nodes: size, back: 2, seed: "late-fork-cost", jobs: 1)
        var live = try LiveLogCheck.holds([chain], "a chain")
        let judgedBefore = live.scopedNodes
        let (update, steps) = try OperationCount.counting { try live.ingest([fork]) }
        XCTAssertEqual(update.verdicts.map(\.status), [.valid])
        XCTAssertTrue(update.changedVerdicts.isEmpty)
        XCTAssertEqual(live.scopedNodes - judgedBefore, 3, "the late node and the two after its parent")
        try assertTheStateIsTheBatchReplays(update, of: chain + [fork])
        return steps
    }

    /// The counted work of taking in the last node of a task of `size` nodes of `shape`, after
    /// the rest; checks the state it gives against the batch replay of the whole task.
    private func stepsOfTheLastNode(_ shape: LogGenerator.Shape, _ size: Int) throws -> Int {
        let task = LiveLogCascadeTests.generated(shape, nodes: size, tasks: 1, seed: "sync-cost")
        var live = LiveLog()
        _ = try live.ingest(Array(task.dropLast()))
        let (update, steps) = try OperationCount.counting { try live.ingest([task.last!]) }
        XCTAssertEqual(update.verdicts.map(\.status), [.valid])
        try assertTheStateIsTheBatchReplays(update, of: task)
        return steps
    }

    /// The one task `update` changed renders as the batch replay of `task`'s records.
    private func assertTheStateIsTheBatchReplays(_ update: LiveLogUpdate, of task: [[UInt8]]) throws {
        let validator = NodeValidator()
        let whole = Reconstructor.reconstruct(LogValidator().validate(task.map { validator.check(bytes: $0) }))
        XCTAssertEqual(
            LiveLogCheck.rendered(try XCTUnwrap(update.changedTasks.first?.task)),
            LiveLogCheck.rendered(try XCTUnwrap(whole.tasks.first)))
    }
}
