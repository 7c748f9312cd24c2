import RedoCrypto
import RedoJSON

/// A node of the log pass: its position and the store it is read from, a field at a time
/// (making the whole `Node` would copy its payload and parents for one field).
struct NodeRef {
    let nodes: NodeStore
    let position: Int

    init(_ nodes: NodeStore, _ position: Int) {
        self.nodes = nodes
        self.position = position
    }

    var id: NodeID { nodes.id(at: position) }
    var lamport: Int64 { nodes.lamport(at: position) }
    var action: Action { nodes.action(at: position) }
    var taskId: UUIDv4 { nodes.taskId(at: position) }
    var payload: Payload { nodes.payload(at: position) }
    /// Where its parents are among the store's parent references.
    var parentRange: Range<Int> { nodes.parentRange(of: position) }
}
