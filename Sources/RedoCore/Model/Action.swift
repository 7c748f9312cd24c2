import RedoCrypto
import RedoJSON

/// The nine REDO v1 actions.
public enum Action: String, Sendable, CaseIterable, Comparable {
    case create = "CREATE"
    case update = "UPDATE"
    case delete = "DELETE"
    case completeTodo = "COMPLETE_TODO"
    case createTodo = "CREATE_TODO"
    case snooze = "SNOOZE"
    case archive = "ARCHIVE"
    case unarchive = "UNARCHIVE"
    case merge = "MERGE"

    /// How many parents a node of this action must have.
    public var parentCount: ClosedRange<Int> {
        switch self {
        case .create: return 0...0
        case .merge: return 2...10
        default: return 1...1
        }
    }

    public static func < (lhs: Action, rhs: Action) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name with its indefinite article, for messages: "an UPDATE", "a CREATE".
    public var withArticle: String {
        switch self {
        case .update, .archive, .unarchive: return "an \(rawValue)"
        default: return "a \(rawValue)"
        }
    }
}

extension Action {
    /// The action named exactly by `bytes` (compared bytewise; no `String` is made).
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        for (action, name) in Self.names where name.matches(bytes) {
            self = action
            return
        }
        return nil
    }

    /// Every action with its name as static bytes (`testActionNamesAreReadBytewise` checks they are the raw values).
    private static let names: [(Action, JSONKey)] = [
        (.create, "CREATE"), (.update, "UPDATE"), (.delete, "DELETE"), (.completeTodo, "COMPLETE_TODO"), (.createTodo, "CREATE_TODO"),
        (.snooze, "SNOOZE"), (.archive, "ARCHIVE"), (.unarchive, "UNARCHIVE"), (.merge, "MERGE"),
    ]
}
