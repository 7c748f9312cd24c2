import RedoCrypto
import RedoJSON

// A task's state carried forward by new nodes, without replaying the nodes it holds: how a
// live log takes in the usual sync.
extension Reconstructor {
    /// `task` with `nodes` replayed after what it holds: what ``reconstruct(_:nodes:decisions:)``
    /// gives for the task's nodes followed by `nodes`, when none of them is a DELETE, they
    /// all come after the task's nodes in total order, and no node of the task names one of
    /// them as a parent (a live log's usual sync: new nodes on the heads).
    ///
    /// Costs `nodes`, the task's heads, and the todos they touch, each found by a search from
    /// the task's latest todo back (where the todos a sync completes or snoozes usually
    /// are): not the nodes or todos the task holds. Their todos keep their order: a todo the
    /// new nodes create comes after every todo the task has, in the order of its CREATE_TODO.
    /// `task` is changed in place: held by nothing else, its todos are not copied.
    package static func replay(_ nodes: [Node], onto task: inout ReconstructedTask, decisions: [NodeID: MergeDecisions])
    {
        // The todos the new nodes write that they do not create: each exists in the task, as
        // a valid node writes only a todo created among its ancestors. A todo they create is
        // new to the task: a valid CREATE_TODO never reuses its task's todo ids.
        var created = Set<UUIDv4>()
        var sought = Set<UUIDv4>()
        for node in nodes {
            if case let .createTodo(todo, _, _) = node.payload {
                created.insert(todo)
            } else if let todo = node.payload.todoTaskId, !created.contains(todo) {
                sought.insert(todo)
            }
            if node.action == .merge, let decided = decisions[node.id] {
                for todo in decided.todos.keys where !created.contains(todo) { sought.insert(todo) }
            }
        }
        var state = task.stateWithoutTodos
        var found: [UUIDv4: Int] = [:]
        var index = task.todos.count - 1
        while found.count < sought.count, index >= 0 {
            OperationCount.add(1)
            let todo = task.todos[index]
            if sought.contains(todo.todoTaskId) {
                found[todo.todoTaskId] = index
                state.todos[todo.todoTaskId] = todo
            }
            index -= 1
        }
        OperationCount.add(nodes.count)
        for node in nodes {
            OperationCount.add(1 + (node.action == .merge ? decisions[node.id]?.todos.count ?? 0 : 0))
            state.apply(node, decisions: node.action == .merge ? decisions[node.id] : nil)
        }

        var new: [TodoState] = []
        for (id, todo) in state.todos {
            if let index = found[id] {
                task.uncompletedTodos += (todo.completed == nil ? 1 : 0) - (task.todos[index].completed == nil ? 1 : 0)
                task.todos[index] = todo
            } else {
                task.uncompletedTodos += todo.completed == nil ? 1 : 0
                new.append(todo)
            }
        }
        task.todos += new.sorted { $0.creatorKey < $1.creatorKey }
        state.todos = [:]
        task.stateWithoutTodos = state
        task.heads = heads(of: task, followedBy: nodes)
        task.currentTodo = ReconstructedTask.current(of: task.todos, uncompleted: task.uncompletedTodos)
    }

    /// The heads after `nodes`: the new nodes are named only by each other, and every head
    /// they name stops being one.
    static func heads(of task: ReconstructedTask, followedBy nodes: [Node]) -> [NodeID] {
        var named = Set<NodeID>()
        for node in nodes { named.formUnion(node.parents) }
        OperationCount.add(task.heads.count + nodes.count)
        return (task.heads + nodes.map(\.id)).filter { !named.contains($0) }.sorted()
    }
}
