import RedoJSON

/// A JSON value as a scenario wrote it: numbers keep their spelling (`1.0` stays `1.0` in
/// the log line; the node's id is computed from the canonical form, where it is `1`), and
/// object members keep their order.
public indirect enum ScenarioValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A JSON number, as spelled (`-0.50`, `1E3`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([ScenarioValue])
    /// An object, members in the order written.
    case object([ScenarioMember])

    /// The string, when the value is one.
    public var stringValue: String? {
        if case let .string(s) = self { return s }
        return nil
    }

    /// The value as RedoJSON's tree: what the node's id and signature are computed from.
    /// A number that is not a finite double becomes `nil` at that place: only a fault
    /// writes one (`ScenarioFault.numberOutOfRange`).
    package var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .number(text): return .number(Double(text).flatMap { $0.isFinite ? $0 : nil } ?? 0)
        case let .string(s): return .string(s)
        case let .array(items): return .array(items.map(\.jsonValue))
        case let .object(members):
            return .object(JSONObject(members.map { JSONMember(key: $0.key, value: $0.value.jsonValue) }))
        }
    }

    /// The same value from RedoJSON's tree (numbers spelled as the ordered writer spells them).
    package init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case let .bool(b): self = .bool(b)
        case .number: self = .number(OrderedJSONWriter.string(value))
        case let .string(s): self = .string(s)
        case let .array(items): self = .array(items.map(ScenarioValue.init))
        case let .object(object):
            self = .object(object.members.map { ScenarioMember($0.key, ScenarioValue($0.value)) })
        }
    }
}

/// One member of a `ScenarioValue.object`.
public struct ScenarioMember: Sendable, Equatable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: ScenarioValue

    /// A member `key: value`.
    public init(_ key: String, _ value: ScenarioValue) {
        self.key = key
        self.value = value
    }
}

/// Whether `text` is a JSON number (RFC 8259's grammar): the only spellings a scenario's
/// number may have. YAML 1.1's `0x1F`, `.inf` or `+1` are strings.
package func isJSONNumber(_ text: Substring.UTF8View) -> Bool {
    var i = text.startIndex
    let end = text.endIndex
    func digit(_ i: Substring.UTF8View.Index) -> Bool { i < end && text[i] >= 0x30 && text[i] <= 0x39 }
    if i < end, text[i] == 0x2D { i = text.index(after: i) }
    guard digit(i) else { return false }
    if text[i] == 0x30 {
        i = text.index(after: i)
    } else {
        while digit(i) { i = text.index(after: i) }
    }
    if i < end, text[i] == 0x2E {
        i = text.index(after: i)
        guard digit(i) else { return false }
        while digit(i) { i = text.index(after: i) }
    }
    if i < end, text[i] == 0x65 || text[i] == 0x45 {
        i = text.index(after: i)
        if i < end, text[i] == 0x2B || text[i] == 0x2D { i = text.index(after: i) }
        guard digit(i) else { return false }
        while digit(i) { i = text.index(after: i) }
    }
    return i == end
}
