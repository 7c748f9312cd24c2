/// An object key the rules look up by name: a string literal, kept as its static UTF-8
/// bytes. Looking one up compares lengths first (most keys differ there) and then a few
/// bytes in a loop; no `String` is touched. The validator does about a hundred such
/// comparisons per node, and through `String` they cost more than parsing the node.
///
/// Comparison is bytewise, like every key comparison here: "public\u{212A}ey" is not
/// "publicKey", though Swift's `==` on strings says it is.
public struct JSONKey: ExpressibleByStringLiteral, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: `start` points at a string literal's storage, immutable for the life of
    // the process.
    private let start: UnsafePointer<UInt8>
    package let count: Int

    /// The key spelled by a string literal, e.g. `let key: JSONKey = "title"`.
    public init(stringLiteral literal: StaticString) {
        precondition(literal.hasPointerRepresentation, "a key is a string literal")
        start = literal.utf8Start
        count = literal.utf8CodeUnitCount
    }

    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }
    /// The key as a `String`.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The key as a `String`, unquoted.
    public var description: String { text }

    /// Whether `other` holds exactly this key's bytes.
    @inline(__always)
    package func matches(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard other.count == count else { return false }
        // Keys are a few bytes long: a loop beats a call to memcmp.
        for k in 0..<count where start[k] != other[k] { return false }
        return true
    }

    /// Whether `text`'s UTF-8 bytes are exactly this key's.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }
}

extension Array where Element == JSONKey {
    /// Whether one of the keys is exactly `bytes`.
    @inline(__always)
    func containsKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for key in self where key.matches(bytes) { return true }
        return false
    }
}
