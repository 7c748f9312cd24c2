import RedoCrypto
import RedoJSON

/// The task metadata fields CREATE and UPDATE carry, and that replay and MERGE decide.
public enum TaskField: String, Sendable, CaseIterable {
    /// The task's title (a non-empty string).
    case title
    /// Its description (a string).
    case description
    /// Its priority (an integer from 1 to 5, 5 most urgent).
    case priority
    /// Its story points (an integer, at least 0).
    case storyPoints
    /// Its frequency in days (an integer, at least 1).
    case frequencyDays
    /// Whether it is private (a boolean).
    case privacy
    /// Whether it is archived (a boolean, set by CREATE, ARCHIVE and UNARCHIVE only).
    case archived

    /// Fields a CREATE/UPDATE payload may set (`archived` only changes by ARCHIVE/UNARCHIVE).
    public static let metadata: [TaskField] = [.title, .description, .priority, .storyPoints, .frequencyDays, .privacy]

    /// Whether the field holds an integer (the fields max and min can decide).
    public var isNumeric: Bool { self == .priority || self == .storyPoints || self == .frequencyDays }

    /// The field's name as a payload key.
    var key: JSONKey {
        switch self {
        case .title: return "title"
        case .description: return "description"
        case .priority: return "priority"
        case .storyPoints: return "storyPoints"
        case .frequencyDays: return "frequencyDays"
        case .privacy: return "privacy"
        case .archived: return "archived"
        }
    }

    /// Hashes the case, not its name: a String-backed enum otherwise hashes its raw value,
    /// and replay and MERGE look fields up by the million.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .title: hasher.combine(0 as UInt8)
        case .description: hasher.combine(1 as UInt8)
        case .priority: hasher.combine(2 as UInt8)
        case .storyPoints: hasher.combine(3 as UInt8)
        case .frequencyDays: hasher.combine(4 as UInt8)
        case .privacy: hasher.combine(5 as UInt8)
        case .archived: hasher.combine(6 as UInt8)
        }
    }
}

/// Todo fields a MERGE decides per todo.
public enum TodoField: String, Sendable, CaseIterable {
    /// When the todo is due.
    case deadline
    /// Free text.
    case notes
    /// When it was completed (null: not completed).
    case completed

    /// Hashes the case, not its name (see `TaskField.hash(into:)`).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .deadline: hasher.combine(0 as UInt8)
        case .notes: hasher.combine(1 as UInt8)
        case .completed: hasher.combine(2 as UInt8)
        }
    }
}

/// A typed field value. Strings compare bytewise (see JSONValue).
public enum FieldValue: Sendable, Equatable, CustomStringConvertible {
    /// A string.
    case string(String)
    /// An integer (REDO's integers are at most 2^53 - 1 in magnitude).
    case integer(Int64)
    /// A boolean.
    case bool(Bool)
    /// A UTC instant.
    case time(UTCTime)
    /// An explicitly absent value (a todo not yet completed: `completed: null`).
    case null

    /// The same case and value; strings compare bytewise.
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

    /// The value as JSON, as a node or the reconstructed state writes it (a time as its text).
    public var json: JSONValue {
        switch self {
        case let .string(s): return .string(s)
        case let .integer(i): return .number(Double(i))
        case let .bool(b): return .bool(b)
        case let .time(t): return .string(t.text)
        case .null: return .null
        }
    }

    /// The value for messages: a string quoted, a time as its text.
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

/// The metadata a CREATE or UPDATE payload sets; absent fields are nil. Stored inline
/// (no dictionary per node: a million-node log holds a million of these), in 50 bytes:
/// an absent count is `Int64.min`, which no REDO integer can be (they are at most
/// 2^53 - 1 in magnitude), rather than an optional that pads each one to 16 bytes; the
/// priority, 1 to 5, is one byte with 0 for absent.
public struct TaskFieldValues: Sendable, Equatable {
    private var title: String?
    private var description: String?
    private var storyPoints = absent
    private var frequencyDays = absent
    private var priority: Int8 = 0
    private var privacy: Bool?
    private static let absent = Int64.min

    package init() {}

    /// The value the payload sets for `field`; nil when it sets none (always for `archived`).
    public package(set) subscript(field: TaskField) -> FieldValue? {
        get {
            switch field {
            case .title: return title.map { .string($0) }
            case .description: return description.map { .string($0) }
            case .priority: return priority == 0 ? nil : .integer(Int64(priority))
            case .storyPoints: return Self.integer(storyPoints)
            case .frequencyDays: return Self.integer(frequencyDays)
            case .privacy: return privacy.map { .bool($0) }
            case .archived: return nil  // set only by ARCHIVE/UNARCHIVE
            }
        }
        set {
            switch (field, newValue) {
            case let (.title, .string(text)?): title = text
            case let (.description, .string(text)?): description = text
            case let (.priority, .integer(value)?):
                // The validator stores only priorities it checked (1 to 5).
                precondition((1...5).contains(value), "priority out of range")
                priority = Int8(value)
            case let (.storyPoints, .integer(value)?): storyPoints = value
            case let (.frequencyDays, .integer(value)?): frequencyDays = value
            case let (.privacy, .bool(flag)?): privacy = flag
            case (.title, nil): title = nil
            case (.description, nil): description = nil
            case (.priority, nil): priority = 0
            case (.storyPoints, nil): storyPoints = Self.absent
            case (.frequencyDays, nil): frequencyDays = Self.absent
            case (.privacy, nil): privacy = nil
            default: break  // the validator only stores values of the field's type
            }
        }
    }

    private static func integer(_ stored: Int64) -> FieldValue? { stored == absent ? nil : .integer(stored) }

    /// The fields set, in field order.
    public var values: [(TaskField, FieldValue)] {
        TaskField.metadata.compactMap { field in self[field].map { (field, $0) } }
    }
}
