#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed I-JSON value.
///
/// Strings compare by their UTF-8 bytes, never by Unicode canonical equivalence:
/// Swift's `String ==` says "\u{212A}" (KELVIN SIGN) equals "K", but for content
/// addressing they are different bytes and therefore different values. Every
/// equality in this module goes through `bytewiseEqual`.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// The IEEE-754 double the number text denotes (correctly rounded).
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// One key/value pair of an object, in the order the source wrote it.
public struct JSONMember: Sendable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object: members in source order with unique keys (the reader rejects duplicates).
public struct JSONObject: Sendable {
    public var members: [JSONMember]

    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    public var count: Int { members.count }
    public var keys: [String] { members.map(\.key) }

    /// The value stored under `key`, compared bytewise. Linear: REDO objects are small,
    /// and the few large ones (exports) are iterated, not searched.
    public subscript(key: String) -> JSONValue? {
        get {
            // Index, not `for member in members`: iterating copies every member (a retain
            // and release of its key and value) just to look at its key.
            var key = key
            return key.withUTF8 { wanted in
                for index in members.indices where members[index].key.utf8Equals(wanted) { return members[index].value }
                return nil
            }
        }
        set {
            if let index = members.firstIndex(where: { $0.key.bytewiseEqual(key) }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(JSONMember(key: key, value: newValue))
            }
        }
    }

    /// A copy without the named top-level keys (used to drop `id` and `signature`).
    public func removing(_ names: Set<String>) -> JSONObject {
        JSONObject(members.filter { member in !names.contains(where: { $0.bytewiseEqual(member.key) }) })
    }
}

extension JSONValue: Equatable {
    /// Structural equality: objects are equal when they hold the same keys with equal
    /// values in any order; strings compare bytewise; numbers compare as doubles (0 == -0).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a.bytewiseEqual(b)
        case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        case let (.object(a), .object(b)): return a == b
        default: return false
        }
    }
}

extension JSONObject: Equatable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }
}

extension JSONValue {
    public var stringValue: String? { if case let .string(s) = self { return s }; return nil }
    public var numberValue: Double? { if case let .number(d) = self { return d }; return nil }
    public var boolValue: Bool? { if case let .bool(b) = self { return b }; return nil }
    public var arrayValue: [JSONValue]? { if case let .array(a) = self { return a }; return nil }
    public var objectValue: JSONObject? { if case let .object(o) = self { return o }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }

    /// A short name of the value's JSON type, for messages ("expected a string, found a number").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension String {
    /// Equality of the UTF-8 bytes (no Unicode normalization): one memcmp over the
    /// contiguous UTF-8 of both strings.
    @inlinable
    public func bytewiseEqual(_ other: String) -> Bool {
        // The lengths first: O(1) for native strings, and most unequal strings differ there.
        guard utf8.count == other.utf8.count else { return false }
        var b = other
        return b.withUTF8 { utf8Equals($0) }
    }

    /// Whether this string's UTF-8 bytes are exactly `bytes`.
    @inlinable
    public func utf8Equals(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count == bytes.count else { return false }
        if bytes.isEmpty { return true }
        if let equal = utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
            return equal
        }
        var copy = self
        return copy.withUTF8 { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }
}

/// A `String` wrapper whose equality and hash are bytewise, for sets and dictionaries
/// keyed by JSON text (object keys, ids) where normalization must not merge entries.
public struct BytewiseString: Hashable, Sendable {
    public let string: String
    public init(_ string: String) { self.string = string }
    public static func == (lhs: BytewiseString, rhs: BytewiseString) -> Bool {
        lhs.string.bytewiseEqual(rhs.string)
    }
    public func hash(into hasher: inout Hasher) {
        var bytes = string // withUTF8 needs a var; a native string is not copied
        bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
