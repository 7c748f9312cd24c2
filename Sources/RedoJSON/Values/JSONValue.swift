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
/// equality in this module (values, keys, lookups) compares UTF-8 bytes.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The IEEE-754 double the number text denotes (correctly rounded).
    case number(Double)
    /// A string, unescaped.
    case string(String)
    /// An array, elements in source order.
    case array([JSONValue])
    /// An object.
    case object(JSONObject)
}

/// One key/value pair of an object, in the order the source wrote it.
public struct JSONMember: Sendable {
    /// The member's name, unescaped.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member with this key and value.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object: members in source order with unique keys (the reader rejects duplicates).
public struct JSONObject: Sendable {
    /// The members in order. Keys must stay unique (bytewise): the canonical form and the
    /// key lookups assume it.
    public var members: [JSONMember]

    /// An object of these members, in this order; their keys must be unique (bytewise).
    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The number of members.
    public var count: Int { members.count }
    /// The keys in member order.
    public var keys: [String] { members.map(\.key) }

    /// The value stored under `key`, compared bytewise. Linear: REDO objects are small,
    /// and the few large ones (exports) are iterated, not searched. Setting a value
    /// replaces the member's value in place or appends a new member; setting nil removes it.
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
    /// The same keys (bytewise) with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }
}

extension JSONValue {
    /// The string, when the value is one; nil otherwise.
    public var stringValue: String? {
        if case let .string(s) = self { return s }
        return nil
    }
    /// The number, when the value is one; nil otherwise.
    public var numberValue: Double? {
        if case let .number(d) = self { return d }
        return nil
    }
    /// The boolean, when the value is one; nil otherwise.
    public var boolValue: Bool? {
        if case let .bool(b) = self { return b }
        return nil
    }
    /// The elements, when the value is an array; nil otherwise.
    public var arrayValue: [JSONValue]? {
        if case let .array(a) = self { return a }
        return nil
    }
    /// The object, when the value is one; nil otherwise.
    public var objectValue: JSONObject? {
        if case let .object(o) = self { return o }
        return nil
    }
    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

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
    package func bytewiseEqual(_ other: String) -> Bool {
        // The lengths first: O(1) for native strings, and most unequal strings differ there.
        guard utf8.count == other.utf8.count else { return false }
        var b = other
        return b.withUTF8 { utf8Equals($0) }
    }

    /// Whether this string's UTF-8 bytes are exactly `bytes`.
    @inlinable
    package func utf8Equals(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count == bytes.count else { return false }
        if bytes.isEmpty { return true }
        if let equal = utf8.withContiguousStorageIfAvailable({
            memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }) {
            return equal
        }
        var copy = self
        return copy.withUTF8 { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }
}

/// A `String` wrapper whose equality and hash are bytewise, for sets and dictionaries
/// keyed by JSON text (object keys, ids) where normalization must not merge entries.
package struct BytewiseString: Hashable, Sendable {
    package let string: String
    package init(_ string: String) { self.string = string }
    package static func == (lhs: BytewiseString, rhs: BytewiseString) -> Bool {
        lhs.string.bytewiseEqual(rhs.string)
    }
    package func hash(into hasher: inout Hasher) {
        var bytes = string  // withUTF8 needs a var; a native string is not copied
        bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
