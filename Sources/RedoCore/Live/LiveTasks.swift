import RedoCrypto
import RedoJSON

/// A live log's tasks: which nodes each task has, which of them are valid (in total
/// order), and each task's replayed state. A task is replayed only when its valid nodes
/// change.
struct LiveTasks: Sendable {
    /// Every node's position, by task (any verdict): a task's valid nodes are found among
    /// its own after the rules ran again.
    private var positions: [UUIDv4: [Int32]] = [:]
    /// Each task's node that comes last in the total order (any verdict).
    private(set) var last: [UUIDv4: Int32] = [:]
    /// Each task's valid nodes, in total order.
    private var valid: [UUIDv4: [Int32]] = [:]
    /// The state of every task with a surviving node.
    private(set) var states: [UUIDv4: ReconstructedTask] = [:]
    /// The tasks whose every valid node is deleted.
    private(set) var deleted: Set<UUIDv4> = []

    /// Every node of `task` (any verdict), in the order taken in.
    func positions(of task: UUIDv4) -> [Int32] { positions[task] ?? [] }

    /// Indexes the nodes at `added`, new to the store.
    mutating func index(_ added: Range<Int>, in nodes: NodeStore) {
        for position in added {
            let task = nodes.taskId(at: position)
            positions[task, default: []].append(Int32(position))
            if let current = last[task],
                NodeHeap.Entry(nodes, position: Int32(position)).precedes(
                    NodeHeap.Entry(nodes, position: current), ids: nodes.ids)
            {
                continue
            }
            last[task] = Int32(position)
        }
    }

    /// Appends valid nodes that come after every node of their task, given in total order.
    /// Returns their tasks.
    mutating func appendValid(_ ordered: [Int32], in nodes: NodeStore, status: [ErrorCode?]) -> Set<UUIDv4> {
        var tasks = Set<UUIDv4>()
        for position in ordered where status[Int(position)] == nil {
            let task = nodes.taskId(at: Int(position))
            valid[task, default: []].append(position)
            tasks.insert(task)
        }
        return tasks
    }

    /// Finds the valid nodes of `tasks` again, after the rules ran over every node.
    mutating func refindValid(_ tasks: Set<UUIDv4>, in nodes: NodeStore, status: [ErrorCode?]) {
        for task in tasks {
            var entries = (positions[task] ?? []).filter { status[Int($0)] == nil }.map {
                NodeHeap.Entry(nodes, position: $0)
            }
            entries.sort { $0.precedes($1, ids: nodes.ids) }
            valid[task] = entries.isEmpty ? nil : entries.map(\.position)
        }
    }

    /// Replays `tasks` from their valid nodes and returns what each became, sorted by id.
    mutating func replay(
        _ tasks: Set<UUIDv4>, in nodes: NodeStore, decisions: [NodeID: MergeDecisions]
    ) -> [ChangedTask] {
        tasks.sorted().map { taskId in
            guard let positions = valid[taskId] else {
                states[taskId] = nil
                deleted.remove(taskId)
                return ChangedTask(taskId: taskId, task: nil, isDeleted: false)
            }
            let task = Reconstructor.reconstruct(taskId, nodes: positions.map { nodes[Int($0)] }, decisions: decisions)
            states[taskId] = task
            if task == nil { deleted.insert(taskId) } else { deleted.remove(taskId) }
            return ChangedTask(taskId: taskId, task: task, isDeleted: task == nil)
        }
    }
}
