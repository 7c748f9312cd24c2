import RedoCrypto
import RedoJSON

/// What the state at any valid node is, without storing a state per node.
///
/// Task fields are last-writer registers: each node keeps, per field, the node that last
/// wrote it among its ancestors (a MERGE takes the latest over its parents), so the value
/// at any node is one lookup — 7 integers per node. Todos are replayed on demand from the
/// few nodes that wrote each todo, filtered to the node's ancestors; that replay is exact
/// even for relative SNOOZEs. Positions are `Ancestry` positions (valid nodes, in total
/// order).
///
/// Only MERGE evaluation reads a history, and only its own task's: a valid node's
/// parents, and so all its ancestors, are of its task. So fields and todos are tracked
/// only for tasks that have a MERGE; other nodes get a position and nothing more.
struct History {
    private static let fields = TaskField.allCases
    private static let fieldCount = fields.count
    /// Every node of the log (shared with the log pass, not copied) and, per position,
    /// which of them stands there.
    private var allNodes: NodeStore
    /// How many nodes are registered.
    private(set) var count = 0
    /// Per position, the node there; kept only when some task is tracked (a log without a
    /// MERGE asks no history anything, and saves this and `writerRow`, 8 bytes a node).
    private var nodeIndex: [Int32] = []
    /// The tasks whose nodes are tracked; nil: every task.
    private let trackedTasks: Set<UUIDv4>?
    /// Per position, its row of `writers` (-1: not tracked, no row).
    private var writerRow: [Int32] = []
    /// Per tracked node, one writer per task field.
    private var writers: [Int32] = []
    private var decisions: [Int32: MergeDecisions] = [:]
    /// Per task and todo, the positions that wrote it.
    private var todoWrites = TodoWrites()

    /// Makes room for registering every one of `nodes` (a million appends regrowing the
    /// arrays would copy them about twenty times). `trackedTasks` nil tracks every task.
    init(nodes: NodeStore = NodeStore(), trackedTasks: Set<UUIDv4>? = nil) {
        allNodes = nodes
        self.trackedTasks = trackedTasks
        guard trackedTasks?.isEmpty != true else { return }
        nodeIndex.reserveCapacity(nodes.count)
        writerRow.reserveCapacity(nodes.count)
        if trackedTasks == nil { writers.reserveCapacity(nodes.count * Self.fieldCount) }
    }

    /// Room for registering `nodes` nodes in all without growing (every one tracked when
    /// every task is).
    mutating func reserveCapacity(_ nodes: Int) {
        guard trackedTasks?.isEmpty != true else { return }
        nodeIndex.reserveCapacity(nodes)
        writerRow.reserveCapacity(nodes)
        if trackedTasks == nil { writers.reserveCapacity(nodes * Self.fieldCount) }
    }

    /// The tasks of `nodes` that have a MERGE: the ones a log pass must track.
    static func tasksWithMerges(_ nodes: NodeStore) -> Set<UUIDv4> {
        var tasks = Set<UUIDv4>()
        for k in nodes.indices where nodes.action(at: k) == .merge { tasks.insert(nodes.taskId(at: k)) }
        return tasks
    }

    func node(_ position: Int32) -> Node { allNodes[Int(nodeIndex[Int(position)])] }

    /// Whether positions follow the total order across tasks, as a log pass hands them
    /// out. A live log registers a batch's nodes after every node it holds: its positions
    /// follow the total order within each task, which is all a MERGE evaluation compares
    /// (a valid node's ancestors are of its task).
    var followsTotalOrderAcrossTasks = true

    /// Lets go of the nodes, so that the pass that shares them can add more without copying
    /// every column; `lend` hands them back.
    mutating func releaseNodes() { allNodes = NodeStore() }

    /// The nodes again, now with more: the positions already registered are unchanged.
    mutating func lend(_ nodes: NodeStore) { allNodes = nodes }
    func decisions(at position: Int32) -> MergeDecisions? { decisions[position] }

