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
    /// - `todoWriters(todo)` gives every node of the task that writes `todo` (`new`
    ///   included), in total order.
    ///
    /// A task field's last writer in total order is in `suffix`, or else is the one whose
    /// value the state holds: replaying `suffix` onto the state gives every field. A todo's
    /// state is not replayed so (a relative SNOOZE would count twice): each todo that
    /// `suffix` writes is replayed from its own writers. Costs `suffix`, the writes of its
    /// todos and a binary search a todo: not the nodes or todos before it.
    package static func replay(
        inserting new: [Node], suffix: [Node], onto task: inout ReconstructedTask,
        decisions: [NodeID: MergeDecisions], todoWriters: (UUIDv4) -> [Node]
    ) {
        var state = task.stateWithoutTodos
        var written: [UUIDv4] = []
        var seen = Set<UUIDv4>()
        OperationCount.add(suffix.count)
        for node in suffix {
            let merged = node.action == .merge ? decisions[node.id] : nil
            state.apply(node, decisions: merged)
            if let todo = node.payload.todoTaskId, seen.insert(todo).inserted { written.append(todo) }
            for todo in merged?.todos.keys.sorted() ?? [] where seen.insert(todo).inserted { written.append(todo) }
        }
        state.todos = [:]
        task.stateWithoutTodos = state

        for todo in written {
            var replayed = TaskState()
            let writers = todoWriters(todo)
            OperationCount.add(writers.count)
            for writer in writers {
                if writer.action == .merge {
                    for (field, value) in decisions[writer.id]?.todos[todo] ?? [:] {
                        replayed.todos[todo]?.set(field, value)
                    }
                } else {
                    replayed.applyTodo(writer)
                }
            }
            guard let updated = replayed.todos[todo] else { continue }
            // The todos are in total order of their CREATE_TODOs.
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
