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
    public internal(set) var todos: [TodoState]
    /// The uncompleted todo whose CREATE_TODO is greatest in total order ("tallest chain
    /// wins"); other uncompleted todos are orphans, kept in history.
    public internal(set) var currentTodo: UUIDv4?
    /// Replayed nodes no replayed node names as a parent, sorted.
    public internal(set) var heads: [NodeID]
    /// `state` without its todos (``todos`` has them): for readers of its fields, which
    /// it costs nothing to read.
    package internal(set) var stateWithoutTodos: TaskState
    /// How many of ``todos`` are not completed: when none is, no todo is current, and
    /// replaying new nodes onto the task need not look for one.
    var uncompletedTodos: Int

    /// The task as `state` leaves it: its todos in total order of their CREATE_TODOs, the
    /// last uncompleted one current.
    init(taskId: UUIDv4, state: TaskState, heads: [NodeID]) {
        var stateWithoutTodos = state
        stateWithoutTodos.todos = [:]
        let todos = state.todos.values.sorted { $0.creatorKey < $1.creatorKey }
        self.init(
            taskId: taskId, stateWithoutTodos: stateWithoutTodos, todos: todos,
            uncompletedTodos: todos.count { $0.completed == nil }, heads: heads)
    }

    /// The task from its parts: `todos` in total order of their CREATE_TODOs, of which
    /// `uncompletedTodos` are not completed.
    init(taskId: UUIDv4, stateWithoutTodos: TaskState, todos: [TodoState], uncompletedTodos: Int, heads: [NodeID]) {
        self.taskId = taskId
        self.stateWithoutTodos = stateWithoutTodos
        self.todos = todos
        self.uncompletedTodos = uncompletedTodos
        currentTodo = Self.current(of: todos, uncompleted: uncompletedTodos)
        self.heads = heads
    }

    /// The last uncompleted of `todos`, of which `uncompleted` are: found from the end, where
    /// it usually is, and not looked for when there is none.
    static func current(of todos: [TodoState], uncompleted: Int) -> UUIDv4? {
        uncompleted == 0 ? nil : todos.last { $0.completed == nil }?.todoTaskId
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
