import RedoCrypto
import RedoJSON

/// A node of the log pass, read in place from the pass's node storage.
///
/// Binding `nodes[i]` to a value copies the node, which retains everything it holds (its
/// parents, its payload's strings) only to release it again; the rules read a node and
/// its parents once each for a million nodes. Each property here reads one field through
/// the pointer. Valid while the storage it points into is neither mutated nor freed: the
/// log pass holds it unchanged for the whole rule run.
struct NodeRef {
    let nodes: UnsafeBufferPointer<Node>
    let position: Int

    init(_ nodes: UnsafeBufferPointer<Node>, _ position: Int) {
        self.nodes = nodes
        self.position = position
    }

    var id: NodeID { nodes[position].id }
    var parents: NodeParents { nodes[position].parents }
    var lamport: Int64 { nodes[position].lamport }
    var action: Action { nodes[position].action }
    var taskId: UUIDv4 { nodes[position].taskId }
    var payload: Payload { nodes[position].payload }
}
