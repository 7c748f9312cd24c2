/// Builds a document's tree like `JSONTreeBuilder`, except for one array: the value of
/// `key` in the root object. Each element of that array is handed to `element` as soon as
/// it is complete and is not kept, and the member stays in the root object with an empty
/// array. A report of a million records is then never held as a million trees at once.
struct JSONStreamedArrayBuilder: JSONEventSink {
    private var tree = JSONTreeBuilder()
    private let key: JSONKey
    private let element: (JSONValue) -> Void
    /// Open containers, the streamed array not counted.
    private var depth = 0
    /// The last key read in the root object is `key`.
    private var atKey = false
    /// Inside the streamed array.
    private var streaming = false

    init(streaming key: JSONKey, element: @escaping (JSONValue) -> Void) {
        self.key = key
        self.element = element
    }

    /// The finished document (call once, after a successful parse).
    mutating func takeValue() -> JSONValue { tree.takeValue() }

    /// After a value that ends at `depth`: hands it over when it is an element.
    private mutating func ended() {
        if streaming && depth == 1 { element(tree.takeLast()) }
    }

    mutating func beginObject() {
        depth += 1
        tree.beginObject()
    }

    mutating func endObject() {
        depth -= 1
        tree.endObject()
        ended()
    }

    mutating func beginArray() {
        if depth == 1 && atKey && !streaming {
            streaming = true
            return
        }
        depth += 1
        tree.beginArray()
    }

    mutating func endArray() {
        if streaming && depth == 1 {
            streaming = false
            tree.append(.array([]))
            return
        }
        depth -= 1
        tree.endArray()
        ended()
    }

    mutating func key(_ text: JSONStringBytes) {
        if depth == 1 && !streaming { atKey = key.matches(text.bytes) }
        tree.key(text)
    }

    mutating func string(_ text: JSONStringBytes) {
        tree.string(text)
        ended()
    }

    mutating func number(_ value: Double) {
        tree.number(value)
        ended()
    }

    mutating func bool(_ value: Bool) {
        tree.bool(value)
        ended()
    }

    mutating func null() {
        tree.null()
        ended()
    }
}