    /// Registers the next valid node, `allNodes[index]` (positions must follow `Ancestry`'s).
    ///
    /// Positions are handed out in total order, so of two writers the later in total
    /// order is simply the larger position: no node is read to compare them.
    mutating func register(_ index: Int32, parents: [Int32], decisions merged: MergeDecisions?) {
        let position = Int32(count)
        count += 1
        if trackedTasks?.isEmpty == true { return }
        assert(
            position == 0 || !followsTotalOrderAcrossTasks || self.node(position - 1).precedes(allNodes[Int(index)]),
            "positions must follow the total order")
        nodeIndex.append(index)
        let task = allNodes.taskId(at: Int(index))
        if let trackedTasks, !trackedTasks.contains(task) {
            writerRow.append(-1)
            return
        }
        if let merged { decisions[position] = merged }
        writerRow.append(Int32(writers.count / Self.fieldCount))
        let payload = allNodes.payload(at: Int(index))
        OperationCount.add(Self.fieldCount * (1 + parents.count))
        for (fieldIndex, field) in Self.fields.enumerated() {
            var latest: Int32 = -1
            for parent in parents { latest = max(latest, writers[row(parent) + fieldIndex]) }
            if Self.writes(payload, field, merged) { latest = position }
            writers.append(latest)
        }
        if let todo = payload.todoTaskId { todoWrites.add(position, task: task, todo: todo) }
        if let merged {
            for todo in merged.todos.keys { todoWrites.add(position, task: task, todo: todo) }
        }
    }

    /// Forgets the todo writes of `task`'s nodes: a live log that judges a task again
    /// registers its nodes anew, and the positions they had stand for nothing any more.
    mutating func forgetTodoWrites(of task: UUIDv4) { todoWrites.forget(task) }

    /// Forgets the todo writes of `task`'s nodes registered after `position`: a live log
    /// that judges the task's nodes after that one again registers them anew.
    mutating func forgetTodoWrites(of task: UUIDv4, after position: Int32) { todoWrites.forget(task, after: position) }

    private static func writes(_ payload: Payload, _ field: TaskField, _ merged: MergeDecisions?) -> Bool {
        switch payload {
        case let .create(values): return field == .archived || values[field] != nil
        case let .update(values): return values[field] != nil
        case .archive, .unarchive: return field == .archived
        case .merge: return merged?.task[field] != nil
        default: return false
        }
    }

    private func writtenValue(_ node: Node, _ field: TaskField, _ merged: MergeDecisions?) -> FieldValue? {
        switch node.payload {
        case let .create(values): return field == .archived ? .bool(false) : values[field]
        case let .update(values): return values[field]
        case .archive: return field == .archived ? .bool(true) : nil
        case .unarchive: return field == .archived ? .bool(false) : nil
        case .merge: return merged?.task[field]
        default: return nil
        }
    }

    /// Where `position`'s writers start in `writers`: a tracked node's (as every node is
    /// that a MERGE evaluation asks about).
    private func row(_ position: Int32) -> Int {
        let row = writerRow[Int(position)]
        precondition(row >= 0, "a node of a task without a MERGE is not tracked")
        return Int(row) * Self.fieldCount
    }

    /// The value of a task field in the state at `position` (nil: never set).
    func taskValue(at position: Int32, _ field: TaskField) -> FieldValue? {
        OperationCount.add()
        let writer = writers[row(position) + field.index]
        guard writer >= 0 else { return nil }
        return writtenValue(node(writer), field, decisions[writer])
    }

    /// A todo in the state at `position`: the replay of the nodes that wrote it, among
    /// `position` and its ancestors, in total order.
    func todoState(at position: Int32, task: UUIDv4, todo: UUIDv4, ancestry: Ancestry) -> TodoState? {
        replayed(todo, of: task) { ancestry.isAncestor($0, of: position) }
    }

