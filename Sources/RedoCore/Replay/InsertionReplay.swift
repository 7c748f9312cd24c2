import RedoCrypto
import RedoJSON

// A task's state with nodes that come before some it holds: how a live log takes in a node
// from a device that was offline, without replaying the task.
extension Reconstructor {
    /// `task` with `new` replayed among the nodes it holds: what ``reconstruct(_:nodes:decisions:)``
    /// gives for the task's nodes with `new` among them, when
    /// - none of `new` is a CREATE or a DELETE, and the task's state replayed every node it
    ///   holds, none of them a DELETE;
    /// - `suffix` holds, in total order, every node of the task after some node that comes
    ///   before all of `new` (`new` among them: the end of the task's total order), and no
    ///   node of the task but `new` names one of `new` as a parent;
    /// - `todoState(todo)` gives the todo as every node of the task that writes it (`new`
    ///   included) leaves it, replayed in total order (`History.todoState(of:todo:)`).
    ///
    /// A task field's last writer in total order is in `suffix`, or else is the one whose
    /// value the state holds: replaying `suffix` onto the state gives every field. A todo's
    /// state is not replayed so (a relative SNOOZE would count twice): each todo that
    /// `suffix` writes is taken from `todoState`. Costs `suffix`, the writes of its todos and
    /// a binary search a todo: not the nodes or todos before it.
    package static func replay(
        inserting new: [Node], suffix: [Node], onto task: inout ReconstructedTask,
        decisions: [NodeID: MergeDecisions], todoState: (UUIDv4) -> TodoState?
    ) {
        var state = task.stateWithoutTodos
        var written = Set<UUIDv4>()
        OperationCount.add(suffix.count)
        for node in suffix {
            let merged = node.action == .merge ? decisions[node.id] : nil
            state.apply(node, decisions: merged)
            if let todo = node.payload.todoTaskId { written.insert(todo) }
            if let merged { written.formUnion(merged.todos.keys) }
        }
        state.todos = [:]
        task.stateWithoutTodos = state

        // Each todo ends where it stands in total order of the CREATE_TODOs, whatever the
        // order in which they are put back.
        for todo in written {
            guard let updated = todoState(todo) else { continue }
            let key = updated.creatorKey
            var low = 0
            var high = task.todos.count
            while low < high {
                OperationCount.add(1)
                let middle = (low + high) / 2
                if task.todos[middle].creatorKey < key { low = middle + 1 } else { high = middle }
            }
            if low < task.todos.count, task.todos[low].todoTaskId == todo {
                task.uncompletedTodos +=
                    (updated.completed == nil ? 1 : 0) - (task.todos[low].completed == nil ? 1 : 0)
                task.todos[low] = updated
            } else {
                task.uncompletedTodos += updated.completed == nil ? 1 : 0
                task.todos.insert(updated, at: low)
            }
        }
        task.heads = heads(of: task, followedBy: new)
        task.currentTodo = ReconstructedTask.current(of: task.todos, uncompleted: task.uncompletedTodos)
    }
}
