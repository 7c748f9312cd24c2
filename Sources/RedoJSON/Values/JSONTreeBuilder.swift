/// Builds a `JSONValue` tree from parser events. Children wait on flat `values`/`keys`
/// stacks and are moved into their container when it closes, so building is iterative
/// like the parser.
struct JSONTreeBuilder: JSONEventSink {
    private var values: [JSONValue] = []
    private var keys: [String] = []
    /// For each open container, where its children start on the stacks.
    private var open: [(valueStart: Int, keyStart: Int)] = []

    /// The finished document (call once, after a successful parse).
    mutating func takeValue() -> JSONValue {
        precondition(values.count == 1 && open.isEmpty, "the parser emits exactly one complete value")
        return values.removeLast()
    }

    /// The value just completed, taken off the stack (`JSONStreamedArrayBuilder` hands
    /// elements over this way).
    mutating func takeLast() -> JSONValue { values.removeLast() }

    /// A value put on the stack as if the parser had read it.
    mutating func append(_ value: JSONValue) { values.append(value) }

    mutating func beginObject() { open.append((values.count, keys.count)) }
    mutating func beginArray() { open.append((values.count, keys.count)) }

    mutating func endObject() {
        let (valueStart, keyStart) = open.removeLast()
        var members: [JSONMember] = []
        members.reserveCapacity(values.count - valueStart)
        for offset in 0..<(values.count - valueStart) {
            members.append(JSONMember(key: keys[keyStart + offset], value: values[valueStart + offset]))
        }
        keys.removeSubrange(keyStart...)
        values.removeSubrange(valueStart...)
        values.append(.object(JSONObject(members)))
    }

    mutating func endArray() {
        let (valueStart, _) = open.removeLast()
        let elements = Array(values[valueStart...])
        values.removeSubrange(valueStart...)
        values.append(.array(elements))
    }

    mutating func key(_ text: JSONStringBytes) { keys.append(String(decoding: text.bytes, as: UTF8.self)) }
    mutating func string(_ text: JSONStringBytes) {
        values.append(.string(String(decoding: text.bytes, as: UTF8.self)))
    }
    mutating func number(_ value: Double) { values.append(.number(value)) }
    mutating func bool(_ value: Bool) { values.append(.bool(value)) }
    mutating func null() { values.append(.null) }
}
