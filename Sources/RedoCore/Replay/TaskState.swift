import RedoCrypto
import RedoJSON

/// One todo as replay leaves it.
public struct TodoState: Sendable, Equatable {
    public let todoTaskId: UUIDv4
    public var deadline: UTCTime
    public var notes: String?
    public var completed: UTCTime?
    /// The CREATE_TODO that created it.
    public let creator: NodeID
    /// Its CREATE_TODO's position in total order (lamport, wall, id).
    public let creatorKey: OrderKey

    public func value(_ field: TodoField) -> FieldValue? {
        switch field {
        case .deadline: return .time(deadline)
        case .notes: return notes.map { .string($0) }
        case .completed: return completed.map { .time($0) } ?? .null
        }
    }

    mutating func set(_ field: TodoField, _ value: FieldValue) {
        switch (field, value) {
        case let (.deadline, .time(t)): deadline = t
        case let (.notes, .string(s)): notes = s
        case let (.completed, .time(t)): completed = t
        case (.completed, .null): completed = nil
        default: break // values are checked when the MERGE is validated
        }
    }
}

/// A node's position in REDO's total order, comparable without the node.
public struct OrderKey: Comparable, Sendable, Hashable {
    public let lamport: Int64
    public let wall: UTCTime
    public let id: NodeID

    public init(_ node: Node) {
        lamport = node.lamport
        wall = node.wall
        id = node.id
    }

    public static func < (a: OrderKey, b: OrderKey) -> Bool { (a.lamport, a.wall, a.id) < (b.lamport, b.wall, b.id) }
}

/// A task as replay leaves it: metadata fields only where some payload set them.
public struct TaskState: Sendable {
    public var fields: [TaskField: FieldValue] = [:]
    public var created: UTCTime?
    public var todos: [UUIDv4: TodoState] = [:]

    public init() {}

    public var archived: Bool {
        if case let .bool(flag)? = fields[.archived] { return flag }
        return false
    }

    /// Applies one node's effect (a MERGE's effect is its decisions).
    public mutating func apply(_ node: Node, decisions: MergeDecisions?) {
        switch node.payload {
        case let .create(values):
            for (field, value) in values.values { fields[field] = value }
            fields[.archived] = .bool(false)
            created = node.wall
        case let .update(values):
            for (field, value) in values.values { fields[field] = value }
        case .archive:
            fields[.archived] = .bool(true)
        case .unarchive:
            fields[.archived] = .bool(false)
        case .createTodo, .completeTodo, .snooze:
            applyTodo(node)
        case .delete:
            break
        case .merge:
            guard let decisions else { return }
            for (field, value) in decisions.task { fields[field] = value }
            for (todo, changes) in decisions.todos {
                for (field, value) in changes { todos[todo]?.set(field, value) }
            }
        }
    }

    /// The todo part of a node's effect (also replayed alone, per todo, for MERGE).
    mutating func applyTodo(_ node: Node) {
        switch node.payload {
        case let .createTodo(todo, deadline, notes):
            todos[todo] = TodoState(todoTaskId: todo, deadline: deadline, notes: notes, completed: nil, creator: node.id, creatorKey: OrderKey(node))
        case let .completeTodo(todo, completed, notes):
            todos[todo]?.completed = completed
            if let notes { todos[todo]?.notes = notes }
        case let .snooze(todo, change, notes):
            guard let current = todos[todo] else { return }
            switch change {
            case let .days(days): todos[todo]?.deadline = current.deadline.adding(days: days)
            case let .newDeadline(deadline): todos[todo]?.deadline = deadline
            }
            if let notes { todos[todo]?.notes = notes }
        default:
            break
        }
    }
}

/// What a MERGE decided: the only fields it writes.
public struct MergeDecisions: Sendable, Equatable {
    public var task: [TaskField: FieldValue] = [:]
    public var todos: [UUIDv4: [TodoField: FieldValue]] = [:]
    public init() {}
}
