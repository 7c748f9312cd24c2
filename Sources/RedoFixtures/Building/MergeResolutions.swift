import RedoCrypto
import RedoJSON

/// The JSON of a MERGE's `policy` and `resolutions`, for the generators: one place that
/// knows their shape (PROTOCOL.md, "MERGE"), instead of nested object literals in every
/// fixture. Members keep the order given, so the vectors' bytes follow the call.
enum MergeResolutions {
    /// One FieldResolution: `{"path", "strategy", extra…}` (extra: chosenParent, value, notes).
    static func field(_ path: String, _ strategy: String, _ extra: [JSONMember] = []) -> JSONValue {
        .object(JSONObject([member("path", str(path)), member("strategy", str(strategy))] + extra))
    }

    /// `{"task": [FieldResolution], "todos": [{"todoTaskId", "fields"}]}`, each key only
    /// when it has entries.
    static func object(task: [JSONValue] = [], todos: [(todoTaskId: String, fields: [JSONValue])] = []) -> JSONValue {
        var members: [JSONMember] = []
        if !task.isEmpty { members.append(member("task", .array(task))) }
        if !todos.isEmpty {
            members.append(
                member(
                    "todos",
                    .array(
                        todos.map {
                            .object(
                                JSONObject([
                                    member("todoTaskId", str($0.todoTaskId)), member("fields", .array($0.fields)),
                                ]))
                        })))
        }
        return .object(JSONObject(members))
    }

    /// The payload member `"policy": {"defaultStrategy"?, "lwwTiebreakers"?, "arrayStrategy"?}`,
    /// each key only when given.
    static func policy(defaultStrategy: String? = nil, lwwTiebreakers: [String]? = nil, arrayStrategy: String? = nil)
        -> JSONMember
    {
        var members: [JSONMember] = []
        if let defaultStrategy { members.append(member("defaultStrategy", str(defaultStrategy))) }
        if let lwwTiebreakers { members.append(member("lwwTiebreakers", .array(lwwTiebreakers.map { str($0) }))) }
        if let arrayStrategy { members.append(member("arrayStrategy", str(arrayStrategy))) }
        return member("policy", .object(JSONObject(members)))
    }
}
