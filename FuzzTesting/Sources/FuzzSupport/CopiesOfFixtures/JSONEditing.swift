// Short spellings for building JSON values, and editing one field of a built node: how the
// targets write nodes and break them. The main package's fixtures have the same helpers
// (RedoJSON's package-level `member`/`str`/`num`, RedoFixtures' `setting`), out of reach here.
import RedoJSON

public func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
public func str(_ text: String) -> JSONValue { .string(text) }
public func num(_ value: Double) -> JSONValue { .number(value) }

extension JSONObject {
    /// The `id` text of a sealed node.
    public var idText: String { self["id"]?.stringValue ?? "" }

    /// Sets (or with nil removes) the value at a dotted path of objects (`timestamp.wall`),
    /// creating nothing: how a target breaks one field of a valid node.
    public func setting(_ path: String, to value: JSONValue?) -> JSONObject {
        var copy = self
        copy.set(path.split(separator: ".").map(String.init)[...], value)
        return copy
    }

    private mutating func set(_ parts: ArraySlice<String>, _ value: JSONValue?) {
        guard let head = parts.first else { return }
        if parts.count == 1 {
            self[head] = value
        } else if case var .object(inner)? = self[head] {
            inner.set(parts.dropFirst(), value)
            self[head] = .object(inner)
        }
    }
}
