import RedoCrypto
import RedoJSON

// Adding nodes: each column appended, tasks and authors numbered, parents referred to by
// position where their node is already stored.
extension NodeStore {
    /// Adds `node`, whose id the store does not hold yet; returns its position.
    @discardableResult
    package mutating func append(_ node: Node) -> Int32 {
        precondition(ids.count < Int32.max, "a store holds fewer than 2^31 nodes")
        let position = Int32(ids.count)
        ids.append(node.id)
        lamports.append(node.lamport)
        walls.append(node.wall)
        actions.append(node.action)
        payloads.append(node.payload)
        taskNumbers.append(Self.number(of: node.taskId, in: &tasks, table: &taskTable))
        authorNumbers.append(Self.number(of: node.authorUserId, in: &authors, table: &authorTable))
        for parent in node.parents {
            if let p = index.position(of: parent, in: ids) {
                parentRefs.append(p)
            } else {
                absentParents.append(parent)
                parentRefs.append(-Int32(absentParents.count))
            }
        }
        precondition(parentRefs.count < Int32.max, "a store holds fewer than 2^31 parent references")
        parentEnd.append(Int32(parentRefs.count))
        index.insert(position, in: ids)
        return position
    }

    /// Makes the references to parents that were added after their child name them by
    /// position. Call it once every node is added (again after adding more).
    package mutating func resolveLaterParents() {
        guard !absentParents.isEmpty else { return }
        for k in parentRefs.indices where parentRefs[k] < 0 {
            if let p = index.position(of: absentParents[Int(-(parentRefs[k] + 1))], in: ids) { parentRefs[k] = p }
        }
    }

    /// Room for `nodes` nodes (and as many parent references) without growing: a column
    /// that doubles holds its contents twice while it copies them, and the id table that
    /// grows places every id again.
    package mutating func reserveCapacity(_ nodes: Int) {
        index.reserveCapacity(nodes, in: ids)
        ids.reserveCapacity(nodes)
        lamports.reserveCapacity(nodes)
        walls.reserveCapacity(nodes)
        actions.reserveCapacity(nodes)
        payloads.reserveCapacity(nodes)
        taskNumbers.reserveCapacity(nodes)
        authorNumbers.reserveCapacity(nodes)
        parentEnd.reserveCapacity(nodes)
        parentRefs.reserveCapacity(nodes)
    }

    /// The position of `value` in `values`, appended when new.
    private static func number<Key: PositionKey>(
        of value: Key.Value, in values: inout [Key.Value], table: inout PositionTable<Key>
    ) -> Int32 where Key.Storage == [Key.Value] {
        if let number = table.position(of: value, in: values) { return number }
        values.append(value)
        table.insert(Int32(values.count - 1), in: values)
        return Int32(values.count - 1)
    }
}

/// A stored node by its id.
enum StoredIdKey: PositionKey {
    @inline(__always)
    static func key(at position: Int, in ids: [NodeID]) -> NodeID { ids[position] }

    @inline(__always)
    static func hash(_ id: NodeID) -> Int {
        let d = id.digest
        return WordHash.hash(d.w0, d.w1, d.w2, d.w3, seed: 0)
    }
}

/// A task in the store's table of tasks.
enum StoredTaskKey: PositionKey {
    @inline(__always)
    static func key(at position: Int, in tasks: [UUIDv4]) -> UUIDv4 { tasks[position] }

    @inline(__always)
    static func hash(_ task: UUIDv4) -> Int { WordHash.hash(task.high, task.low, seed: 0) }
}

/// An author in the store's table of authors.
enum StoredAuthorKey: PositionKey {
    @inline(__always)
    static func key(at position: Int, in authors: [UserId]) -> UserId { authors[position] }

    @inline(__always)
    static func hash(_ author: UserId) -> Int { WordHash.hash(author.high, author.low, seed: 0) }
}
