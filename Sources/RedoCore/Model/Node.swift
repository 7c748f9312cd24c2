import RedoCrypto
import RedoJSON

/// A node that passed every node-level check: its id is the hash of its body, its
/// signature (if any) verifies, its fields have the right shapes. Holds only what the log
/// rules and replay need, not the JSON text.
public struct Node: Sendable {
    public let id: NodeID
    public let parents: [NodeID]
    public let lamport: Int64
    public let wall: UTCTime
    /// `author.userId`, the `author` tiebreaker of lww.
    public let authorUserId: UserId
    public let action: Action
    public let taskId: UUIDv4
    public let payload: Payload

    public init(id: NodeID, parents: [NodeID], lamport: Int64, wall: UTCTime, authorUserId: UserId, action: Action, taskId: UUIDv4, payload: Payload) {
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
