import RedoCore
import RedoJSON

/// One side's state, task by task: a log's reconstruction (each task replayed and rendered
/// only when compared, so neither side's whole state is ever held) or a state JSON read as
/// given.
enum StateView: Sendable {
    case reconstruction(StreamedReconstruction)
    case document(StateDocument)

    /// Task ids in the bytes' order.
    var taskIds: [String] {
        switch self {
        case let .reconstruction(r): return r.listedTaskIds.map(\.text)  // UUIDv4 order is the text's
        case let .document(d): return d.tasks.map(\.taskId)
        }
    }

    /// The `index`th task of `taskIds`; each is asked for once, in order, by the comparison.
    func task(at index: Int) -> JSONObject {
        switch self {
        case let .reconstruction(r): return StateRendering.taskJSON(r.task(at: index)).objectValue ?? JSONObject()
        case let .document(d): return d.tasks[index].value
        }
    }

    /// Deleted task ids, sorted by their bytes.
    var deleted: [String] {
        switch self {
        case let .reconstruction(r): return r.deleted.map(\.text)
        case let .document(d): return d.deleted
        }
    }

    /// Rejected ids → code.
    var rejected: [(id: String, code: String)] {
        switch self {
        case let .reconstruction(r): return r.rejected.map { ($0.id, $0.code.rawValue) }
        case let .document(d): return d.rejected
        }
    }
}

/// A reconstructed state as `reconstruct --format json` prints it, or a platform renders
/// it. The rule that tells one from a log: a JSON object with `version`, `tasks`,
/// `deleted` and `rejected` and no `format` key (no node, export or report has all four).
struct StateDocument: Sendable {
    var tasks: [(taskId: String, value: JSONObject)] = []
    var deleted: [String] = []
    var rejected: [(id: String, code: String)] = []

    static func isState(_ value: JSONValue) -> Bool {
        guard let object = value.objectValue else { return false }
        return object["format"] == nil && ["version", "tasks", "deleted", "rejected"].allSatisfy { object[$0] != nil }
    }

    /// Reads a document `isState` accepted; throws what is wrong with it.
    init(_ value: JSONValue) throws(StateDocumentError) {
        guard let object = value.objectValue else { throw StateDocumentError("not an object") }
        guard object["version"]?.numberValue == Double(StateRendering.version) else {
            throw StateDocumentError("version must be \(StateRendering.version)")
        }
        guard let tasks = object["tasks"]?.arrayValue else { throw StateDocumentError("tasks must be an array") }
        for (index, task) in tasks.enumerated() {
            guard let fields = task.objectValue, let taskId = fields["taskId"]?.stringValue else {
                throw StateDocumentError("tasks[\(index)] must be an object with a string taskId")
            }
            self.tasks.append((taskId, fields))
        }
        guard let deleted = object["deleted"]?.arrayValue, deleted.allSatisfy({ $0.stringValue != nil }) else {
            throw StateDocumentError("deleted must be an array of taskIds")
        }
        self.deleted = deleted.compactMap(\.stringValue)
        guard let rejected = object["rejected"]?.arrayValue else {
            throw StateDocumentError("rejected must be an array")
        }
        for (index, entry) in rejected.enumerated() {
            guard let id = entry.objectValue?["id"]?.stringValue, let code = entry.objectValue?["code"]?.stringValue
            else { throw StateDocumentError("rejected[\(index)] must be an object with string id and code") }
            self.rejected.append((id, code))
        }
        // In the bytes' order, as the reconstruction lists them; of a repeated id, the first.
        self.tasks = Self.firstOfEach(self.tasks, key: \.taskId)
        self.deleted = Self.firstOfEach(self.deleted, key: { $0 })
        self.rejected = Self.firstOfEach(self.rejected, key: \.id)
    }

    private static func firstOfEach<T>(_ items: [T], key: (T) -> String) -> [T] {
        let sorted = items.enumerated().sorted { x, y in
            let (a, b) = (key(x.element), key(y.element))
            if a.utf8Precedes(b) { return true }
            if b.utf8Precedes(a) { return false }
            return x.offset < y.offset
        }
        var out: [T] = []
        for item in sorted.map(\.element) where out.last.map({ !key($0).utf8.elementsEqual(key(item).utf8) }) ?? true {
            out.append(item)
        }
        return out
    }
}

struct StateDocumentError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
