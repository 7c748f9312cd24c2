import RedoCrypto
import RedoJSON

/// A node that passed every node-level check: its id is the hash of its body, its
/// signature (if any) verifies, its fields have the right shapes. Holds only what the log
/// rules and replay need, not the JSON text.
public struct Node: Sendable {
    /// The node's id, the hash of its body.
    public let id: NodeID
    /// The parents, in the order the node lists them.
    public let parents: NodeParents
    /// `timestamp.lamport`.
    public let lamport: Int64
    /// `timestamp.wall`.
    public let wall: UTCTime
    /// `author.userId`, the `author` tiebreaker of lww.
    public let authorUserId: UserId
    /// The task the node belongs to.
    public let taskId: UUIDv4
    /// The payload, typed per action.
    public let payload: Payload
    /// What the node does. Last, so that its one byte shares the payload's last word
    /// rather than padding one of its own: a log keeps a million of these.
    public let action: Action

    package init(
        id: NodeID, parents: NodeParents, lamport: Int64, wall: UTCTime, authorUserId: UserId, action: Action,
        taskId: UUIDv4, payload: Payload
    ) {
        self.id = id
        self.parents = parents
        self.lamport = lamport
        self.wall = wall
        self.authorUserId = authorUserId
        self.action = action
        self.taskId = taskId
        self.payload = payload
    }

    /// REDO's total order: lamport, then wall, then id.
    public func precedes(_ other: Node) -> Bool {
        if lamport != other.lamport { return lamport < other.lamport }
        if wall != other.wall { return wall < other.wall }
        return id < other.id
    }
}
