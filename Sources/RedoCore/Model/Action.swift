import RedoCrypto
import RedoJSON

/// The nine REDO v1 actions.
public enum Action: String, Sendable, CaseIterable, Comparable {
    /// Creates the task (no parents) with its first metadata.
    case create = "CREATE"
    /// Sets some of the task's metadata fields.
    case update = "UPDATE"
    /// Deletes the task as of this node, naming the ancestors it deletes (deletedChain).
    case delete = "DELETE"
    /// Completes a todo of the task.
    case completeTodo = "COMPLETE_TODO"
    /// Adds a todo (with a deadline) to the task.
    case createTodo = "CREATE_TODO"
    /// Moves a todo's deadline, by days or to a new instant.
    case snooze = "SNOOZE"
    /// Archives the task.
    case archive = "ARCHIVE"
    /// Takes the task out of the archive.
    case unarchive = "UNARCHIVE"
    /// Joins 2 to 10 branches of the task, deciding the fields they changed differently.
    case merge = "MERGE"

    /// How many parents a node of this action must have.
    public var parentCount: ClosedRange<Int> {
        switch self {
        case .create: return 0...0
        case .merge: return 2...10
        default: return 1...1
        }
    }

    /// Orders actions by name.
    public static func < (lhs: Action, rhs: Action) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name with its indefinite article, for messages: "an UPDATE", "a CREATE".
    var withArticle: String {
        switch self {
        case .update, .archive, .unarchive: return "an \(rawValue)"
        default: return "a \(rawValue)"
        }
    }
}

extension Action {
    /// The action named exactly by `bytes` (compared bytewise; no `String` is made).
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        for (action, name) in Self.names where name.matches(bytes) {
            self = action
            return
        }
        return nil
    }

    /// Every action with its name as static bytes (`testActionNamesAreReadBytewise` checks they are the raw values).
    private static let names: [(Action, JSONKey)] = [
        (.create, "CREATE"), (.update, "UPDATE"), (.delete, "DELETE"), (.completeTodo, "COMPLETE_TODO"),
        (.createTodo, "CREATE_TODO"),
        (.snooze, "SNOOZE"), (.archive, "ARCHIVE"), (.unarchive, "UNARCHIVE"), (.merge, "MERGE"),
    ]
}
