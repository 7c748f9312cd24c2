import RedoCrypto
import RedoJSON

/// The reconstructed state as RFC 8785 canonical JSON, the form two platforms compare by
/// hash (documented in PROTOCOL.md, "Reconstructed state"):
/// `{"version":1,"tasks":[…],"deleted":[taskId…],"rejected":[{"id","code"}…]}`.
public enum StateRendering {
    /// The rendering's `version` member: 1.
    public static let version = 1

    /// The state as a JSON value (members in the documented order, not yet canonical).
    public static func json(_ reconstruction: Reconstruction) -> JSONValue {
        .object(
            JSONObject([
                JSONMember(key: "version", value: .number(Double(version))),
                JSONMember(key: "tasks", value: .array(reconstruction.tasks.map(taskJSON))),
                JSONMember(key: "deleted", value: .array(reconstruction.deleted.map { .string($0.text) })),
                JSONMember(
                    key: "rejected",
                    value: .array(
                        reconstruction.rejected.map { entry in
                            .object(
                                JSONObject([
                                    JSONMember(key: "id", value: .string(entry.id)),
                                    JSONMember(key: "code", value: .string(entry.code.rawValue)),
                                ]))
                        })),
            ]))
    }

    /// The state's RFC 8785 canonical bytes: the form whose SHA-256 two platforms compare.
    public static func canonicalBytes(_ reconstruction: Reconstruction) -> [UInt8] {
        CanonicalJSON.bytes(of: json(reconstruction))
    }

    /// One task as `json` renders it (`diff` compares states task by task).
    package static func taskJSON(_ task: ReconstructedTask) -> JSONValue {
        var members = [JSONMember(key: "taskId", value: .string(task.taskId.text))]
        for field in TaskField.metadata {
            if let value = task.state.fields[field] {
                members.append(JSONMember(key: field.rawValue, value: value.json))
            }
        }
        members.append(JSONMember(key: "archived", value: .bool(task.state.archived)))
        if let created = task.state.created { members.append(JSONMember(key: "created", value: .string(created.text))) }
        members.append(
            JSONMember(
                key: "todos",
                value: .array(
                    task.todos.map { todo in
                        var fields = [
                            JSONMember(key: "todoTaskId", value: .string(todo.todoTaskId.text)),
                            JSONMember(key: "deadline", value: .string(todo.deadline.text)),
                        ]
                        if let notes = todo.notes { fields.append(JSONMember(key: "notes", value: .string(notes))) }
                        fields.append(
                            JSONMember(key: "completed", value: todo.completed.map { .string($0.text) } ?? .null))
                        fields.append(JSONMember(key: "node", value: .string(todo.creator.text)))
                        return .object(JSONObject(fields))
                    })))
        members.append(JSONMember(key: "currentTodo", value: task.currentTodo.map { .string($0.text) } ?? .null))
        members.append(JSONMember(key: "heads", value: .array(task.heads.map { .string($0.text) })))
        return .object(JSONObject(members))
    }
}
