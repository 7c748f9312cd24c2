import RedoCrypto
import RedoJSON

/// The nodes of a log, one per id, in the order they were added: a collection of ``Node``.
///
/// A log keeps millions of nodes for its whole run, so they are stored by column rather
/// than as `Node` values: the ids, lamports, walls, actions and payloads each in an array
/// of their own; the task and the author as 4-byte numbers into tables of the distinct
/// values; the parents as positions of other nodes in one flat array (a 32-byte id only for
/// a parent that is not a node of the store). About 125 bytes a node against the 176 of a
/// `Node`, and the log rules read parents as positions without looking each id up.
///
/// Reading an element makes the `Node` from its columns.
public struct NodeStore: RandomAccessCollection, Sendable {
    /// Each node's id; a node's position is its index here.
    var ids: [NodeID] = []
    var lamports: [Int64] = []
    var walls: [UTCTime] = []
    var actions: [Action] = []
    var payloads: [Payload] = []
    /// Each node's task as a position in `tasks`, which holds every task once.
    var taskNumbers: [Int32] = []
    var tasks: [UUIDv4] = []
    var taskTable = PositionTable<StoredTaskKey>()
    /// Each node's author as a position in `authors`, which holds every author once.
    var authorNumbers: [Int32] = []
    var authors: [UserId] = []
    var authorTable = PositionTable<StoredAuthorKey>()
    /// Node i's parents are `parentRefs[parentEnd[i - 1]..<parentEnd[i]]` (from 0 for the
    /// first node). A reference is a node's position, or `-(k + 1)` for `absentParents[k]`,
    /// an id no node held when the child was added (see `resolveLaterParents`).
    var parentEnd: [Int32] = []
    var parentRefs: [Int32] = []
    var absentParents: [NodeID] = []
    /// Each node's position by its id.
    var index = PositionTable<StoredIdKey>()

    /// An empty store.
    package init() {}

    /// The nodes in the given order; a node whose id is already stored is left out.
    package init(_ nodes: some Sequence<Node>) {
        for node in nodes where position(of: node.id) == nil { append(node) }
        resolveLaterParents()
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of nodes.
    public var endIndex: Int { ids.count }

    /// The node at `position`, made from its columns.
    public subscript(position: Int) -> Node {
        Node(
            id: ids[position], parents: parents(at: position), lamport: lamports[position], wall: walls[position],
            authorUserId: authorUserId(at: position), action: actions[position], taskId: taskId(at: position),
            payload: payloads[position])
    }

    /// The position of the node with `id`, nil when the store holds none.
    public func position(of id: NodeID) -> Int? {
        index.position(of: id, in: ids).map(Int.init)
    }

    // Single fields, read without making the whole node.

    package func id(at position: Int) -> NodeID { ids[position] }
    package func lamport(at position: Int) -> Int64 { lamports[position] }
    package func wall(at position: Int) -> UTCTime { walls[position] }
    package func action(at position: Int) -> Action { actions[position] }
    package func payload(at position: Int) -> Payload { payloads[position] }
    /// The todo a CREATE_TODO node creates (nil for any other node), read in place: the
    /// table of todo creators asks on every probe, and a copy of the payload would retain
    /// and release its notes each time.
    func createdTodo(at position: Int) -> UUIDv4? {
        if case let .createTodo(todo, _, _) = payloads[position] { return todo }
        return nil
    }
    package func taskId(at position: Int) -> UUIDv4 { tasks[Int(taskNumbers[position])] }
    /// Node `position`'s task as a number: tasks are numbered 0, 1, ... in the order their
    /// first node was added, so that what is kept per task can be an array.
    func taskNumber(at position: Int) -> Int { Int(taskNumbers[position]) }
    /// The number of `task` (see `taskNumber(at:)`), nil when no node of the store has it.
    func taskNumber(of task: UUIDv4) -> Int? { taskTable.position(of: task, in: tasks).map(Int.init) }
    package func authorUserId(at position: Int) -> UserId { authors[Int(authorNumbers[position])] }

    /// Where node `position`'s parents are in the flat parent array (`parentPosition`,
    /// `parentId`), in the order the node lists them.
    package func parentRange(of position: Int) -> Range<Int> {
        Int(position == 0 ? 0 : parentEnd[position - 1])..<Int(parentEnd[position])
    }

    /// The position of the node a parent reference names; negative when no node of the
    /// store holds that id (after `resolveLaterParents`; before it, also for parents added
    /// after their child).
    package func parentPosition(_ k: Int) -> Int32 { Swift.max(parentRefs[k], -1) }

    /// The id a parent reference names.
    package func parentId(_ k: Int) -> NodeID {
        let ref = parentRefs[k]
        return ref >= 0 ? ids[Int(ref)] : absentParents[Int(-(ref + 1))]
    }

    /// How many parent references there are, all nodes together.
    package var parentReferenceCount: Int { parentRefs.count }

    /// Node `position`'s parents, in their order.
    package func parents(at position: Int) -> NodeParents {
        let range = parentRange(of: position)
        switch range.count {
        case 0: return NodeParents([NodeID]())
        case 1: return NodeParents(first: parentId(range.lowerBound), rest: [])
        default:
            // A loop rather than `map(parentId)`: the closure would capture (copy) the whole store.
            var rest: [NodeID] = []
            rest.reserveCapacity(range.count - 1)
            for k in range.dropFirst() { rest.append(parentId(k)) }
            return NodeParents(first: parentId(range.lowerBound), rest: rest)
        }
    }
}
