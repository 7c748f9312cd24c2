import RedoCrypto

/// A CREATE by its task: the table of each task's original CREATE.
enum TaskKey: PositionKey {
    @inline(__always)
    static func key(at position: Int, in nodes: NodeStore) -> UUIDv4 { nodes.taskId(at: position) }

    @inline(__always)
    static func hash(_ task: UUIDv4) -> Int { WordHash.hash(task.high, task.low, seed: 0) }
}

/// A CREATE_TODO by its task and the todo it creates: the table of each todo's creator.
enum TodoCreatorKey: PositionKey {
    static func key(at position: Int, in nodes: NodeStore) -> TodoKey {
        guard let todo = nodes.createdTodo(at: position) else {
            preconditionFailure("only CREATE_TODO nodes are todo creators")
        }
        return TodoKey(task: nodes.taskId(at: position), todo: todo)
    }

    @inline(__always)
    static func hash(_ key: TodoKey) -> Int {
        WordHash.hash(key.task.high, key.task.low, key.todo.high, key.todo.low, seed: 0)
    }
}
