import RedoCrypto
import RedoJSON

/// One todo as replay leaves it.
public struct TodoState: Sendable, Equatable {
    /// The todo's id.
    public let todoTaskId: UUIDv4
    /// When it is due, after every SNOOZE replayed.
    public var deadline: UTCTime
    /// Its notes, the latest any node set; nil when none did.
    public var notes: String?
    /// When it was completed; nil while it is not.
    public var completed: UTCTime?
    /// The CREATE_TODO that created it.
    public let creator: NodeID
    /// Its CREATE_TODO's lamport and wall: with `creator`, its position in total order
    /// (kept apart so that the id is held once).
    let creatorLamport: Int64
    let creatorWall: UTCTime

    /// Its CREATE_TODO's position in total order (lamport, wall, id).
    var creatorKey: OrderKey { OrderKey(lamport: creatorLamport, wall: creatorWall, id: creator) }

    func value(_ field: TodoField) -> FieldValue? {
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
        default: break  // values are checked when the MERGE is validated
        }
    }
}

/// A node's position in REDO's total order, comparable without the node.
struct OrderKey: Comparable, Sendable, Hashable {
    let lamport: Int64
    let wall: UTCTime
    let id: NodeID

    static func < (a: OrderKey, b: OrderKey) -> Bool { (a.lamport, a.wall, a.id) < (b.lamport, b.wall, b.id) }
}

/// A task as replay leaves it: metadata fields only where some payload set them.
public struct TaskState: Sendable {
    /// The metadata fields some node set, `archived` included once the task is created.
    public var fields: [TaskField: FieldValue] = [:]
    /// The CREATE's wall time; nil when no CREATE was replayed.
    public var created: UTCTime?
    /// The task's todos by id.
    public var todos: [UUIDv4: TodoState] = [:]

    package init() {}

    /// Whether the task is archived.
    public var archived: Bool {
        if case let .bool(flag)? = fields[.archived] { return flag }
        return false
    }

    /// Applies one node's effect (a MERGE's effect is its decisions).
    package mutating func apply(_ node: Node, decisions: MergeDecisions?) {
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
            todos[todo] = TodoState(
                todoTaskId: todo, deadline: deadline, notes: notes, completed: nil, creator: node.id,
                creatorLamport: node.lamport, creatorWall: node.wall)
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
    /// The task fields the MERGE writes, with their values.
    public var task: [TaskField: FieldValue] = [:]
    /// The todo fields it writes, per todo.
    public var todos: [UUIDv4: [TodoField: FieldValue]] = [:]
    package init() {}
}
