import RedoCore
import RedoCrypto
import RedoJSON

/// Reads the records out of one JSON document, whatever export shape it has:
/// - a single node object;
/// - an array of nodes (`file#0`, `file#1`, …);
/// - an object mapping node id → node, as a Firestore collection export (`file#<id>`); the
///   key must equal the node's id. An object counts as one only when some member's key is
///   a `sha256:` id or its value is an object with a node key: any other object (a wrapped
///   export such as `{"exportedAt": …, "nodes": […]}`) is no shape, and reading it is one
///   input problem (`Unrecognized`), not a rejected record per member;
/// - a nested export `{"users": {uid: {"changes": {id: node}}}}` (`file#users/<uid>/changes/<id>`).
package enum ExportShapes {
    package enum Shape: String, Sendable {
        case node
        case array
        case idMap = "id-map"
        case nestedExport = "nested-export"

        /// How a report names a document of this shape that holds no record; nil for a
        /// single value, which is always one record.
        var emptyDescription: String? {
            switch self {
            case .node: return nil
            case .array: return "an empty JSON array"
            case .idMap: return "an empty JSON object"
            case .nestedExport: return "a nested export whose users hold no changes"
            }
        }
    }

    /// Keys that only a node has at its top level.
    static let nodeKeys: Set<String> = ["version", "parents", "timestamp", "author", "action", "taskId", "data"]

    /// The document's shape; nil for an object that is none of them (see `Unrecognized`).
    package static func shape(of value: JSONValue) -> Shape? {
        switch value {
        case .array: return .array
        case let .object(object):
            if isNode(object) { return .node }
            if object.count == 1, case .object? = object["users"] { return .nestedExport }
            if object.count == 0 || isIdMap(object) { return .idMap }
            return nil
        default:
            return .node  // not an object or array: a (broken) single record
        }
    }

    static func isNode(_ object: JSONObject) -> Bool { object.members.contains { nodeKeys.contains($0.key) } }

    /// Some member is keyed by a node id, or holds a node: a map whose every member is
    /// broken still reads as one, and its records are rejected one by one.
    static func isIdMap(_ object: JSONObject) -> Bool {
        object.members.contains { member in
            if member.key.hasPrefix(NodeID.prefix) { return true }
            if case let .object(value) = member.value { return isNode(value) }
            return false
        }
    }

    /// The document's records, or why it has no shape.
    package static func records(of value: JSONValue, file: Int32) throws(Unrecognized) -> [InputRecord] {
        guard let shape = shape(of: value) else { throw Unrecognized(value) }
        switch (shape, value) {
        case let (.array, .array(elements)):
            return elements.enumerated().map {
                InputRecord(
                    source: RecordSource(file: file, line: 0, key: String($0.offset)), content: .value($0.element),
                    storedUnder: nil)
            }
        case let (.idMap, .object(object)):
            return object.members.map {
                InputRecord(
                    source: RecordSource(file: file, line: 0, key: $0.key), content: .value($0.value),
                    storedUnder: $0.key)
            }
        case let (.nestedExport, .object(object)):
            var records: [InputRecord] = []
            for user in object["users"]?.objectValue?.members ?? [] {
                guard let changes = user.value.objectValue?["changes"]?.objectValue else {
                    records.append(
                        InputRecord(
                            source: RecordSource(file: file, line: 0, key: "users/\(user.key)"),
                            content: .finding(
                                Finding(.recordObject, "users/\(user.key) has no \"changes\" object", path: "$")),
                            storedUnder: nil))
                    continue
                }
                for change in changes.members {
                    records.append(
                        InputRecord(
                            source: RecordSource(file: file, line: 0, key: "users/\(user.key)/changes/\(change.key)"),
                            content: .value(change.value), storedUnder: change.key))
                }
            }
            return records
        default:
            return [
                InputRecord(
                    source: RecordSource(file: file, line: 0, key: ""), content: .value(value), storedUnder: nil)
            ]
        }
    }
}
