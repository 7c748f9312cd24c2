import RedoCrypto

/// Each node's position by id: the log pass's index of its nodes.
typealias NodeIndex = PositionTable<IdKey>

/// A node by its id.
enum IdKey: NodeKey {
    @inline(__always)
    static func key(at position: Int, in nodes: UnsafeBufferPointer<Node>) -> NodeID { nodes[position].id }

    @inline(__always)
    static func hash(_ id: NodeID) -> Int {
        let d = id.digest
        return WordHash.hash(d.w0, d.w1, d.w2, d.w3, seed: 0)
    }
}

/// A CREATE by its task: the table of each task's original CREATE.
enum TaskKey: NodeKey {
    @inline(__always)
    static func key(at position: Int, in nodes: UnsafeBufferPointer<Node>) -> UUIDv4 { nodes[position].taskId }

    @inline(__always)
    static func hash(_ task: UUIDv4) -> Int { WordHash.hash(task.high, task.low, seed: 0) }
}

/// A CREATE_TODO by its task and the todo it creates: the table of each todo's creator.
enum TodoCreatorKey: NodeKey {
    static func key(at position: Int, in nodes: UnsafeBufferPointer<Node>) -> TodoKey {
        guard case let .createTodo(todo, _, _) = nodes[position].payload else {
            preconditionFailure("only CREATE_TODO nodes are todo creators")
        }
        return TodoKey(task: nodes[position].taskId, todo: todo)
    }

    @inline(__always)
    static func hash(_ key: TodoKey) -> Int {
        WordHash.hash(key.task.high, key.task.low, key.todo.high, key.todo.low, seed: 0)
    }
}
