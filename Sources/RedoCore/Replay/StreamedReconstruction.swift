import RedoCrypto
import RedoJSON

/// The reconstructed state of a log, made one task at a time.
///
/// `Reconstructor.reconstruct` holds every task's state at once: on a log of a million
/// nodes in 200,000 tasks that is about 250 MB beside the verdict. Writing the state needs
/// only one task at a time, and which tasks are deleted, which is known first. This
/// replays each task when `forEachTask` reaches it and lets it go after, so the state
/// costs the verdict it reads and one task.
public struct StreamedReconstruction: Sendable, ReconstructedState {
    private let verdict: LogVerdict
    /// Valid nodes' positions grouped by task, in total order within each task: task k's
    /// are `grouped[start[k]..<start[k + 1]]`, tasks in the order of `taskIds`.
    private let grouped: [Int32]
    private let start: [Int]
    /// Every task with a valid node, sorted, and whether all its valid nodes are deleted.
    private let taskIds: [UUIDv4]
    private let isDeleted: [Bool]
    /// The tasks `forEachTask` gives (those not deleted), as indices into `taskIds`.
    private let listed: [Int32]

    /// The tasks whose every valid node is deleted, sorted.
    public let deleted: [UUIDv4]
    /// How many tasks `forEachTask` gives: every task with a surviving node.
    public var taskCount: Int { taskIds.count - deleted.count }
    /// The log verdict's rejected ids with their codes (see `LogVerdict.rejected`).
    public var rejected: [(id: String, code: ErrorCode)] { verdict.rejected }

    /// Groups the verdict's valid nodes by task and finds the deleted tasks; replays
    /// nothing else yet. Keeps the verdict (shared, not copied) until it is let go of.
    public init(_ verdict: LogVerdict) {
        self.verdict = verdict
        // Valid nodes in total order (valid nodes' lamports are consistent), grouped by
        // task with a counting sort into one flat array: no array per task.
        OperationCount.add(verdict.order.count)
        let nodes = verdict.nodes
        let valid = verdict.order.filter { verdict.nodeStatus[Int($0)] == nil }
        var taskIndex: [UUIDv4: Int32] = [:]
        var firstSeen: [UUIDv4] = []
        var taskOf = [Int32](repeating: 0, count: valid.count)
        for (k, position) in valid.enumerated() {
            let task = nodes.taskId(at: Int(position))
            if let index = taskIndex[task] {
                taskOf[k] = index
            } else {
                taskOf[k] = Int32(firstSeen.count)
                taskIndex[task] = Int32(firstSeen.count)
                firstSeen.append(task)
            }
        }
        // Numbered in sorted order, so that the groups come out sorted.
        let sorted = firstSeen.indices.sorted { firstSeen[$0] < firstSeen[$1] }
        var rank = [Int32](repeating: 0, count: sorted.count)
        for (r, k) in sorted.enumerated() { rank[k] = Int32(r) }
        var start = [Int](repeating: 0, count: sorted.count + 1)
        for task in taskOf { start[Int(rank[Int(task)]) + 1] += 1 }
        for k in 0..<sorted.count { start[k + 1] += start[k] }
        var fill = start
        var grouped = [Int32](repeating: 0, count: valid.count)
        for (k, position) in valid.enumerated() {
            let r = Int(rank[Int(taskOf[k])])
            grouped[fill[r]] = position
            fill[r] += 1
        }
        let taskIds = sorted.map { firstSeen[$0] }
        // A task is deleted when none of its nodes survive; only a task with a DELETE can be.
        var isDeleted = [Bool](repeating: false, count: taskIds.count)
        for k in taskIds.indices
        where grouped[start[k]..<start[k + 1]].contains(where: { nodes.action(at: Int($0)) == .delete }) {
            isDeleted[k] = Reconstructor.survivors(grouped[start[k]..<start[k + 1]].map { nodes[Int($0)] }).isEmpty
        }
        self.grouped = grouped
        self.start = start
        self.taskIds = taskIds
        self.isDeleted = isDeleted
        deleted = taskIds.indices.filter { isDeleted[$0] }.map { taskIds[$0] }
        listed = taskIds.indices.filter { !isDeleted[$0] }.map(Int32.init)
    }

    /// Replays each task with a surviving node, in task id order, and hands it to `body`;
    /// the task's state is let go of when `body` returns.
    public func forEachTask(_ body: (ReconstructedTask) throws -> Void) rethrows {
        for k in taskIds.indices where !isDeleted[k] { try body(replay(k)) }
    }

    /// Every task `forEachTask` gives, in its order, without replaying any.
    package var listedTaskIds: [UUIDv4] { listed.map { taskIds[Int($0)] } }

    /// The state of the `index`th task `forEachTask` gives, replayed now (and not kept).
    package func task(at index: Int) -> ReconstructedTask { replay(Int(listed[index])) }

    private func replay(_ k: Int) -> ReconstructedTask {
        let store = verdict.nodes
        let nodes = grouped[start[k]..<start[k + 1]].map { store[Int($0)] }
        guard let task = Reconstructor.reconstruct(taskIds[k], nodes: nodes, decisions: verdict.mergeDecisions)
        else { preconditionFailure("a task that is not deleted has surviving nodes") }
        return task
    }
}

/// What the renderers read of a reconstructed state, made all at once or a task at a time:
/// the deleted tasks, the rejected ids, and the tasks in task id order.
package protocol ReconstructedState {
    var deleted: [UUIDv4] { get }
    var rejected: [(id: String, code: ErrorCode)] { get }
    var taskCount: Int { get }
    func forEachTask(_ body: (ReconstructedTask) throws -> Void) rethrows
}

extension Reconstruction: ReconstructedState {
    package var taskCount: Int { tasks.count }
    package func forEachTask(_ body: (ReconstructedTask) throws -> Void) rethrows { try tasks.forEach(body) }
}
