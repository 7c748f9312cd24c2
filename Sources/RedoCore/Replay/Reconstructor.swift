import RedoCrypto
import RedoJSON

/// One task as the reconstruction presents it.
public struct ReconstructedTask: Sendable {
    /// The task's id.
    public let taskId: UUIDv4
    /// Its fields after replaying its surviving nodes. Made on each read, its todos by id
    /// from ``todos``: a live log keeps every task's state, and a task held its todos twice
    /// (in this dictionary and in ``todos``). Read it once per task, not once per todo.
    public var state: TaskState {
        var state = stateWithoutTodos
        state.todos = Dictionary(uniqueKeysWithValues: todos.lazy.map { ($0.todoTaskId, $0) })
        return state
    }
    /// Todos in total order of their CREATE_TODO nodes.
    public let todos: [TodoState]
    /// The uncompleted todo whose CREATE_TODO is greatest in total order ("tallest chain
    /// wins"); other uncompleted todos are orphans, kept in history.
    public let currentTodo: UUIDv4?
    /// Replayed nodes no replayed node names as a parent, sorted.
    public let heads: [NodeID]
    /// `state` without its todos (``todos`` has them): for readers of its fields, which
    /// it costs nothing to read.
    package let stateWithoutTodos: TaskState

    /// The task as `state` leaves it: its todos in total order of their CREATE_TODOs, the
    /// last uncompleted one current.
    init(taskId: UUIDv4, state: TaskState, heads: [NodeID]) {
        self.taskId = taskId
        var stateWithoutTodos = state
        stateWithoutTodos.todos = [:]
        self.stateWithoutTodos = stateWithoutTodos
        todos = state.todos.values.sorted { $0.creatorKey < $1.creatorKey }
        currentTodo = todos.last { $0.completed == nil }?.todoTaskId
        self.heads = heads
    }
}

/// The whole reconstructed state of a log.
public struct Reconstruction: Sendable {
    /// Every task with a surviving node, sorted by task id.
    public let tasks: [ReconstructedTask]
    /// The tasks whose every valid node is deleted, sorted.
    public let deleted: [UUIDv4]
    /// The log verdict's rejected ids with their codes (see `LogVerdict.rejected`).
    public let rejected: [(id: String, code: ErrorCode)]
}

/// Turns a validated log into task state: per task, the surviving nodes (and all their
/// ancestors: if one lives, all ancestors live) replayed in total order.
public enum Reconstructor {
    /// The state of every task of a validated log. Only valid nodes are replayed; MERGEs
    /// apply what the log validator decided for them. Time and memory grow about linearly
    /// with the number of valid nodes.
    public static func reconstruct(_ verdict: LogVerdict) -> Reconstruction {
        let stream = StreamedReconstruction(verdict)
        var tasks: [ReconstructedTask] = []
        tasks.reserveCapacity(stream.taskCount)
        stream.forEachTask { tasks.append($0) }
        return Reconstruction(tasks: tasks, deleted: stream.deleted, rejected: stream.rejected)
    }

    package static func reconstruct(_ taskId: UUIDv4, nodes: [Node], decisions: [NodeID: MergeDecisions])
        -> ReconstructedTask?
    {
        // Most tasks have no DELETE: then every node is replayed.
        let replaySet: Set<NodeID>? = nodes.contains { $0.action == .delete } ? survivors(nodes) : nil
        if let replaySet, replaySet.isEmpty { return nil }
        var state = TaskState()
        var replayed: [Node] = []
        replayed.reserveCapacity(nodes.count)
        OperationCount.add(nodes.count)
        for node in nodes where replaySet?.contains(node.id) ?? true {
            OperationCount.add(1 + (node.action == .merge ? decisions[node.id]?.todos.count ?? 0 : 0))
            state.apply(node, decisions: node.action == .merge ? decisions[node.id] : nil)
            replayed.append(node)
        }
        return ReconstructedTask(taskId: taskId, state: state, heads: heads(replayed))
    }

    /// `task` with `nodes` replayed after what it holds: what ``reconstruct(_:nodes:decisions:)``
    /// gives for the task's nodes followed by `nodes`, when none of them is a DELETE, they
    /// all come after the task's nodes in total order, and no node of the task names one of
    /// them as a parent (a live log's usual sync: new nodes on the heads). Costs `nodes`
    /// and the task's todos, not the nodes it holds.
    package static func replay(_ nodes: [Node], after task: ReconstructedTask, decisions: [NodeID: MergeDecisions])
        -> ReconstructedTask
    {
        var state = task.state
        OperationCount.add(nodes.count + task.todos.count)
        for node in nodes {
            OperationCount.add(1 + (node.action == .merge ? decisions[node.id]?.todos.count ?? 0 : 0))
            state.apply(node, decisions: node.action == .merge ? decisions[node.id] : nil)
        }
        // The new nodes are named only by each other; every head they name stops being one.
        var named = Set<NodeID>()
        for node in nodes { named.formUnion(node.parents) }
        OperationCount.add(task.heads.count + nodes.count)
        let heads = (task.heads + nodes.map(\.id)).filter { !named.contains($0) }.sorted()
        return ReconstructedTask(taskId: task.taskId, state: state, heads: heads)
    }

    /// Replayed nodes that no replayed node names as a parent, sorted. Small tasks (the
    /// usual case) are scanned without building a set.
    static func heads(_ nodes: [Node]) -> [NodeID] {
        OperationCount.add(nodes.count)
        if nodes.count <= 32 {
            OperationCount.add(nodes.count * nodes.count)
            return nodes.filter { candidate in !nodes.contains { $0.parents.contains(candidate.id) } }.map(\.id)
                .sorted()
        }
        var named = Set<NodeID>()
        for node in nodes { named.formUnion(node.parents) }
        return nodes.lazy.map(\.id).filter { !named.contains($0) }.sorted()
    }

    /// R: the valid nodes that are neither DELETEs nor in any valid DELETE's deletedChain,
    /// plus all their ancestors. A dead-end branch inside the chains stays out.
    package static func survivors(_ nodes: [Node]) -> Set<NodeID> {
        var deletedIds = Set<NodeID>()
        for node in nodes {
            OperationCount.add(1 + node.parents.count)
            if case let .delete(chain) = node.payload {
                deletedIds.formUnion(chain)
                OperationCount.add(chain.count)
            }
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
