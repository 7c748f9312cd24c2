/// A scenario document as a front end read it (YAML or JSON): values typed by JSON's
/// rules, each with its location, members in order. `ScenarioDecoder` turns it into a
/// `Scenario`.
package struct ScenarioInput: Sendable {
    package indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([ScenarioInput])
        case object([(key: String, value: ScenarioInput)])
    }

    package var kind: Kind
    package var location: SourceLocation

    package init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// What the value is, for messages.
    package var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "a mapping"
        }
    }

    /// The plain value, without locations. Depth is bounded by the front ends.
    package var value: ScenarioValue {
        switch kind {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .number(n): return .number(n)
        case let .string(s): return .string(s)
        case let .array(items): return .array(items.map(\.value))
        case let .object(members): return .object(members.map { ScenarioMember($0.key, $0.value.value) })
        }
    }
}
