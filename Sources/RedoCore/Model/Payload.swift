import RedoCrypto
import RedoJSON

/// A node's payload, typed per action. Built only from payloads that passed validation.
public enum Payload: Sendable {
    case create(TaskFieldValues)
    case update(TaskFieldValues)
    case createTodo(todo: UUIDv4, deadline: UTCTime, notes: String?)
    case completeTodo(todo: UUIDv4, completed: UTCTime, notes: String?)
    case snooze(todo: UUIDv4, change: SnoozeChange, notes: String?)
    case archive
    case unarchive
    case delete(deletedChain: [NodeID])
    case merge(MergePayload)

    /// The todo a CREATE_TODO, COMPLETE_TODO or SNOOZE names.
    public var todoTaskId: UUIDv4? {
        switch self {
        case let .createTodo(todo, _, _), let .completeTodo(todo, _, _), let .snooze(todo, _, _): return todo
        default: return nil
        }
    }
}

public enum SnoozeChange: Sendable, Equatable {
    case days(Int)
    case newDeadline(UTCTime)
}

public enum MergeStrategy: String, Sendable, CaseIterable {
    case ours, theirs, union, lww, manual, max, min
}

public enum LWWTiebreaker: String, Sendable, CaseIterable {
    case lamport, wall, author
}

public enum ArrayStrategy: String, Sendable, CaseIterable {
    case union, lww
}

public struct MergePolicy: Sendable {
    public var defaultStrategy: MergeStrategy = .lww
    public var lwwTiebreakers: [LWWTiebreaker] = [.lamport, .wall, .author]
    public var arrayStrategy: ArrayStrategy = .union
    public init() {}
}

/// One explicit decision for one field.
public struct FieldResolution: Sendable {
    public var path: String
    public var strategy: MergeStrategy
    public var chosenParent: NodeID?
    /// The value for `manual`, already checked against the field's type.
    public var value: FieldValue?
}

public struct MergePayload: Sendable {
    public var base: NodeID
    public var policy: MergePolicy
    /// First resolution per task field (later ones for the same path are ignored).
    public var taskResolutions: [TaskField: FieldResolution]
    /// First resolution per (todo, field).
    public var todoResolutions: [UUIDv4: [TodoField: FieldResolution]]
}
