import RedoCrypto
import RedoJSON

/// What a live log judges again for a batch that can change earlier verdicts: per task,
/// either every node, or only its nodes that are not valid and come after its last valid
/// node in the total order.
///
/// The second is enough when everything the batch brings or releases in a task comes after
/// the task's valid nodes (a parent that arrives after the nodes below it, all of them newer
/// than what the task held: the usual out-of-order sync). The rules judge each node from
/// the nodes before it in the total order, so the valid nodes before the batch's keep their
/// verdicts, and the task's history need not be made again: a release costs the nodes that
/// waited, not the task they wait in. A new CREATE in a task that has one can change the
/// task's earliest CREATE, and a node of another task below a judged node is judged with
/// its whole task, as before.
struct LiveScope {
    /// Per task, where judging starts: `whole`, or the task's last valid node (-1: none)
    /// after which its nodes that are not valid are judged.
    private var starts: [UUIDv4: Int32] = [:]
    private static let whole = Int32.min

    /// The nodes of the batch and those that waited for it, each with its task.
    init(
        seeds: some Sequence<Int32>, added: Range<Int>, in pass: LogPass, tasks: LiveTasks
    ) {
        let nodes = pass.nodes
        for seed in seeds {
            let task = nodes.taskId(at: Int(seed))
            guard starts[task] != Self.whole else { continue }
            let lastValid = tasks.lastValid(of: task, in: nodes)
            let key = NodeHeap.Entry(nodes, position: seed)
            let comesAfter =
                lastValid < 0 || NodeHeap.Entry(nodes, position: lastValid).precedes(key, ids: nodes.ids)
            let newCreate =
                nodes.action(at: Int(seed)) == .create
                && pass.originalCreate.position(of: task, in: nodes).map { $0 < added.lowerBound } == true
            starts[task] = comesAfter && !newCreate ? lastValid : Self.whole
        }
    }

    /// Whether only part of `task` is judged: its new valid nodes come after all it held.
    func isPartial(_ task: UUIDv4) -> Bool { starts[task].map { $0 != Self.whole } ?? false }

    /// The nodes to judge: those of the seeds' tasks, and every node of each task below one
    /// of them through a parent in another task (`dependents`), and so on.
    mutating func positions(
        in pass: LogPass, added: Range<Int>, tasks: LiveTasks, dependents: LiveDependents
    ) -> [Int32] {
        // A task judged in part may be reached later from another task, and then is judged
        // whole: its nodes are gathered again.
        var found: [UUIDv4: [Int32]] = [:]
        var pending = Array(starts.keys)
        while let task = pending.popLast() {
            let positions = judged(task, in: pass, added: added, tasks: tasks)
            found[task] = positions
            for position in positions {
                for child in dependents.childrenInOtherTasks(of: position) {
                    let childTask = pass.nodes.taskId(at: Int(child))
                    if starts[childTask] != Self.whole {
                        starts[childTask] = Self.whole
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
        guard let start = starts[task], start != Self.whole else { return all }
        OperationCount.add(all.count)
        let after = start < 0 ? nil : NodeHeap.Entry(nodes, position: start)
        return all.filter { position in
            if Int(position) >= added.lowerBound { return true }
            guard pass.state[Int(position)] != .valid else { return false }
            return after.map { $0.precedes(NodeHeap.Entry(nodes, position: position), ids: nodes.ids) } ?? true
        }
    }
}
