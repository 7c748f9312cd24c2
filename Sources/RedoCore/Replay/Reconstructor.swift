import RedoCrypto

/// One task as the reconstruction presents it.
public struct ReconstructedTask: Sendable {
    public let taskId: UUIDv4
    public let state: TaskState
    /// Todos in total order of their CREATE_TODO nodes.
    public let todos: [TodoState]
    /// The uncompleted todo whose CREATE_TODO is greatest in total order ("tallest chain
    /// wins"); other uncompleted todos are orphans, kept in history.
    public let currentTodo: UUIDv4?
    /// Replayed nodes no replayed node names as a parent, sorted.
    public let heads: [NodeID]
}

/// The whole reconstructed state of a log.
public struct Reconstruction: Sendable {
    public let tasks: [ReconstructedTask]
    public let deleted: [UUIDv4]
    public let rejected: [(id: String, code: ErrorCode)]
}

/// Turns a validated log into task state: per task, the surviving nodes (and all their
/// ancestors: if one lives, all ancestors live) replayed in total order.
public enum Reconstructor {
    public static func reconstruct(_ verdict: LogVerdict) -> Reconstruction {
        // validNodes come in total order (valid nodes' lamports are consistent).
        var byTask: [UUIDv4: [Node]] = [:]
        for node in verdict.validNodes {
            byTask[node.taskId, default: []].append(node)
        }
        var tasks: [ReconstructedTask] = []
        var deleted: [UUIDv4] = []
        for taskId in byTask.keys.sorted() {
            if let task = reconstruct(taskId, nodes: byTask[taskId]!, decisions: verdict.mergeDecisions) {
                tasks.append(task)
            } else {
                deleted.append(taskId)
            }
        }
        return Reconstruction(tasks: tasks, deleted: deleted, rejected: verdict.rejected)
    }

    /// nil when every node of the task is deleted.
    static func reconstruct(_ taskId: UUIDv4, nodes: [Node], decisions: [NodeID: MergeDecisions]) -> ReconstructedTask? {
        let replaySet = survivors(nodes)
        guard !replaySet.isEmpty else { return nil }
        var state = TaskState()
        var named = Set<NodeID>()
        var replayed: [NodeID] = []
        for node in nodes where replaySet.contains(node.id) {
            state.apply(node, decisions: decisions[node.id])
            named.formUnion(node.parents)
            replayed.append(node.id)
        }
        let todos = state.todos.values.sorted { $0.creatorKey < $1.creatorKey }
        let current = todos.last { $0.completed == nil }?.todoTaskId
        let heads = replayed.filter { !named.contains($0) }.sorted()
        return ReconstructedTask(taskId: taskId, state: state, todos: todos, currentTodo: current, heads: heads)
    }

    /// R: the valid nodes that are neither DELETEs nor in any valid DELETE's deletedChain,
    /// plus all their ancestors. A dead-end branch inside the chains stays out.
    static func survivors(_ nodes: [Node]) -> Set<NodeID> {
        var deletedIds = Set<NodeID>()
        for node in nodes {
            if case let .delete(chain) = node.payload { deletedIds.formUnion(chain) }
        }
        var byId: [NodeID: Node] = [:]
        for node in nodes { byId[node.id] = node }
        var alive = Set<NodeID>()
        var pending: [NodeID] = []
        for node in nodes where node.action != .delete && !deletedIds.contains(node.id) {
            alive.insert(node.id)
            pending.append(node.id)
        }
        while let id = pending.popLast() {
            for parent in byId[id]?.parents ?? [] where alive.insert(parent).inserted {
                pending.append(parent)
            }
        }
        return alive
    }
}
