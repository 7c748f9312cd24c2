import RedoCrypto
import RedoJSON

/// What a live log judges again for a batch that can change earlier verdicts: per task,
/// either every node, or the nodes that come after one of its valid nodes in the total order.
///
/// The rules judge each node from the nodes before it in the total order, so a task's nodes
/// that come before everything the batch brings or releases there keep their verdicts, and
/// the history the valid ones wrote. Per task, judging starts after the last valid node that
/// comes before all of that:
/// - when it is the task's last valid node (a parent that arrives after the nodes below it,
///   all newer than what the task held: the usual out-of-order sync), only the nodes that
///   are not valid are judged, and the nodes that become valid are appended to the task;
/// - otherwise (a node from a device that was offline, older than the task's newest nodes),
///   every node after it is judged, valid or not, and the valid nodes after it write their
///   history again.
/// Either way a release or a late node costs the nodes after it, not the task. A CREATE can
/// change which CREATE is the task's original, a task with no valid node before the batch's
/// has nothing to keep, and a node of another task below a judged node is judged with its
/// whole task: each of those tasks is judged whole.
struct LiveScope {
    /// Where judging starts in a task judged in part.
    struct Start {
        /// The valid node after which the task's nodes are judged.
        let after: Int32
        /// Whether it is the task's last valid node: then only nodes that are not valid are
        /// judged, and no valid node is.
        let isLastValid: Bool
    }

    /// The tasks judged in part, and where judging starts in each.
    private var starts: [UUIDv4: Start] = [:]
    /// The tasks judged whole.
    private var whole = Set<UUIDv4>()

    /// The nodes of the batch and those that waited for it, each with its task.
    init(
        seeds: some Sequence<Int32>, in pass: LogPass, tasks: LiveTasks
    ) {
        let nodes = pass.nodes
        // Per task judged in part, its earliest seed in total order.
        var earliest: [UUIDv4: NodeHeap.Entry] = [:]
        for seed in seeds {
            let task = nodes.taskId(at: Int(seed))
            guard !whole.contains(task) else { continue }
            // A CREATE can change which CREATE is the task's original (the earliest wall, not
            // the earliest in total order), and so the verdict of any node of the task.
            if nodes.action(at: Int(seed)) == .create {
                whole.insert(task)
                earliest[task] = nil
                continue
            }
            let key = NodeHeap.Entry(nodes, position: seed)
            if let current = earliest[task], current.precedes(key, ids: nodes.ids) { continue }
            earliest[task] = key
        }
        for (task, seed) in earliest {
            if let start = tasks.lastValid(of: task, before: seed, in: nodes) {
                starts[task] = start
            } else {
                whole.insert(task)
            }
        }
    }

    /// Where judging starts in `task`, when it is judged in part.
    func start(of task: UUIDv4) -> Start? { starts[task] }

    /// For each task judged in part whose valid nodes after its start are judged again: the
    /// position of that start, whose history is kept.
    var historyKept: [UUIDv4: Int32] { starts.compactMapValues { $0.isLastValid ? nil : $0.after } }

    /// The nodes to judge: those of the seeds' tasks, and every node of each task below one
    /// of them through a parent in another task (`dependents`), and so on.
    mutating func positions(
        in pass: LogPass, added: Range<Int>, tasks: LiveTasks, dependents: LiveDependents
    ) -> [Int32] {
        // A task judged in part may be reached later from another task, and then is judged
        // whole: its nodes are gathered again.
        var found: [UUIDv4: [Int32]] = [:]
        var pending = Array(starts.keys) + whole
        while let task = pending.popLast() {
            let positions = judged(task, in: pass, added: added, tasks: tasks)
            found[task] = positions
            for position in positions {
                for child in dependents.childrenInOtherTasks(of: position) {
                    let childTask = pass.nodes.taskId(at: Int(child))
                    if whole.insert(childTask).inserted {
                        starts[childTask] = nil
                        pending.append(childTask)
                    }
                }
            }
        }
        return found.keys.sorted().flatMap { found[$0]! }
    }

    /// The nodes of `task` its start says to judge.
    private func judged(_ task: UUIDv4, in pass: LogPass, added: Range<Int>, tasks: LiveTasks) -> [Int32] {
        let nodes = pass.nodes
        let all = tasks.positions(of: task, in: nodes)
        guard let start = start(of: task) else { return all }
        OperationCount.add(all.count)
        let after = NodeHeap.Entry(nodes, position: start.after)
        return all.filter { position in
            if Int(position) >= added.lowerBound { return true }
            if start.isLastValid, pass.state[Int(position)] == .valid { return false }
            return after.precedes(NodeHeap.Entry(nodes, position: position), ids: nodes.ids)
        }
    }
}
