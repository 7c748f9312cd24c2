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
                JSONMember(key: "deleted", value: deletedJSON(reconstruction.deleted)),
                JSONMember(key: "rejected", value: .array(reconstruction.rejected.map(rejectedJSON))),
            ]))
    }

    /// The state's RFC 8785 canonical bytes: the form whose SHA-256 two platforms compare.
    public static func canonicalBytes(_ reconstruction: Reconstruction) -> [UInt8] {
        var bytes: [UInt8] = []
        // One piece: taken as it is rather than copied.
        writeCanonical(reconstruction, chunkBytes: .max) { if bytes.isEmpty { bytes = $0 } else { bytes += $0 } }
        return bytes
    }

    /// The same bytes as `canonicalBytes`, handed to `write` in pieces of about
    /// `chunkBytes` (a task is never split), in order.
    ///
    /// Rendering the whole state as one `JSONValue` first costs several times the state
    /// itself (on a million-node log, more than the log's verdict); this renders one task at
    /// a time. The canonical form of an object is its members' canonical forms in key
    /// order, so the top level is written here in canonical key order (`deleted`,
    /// `rejected`, `tasks`, `version`) and each entry of its arrays is canonicalized on its own.
    public static func writeCanonical(
        _ reconstruction: Reconstruction, chunkBytes: Int = 1 << 20, to write: ([UInt8]) -> Void
    ) {
        writeCanonical(state: reconstruction, chunkBytes: chunkBytes, to: write)
    }

    /// The same bytes for a state made one task at a time: each task is rendered as it is
    /// replayed, so no more than one task's state exists at once.
    public static func writeCanonical(
        _ reconstruction: StreamedReconstruction, chunkBytes: Int = 1 << 20, to write: ([UInt8]) -> Void
    ) {
        writeCanonical(state: reconstruction, chunkBytes: chunkBytes, to: write)
    }

    private static func writeCanonical(
        state: some ReconstructedState, chunkBytes: Int, to write: ([UInt8]) -> Void
    ) {
        var out: [UInt8] = []
        out.reserveCapacity(4096)  // a small state whole, a large one without the first regrowths
        func flushIfFull() {
            guard out.count >= chunkBytes else { return }
            write(out)
            out.removeAll(keepingCapacity: true)
        }
        out += Array(#"{"deleted":["#.utf8)
        for (k, task) in state.deleted.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            task.appendQuoted(to: &out)
        }
        out += Array(#"],"rejected":["#.utf8)
        for (k, entry) in state.rejected.enumerated() {
            flushIfFull()
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"code":"#.utf8)
            StringEscaping.appendQuoted(entry.code.rawValue, to: &out)
            out += Array(#","id":"#.utf8)
            StringEscaping.appendQuoted(entry.id, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out += Array(#"],"tasks":["#.utf8)
        var first = true
        state.forEachTask { task in
            flushIfFull()
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            appendCanonical(task, to: &out)
        }
        out += Array(#"],"version":"#.utf8)
        CanonicalJSON.append(.number(Double(version)), to: &out)
        out.append(UInt8(ascii: "}"))
        write(out)
    }

    /// `taskJSON(task)`'s canonical bytes, written directly: members in canonical key order
    /// (the keys are fixed), ids spelled from their bits. Making the JSON value first and
    /// sorting it cost several times this, for every task of every rendering.
    /// ReconstructionPropertyTests and the log fuzz target compare the two.
    static func appendCanonical(_ task: ReconstructedTask, to out: inout [UInt8]) {
        func member(_ key: StaticString, first: Bool = false) {
            out.append(UInt8(ascii: first ? "{" : ","))
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
        }
        func field(_ field: TaskField, _ key: StaticString) {
            guard let value = task.stateWithoutTodos.fields[field] else { return }
            member(key)
            CanonicalJSON.append(value.json, to: &out)
        }
        func time(_ time: UTCTime?) {
            if let time { time.appendQuoted(to: &out) } else { out += Array("null".utf8) }
        }
        // Canonical order (UTF-16 code units): archived, created, currentTodo, description,
        // frequencyDays, heads, priority, privacy, storyPoints, taskId, title, todos.
        member("archived", first: true)
        out += Array((task.stateWithoutTodos.archived ? "true" : "false").utf8)
        if let created = task.stateWithoutTodos.created {
            member("created")
            time(created)
        }
        member("currentTodo")
        if let current = task.currentTodo { current.appendQuoted(to: &out) } else { out += Array("null".utf8) }
        field(.description, "description")
        field(.frequencyDays, "frequencyDays")
        member("heads")
        out.append(UInt8(ascii: "["))
        for (k, head) in task.heads.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            head.appendQuoted(to: &out)
        }
        out.append(UInt8(ascii: "]"))
        field(.priority, "priority")
        field(.privacy, "privacy")
        field(.storyPoints, "storyPoints")
        member("taskId")
        task.taskId.appendQuoted(to: &out)
        field(.title, "title")
        member("todos")
        out.append(UInt8(ascii: "["))
        for (k, todo) in task.todos.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            // completed, deadline, node, notes, todoTaskId
            member("completed", first: true)
            time(todo.completed)
            member("deadline")
            time(todo.deadline)
            member("node")
            todo.creator.appendQuoted(to: &out)
            if let notes = todo.notes {
                member("notes")
                StringEscaping.appendQuoted(notes, to: &out)
            }
            member("todoTaskId")
            todo.todoTaskId.appendQuoted(to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        out.append(UInt8(ascii: "}"))
    }

    static func deletedJSON(_ deleted: [UUIDv4]) -> JSONValue {
        .array(deleted.map { .string($0.text) })
    }

    static func rejectedJSON(_ entry: (id: String, code: ErrorCode)) -> JSONValue {
        .object(
            JSONObject([
                JSONMember(key: "id", value: .string(entry.id)),
                JSONMember(key: "code", value: .string(entry.code.rawValue)),
            ]))
    }

    /// One task as `json` renders it (`diff` compares states task by task).
    package static func taskJSON(_ task: ReconstructedTask) -> JSONValue {
        var members = [JSONMember(key: "taskId", value: .string(task.taskId.text))]
        for field in TaskField.metadata {
            if let value = task.stateWithoutTodos.fields[field] {
                members.append(JSONMember(key: field.rawValue, value: value.json))
            }
        }
        members.append(JSONMember(key: "archived", value: .bool(task.stateWithoutTodos.archived)))
        if let created = task.stateWithoutTodos.created {
            members.append(JSONMember(key: "created", value: .string(created.text)))
        }
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