    /// A todo as every node of `task` that wrote it leaves it, in total order: the todo in
    /// the task's state.
    func todoState(of task: UUIDv4, todo: UUIDv4) -> TodoState? { replayed(todo, of: task) { _ in true } }

    /// The replay of the nodes that wrote `todo` of `task` and that `including` accepts.
    private func replayed(_ todo: UUIDv4, of task: UUIDv4, including: (Int32) -> Bool) -> TodoState? {
        var state = TaskState()
        OperationCount.add()
        for writer in todoWrites.writers(of: todo, task: task) {
            OperationCount.add()
            guard including(writer) else { continue }
            let node = node(writer)
            if case .merge = node.payload {
                for (field, value) in decisions[writer]?.todos[todo] ?? [:] { state.todos[todo]?.set(field, value) }
            } else {
                state.applyTodo(node)
            }
        }
        return state.todos[todo]
    }

    /// Todos written by nodes that are ancestors of (or are) one of `tips` but not of
    /// `base`: the only todos a MERGE over these tips can find changed.
    ///
    /// Two ways to find them, and the cheaper is taken: walk those branches (cheap when the
    /// base is near), or test each of the task's todo writes for being on them (cheap when
    /// the task has few todos). The walk stops once it has cost as much as the other way
    /// would, so a MERGE whose base lies far back in a long history costs at most what its
    /// task's todo writes cost, not the whole history. (Many todos under many far-based
    /// MERGEs still cost todos × MERGEs: each such MERGE decides every one of them.)
    func todosWritten(onBranchesFrom tips: [Int32], above base: Int32, ancestry: Ancestry) -> [UUIDv4] {
        guard let task = tips.first.map({ node($0).taskId }), let writes = todoWrites.writeCount(of: task) else {
            return []
        }
        return walkBranches(from: tips, above: base, ancestry: ancestry, budget: writes + tips.count)
            ?? testTodoWrites(of: task, from: tips, above: base, ancestry: ancestry)
    }

    /// The same todos, found by testing each todo write of `task` for being on the branches.
    func testTodoWrites(of task: UUIDv4, from tips: [Int32], above base: Int32, ancestry: Ancestry) -> [UUIDv4] {
        let (todos, writes) = todoWrites.todos(of: task) ?? ([], 0)
        OperationCount.add(todos.count + writes * (1 + tips.count))
        return todos.filter { todo in
            todoWrites.writers(of: todo, task: task).contains { writer in
                !ancestry.isAncestor(writer, of: base) && tips.contains { ancestry.isAncestor(writer, of: $0) }
            }
        }.sorted()
    }

    /// The same todos, found by walking the branches; nil once more than `budget` nodes
    /// have been visited.
    func walkBranches(from tips: [Int32], above base: Int32, ancestry: Ancestry, budget: Int) -> [UUIDv4]? {
        var seen = Set<Int32>()
        var pending: [Int32] = []
        for tip in tips where !ancestry.isAncestor(tip, of: base) && seen.insert(tip).inserted { pending.append(tip) }
        var todos = Set<UUIDv4>()
        var visited = 0
        while let next = pending.popLast() {
            visited += 1
            OperationCount.add()
            if visited > budget { return nil }
            let node = node(next)
            if let todo = node.payload.todoTaskId { todos.insert(todo) }
            if let merged = decisions[next] { todos.formUnion(merged.todos.keys) }
            for parent in ancestry.parents(of: next)
            where !seen.contains(parent) && !ancestry.isAncestor(parent, of: base) {
                seen.insert(parent)
                pending.append(parent)
            }
        }
        return todos.sorted()
    }
}

extension TaskField {
    /// The field's place in `allCases` (a switch: `allCases` builds an array per access).
    var index: Int {
        switch self {
        case .title: return 0
        case .description: return 1
        case .priority: return 2
        case .storyPoints: return 3
        case .frequencyDays: return 4
        case .privacy: return 5
        case .archived: return 6
        }
    }
}
