import RedoCrypto

/// The task metadata fields CREATE and UPDATE carry, and that replay and MERGE decide.
public enum TaskField: String, Sendable, CaseIterable {
    case title, description, priority, storyPoints, frequencyDays, privacy, archived

    /// Fields a CREATE/UPDATE payload may set (`archived` only changes by ARCHIVE/UNARCHIVE).
    public static let metadata: [TaskField] = [.title, .description, .priority, .storyPoints, .frequencyDays, .privacy]

    public var isNumeric: Bool { self == .priority || self == .storyPoints || self == .frequencyDays }
}

/// Todo fields a MERGE decides per todo.
public enum TodoField: String, Sendable, CaseIterable {
    case deadline, notes, completed
}

/// A typed field value. Strings compare bytewise (see JSONValue).
public enum FieldValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case time(UTCTime)
    /// An explicitly absent value (a todo not yet completed: `completed: null`).
    case null

    public static func == (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a.bytewiseEqual(b)
        case let (.integer(a), .integer(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.time(a), .time(b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    public var json: JSONValue {
        switch self {
        case let .string(s): return .string(s)
        case let .integer(i): return .number(Double(i))
        case let .bool(b): return .bool(b)
        case let .time(t): return .string(t.text)
        case .null: return .null
        }
    }

    public var description: String {
        switch self {
        case let .string(s): return "\"\(s)\""
        case let .integer(i): return String(i)
        case let .bool(b): return String(b)
        case let .time(t): return t.text
        case .null: return "null"
        }
    }
}

/// The metadata a CREATE or UPDATE payload sets, in field order; absent fields are nil.
public struct TaskFieldValues: Sendable, Equatable {
    public var values: [TaskField: FieldValue] = [:]
    public init() {}
    public subscript(field: TaskField) -> FieldValue? {
        get { values[field] }
        set { values[field] = newValue }
    }
}
