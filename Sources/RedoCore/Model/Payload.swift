import RedoCrypto
import RedoJSON

/// A node's payload, typed per action. Built only from payloads that passed validation.
public enum Payload: Sendable {
    /// CREATE: the task's first metadata.
    case create(TaskFieldValues)
    /// UPDATE: the fields it sets.
    case update(TaskFieldValues)
    /// CREATE_TODO: the new todo's id, deadline and optional notes.
    case createTodo(todo: UUIDv4, deadline: UTCTime, notes: String?)
    /// COMPLETE_TODO: the todo, when it was completed, optional notes.
    case completeTodo(todo: UUIDv4, completed: UTCTime, notes: String?)
    /// SNOOZE: the todo, how its deadline moves, optional notes.
    case snooze(todo: UUIDv4, change: SnoozeChange, notes: String?)
    /// ARCHIVE (no payload fields).
    case archive
    /// UNARCHIVE (no payload fields).
    case unarchive
    /// DELETE: the ids of the ancestors it deletes.
    case delete(deletedChain: [NodeID])
    /// MERGE: its base, policy and explicit resolutions. Boxed: it is the largest case
    /// and the rarest, and unboxed it would set the size of every node's payload.
    indirect case merge(MergePayload)

    /// The todo a CREATE_TODO, COMPLETE_TODO or SNOOZE names.
    public var todoTaskId: UUIDv4? {
        switch self {
        case let .createTodo(todo, _, _), let .completeTodo(todo, _, _), let .snooze(todo, _, _): return todo
        default: return nil
        }
    }
}

/// How a SNOOZE moves a todo's deadline.
public enum SnoozeChange: Sendable, Equatable {
    /// Later by this many whole days (`daysToExtend`, 1 to 3,652,059), in plain UTC days.
    case days(Int)
    /// To this instant (`newDeadline`).
    case newDeadline(UTCTime)
}

/// How a MERGE decides a field its parents changed differently.
public enum MergeStrategy: String, Sendable, CaseIterable {
    /// The value of the parent named `chosenParent`.
    case ours
    /// The value of the other parent (MERGEs of exactly two parents only).
    case theirs
    /// The union of the parents' arrays. No REDO v1 field is an array, so no field can use it.
    case union
    /// The value of the latest parent, by the policy's tiebreakers, then the greater id.
    case lww
    /// The value given in the resolution.
    case manual
    /// The greatest value (numeric fields only).
    case max
    /// The smallest value (numeric fields only).
    case min
}

/// What decides "latest" for lww, tried in the policy's order.
public enum LWWTiebreaker: String, Sendable, CaseIterable {
    /// The greater `timestamp.lamport`.
    case lamport
    /// The later `timestamp.wall`.
    case wall
    /// The greater `author.userId`.
    case author
}

/// How a MERGE policy combines arrays (REDO v1 has no array fields; the name is checked).
public enum ArrayStrategy: String, Sendable, CaseIterable {
    /// Every element of every parent.
    case union
    /// The latest parent's array.
    case lww
}

/// A MERGE's `policy`: what decides the conflicts no resolution names.
public struct MergePolicy: Sendable {
    /// The strategy for conflicting fields without a resolution (default lww).
    public var defaultStrategy: MergeStrategy = .lww
    /// lww's tiebreakers, in order (default lamport, wall, author).
    public var lwwTiebreakers: [LWWTiebreaker] = [.lamport, .wall, .author]
    /// The array strategy (default union).
    public var arrayStrategy: ArrayStrategy = .union
    init() {}
}

/// One explicit decision for one field.
public struct FieldResolution: Sendable {
    /// The field's name as the resolution wrote it (`title`, `deadline`…).
    public var path: String
    /// The strategy that decides the field.
    public var strategy: MergeStrategy
    /// For ours and theirs: the parent whose value `ours` takes (`theirs` takes the other's).
    public var chosenParent: NodeID?
    /// The value for `manual`, already checked against the field's type.
    public var value: FieldValue?
}

/// A MERGE's payload.
public struct MergePayload: Sendable {
    /// The common ancestor the parents' states are compared with.
    public var base: NodeID
    /// What decides conflicts no resolution names.
    public var policy: MergePolicy
    /// First resolution per task field (later ones for the same path are ignored).
    public var taskResolutions: [TaskField: FieldResolution]
    /// First resolution per (todo, field).
    public var todoResolutions: [UUIDv4: [TodoField: FieldResolution]]
}
