import RedoCrypto
import RedoJSON

/// `author.userId`: 32 lowercase hex digits (the first 16 bytes of the public key), held
/// as its 128 bits so a million nodes need no million strings. Numeric order is the order
/// of the hex text, which is what lww's `author` tiebreaker compares.
public struct UserId: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let high: UInt64
    package let low: UInt64

    /// Parses exactly 32 lowercase hex digits; nil for anything else.
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ UserId(utf8: $0) }) else { return nil }
        self = parsed
    }

    /// The same, from the text's UTF-8 bytes.
    package init?(utf8 units: UnsafeBufferPointer<UInt8>) {
        guard units.count == 32, let high = Hex.word(units, at: 0, digits: 16),
            let low = Hex.word(units, at: 16, digits: 16)
        else { return nil }
        self.high = high
        self.low = low
    }

    /// Whether this is `key`'s userId (its first 16 bytes).
    public func isPrefix(of key: Ed25519PublicKey) -> Bool { (high, low) == key.userIdWords }

    /// The userId as REDO writes it: 32 lowercase hex digits.
    public var text: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) { out.append(digits[Int(word >> UInt64(shift) & 0xF)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The same as `text`.
    public var description: String { text }

    /// The order of the text (what lww's `author` tiebreaker compares).
    public static func < (a: UserId, b: UserId) -> Bool { (a.high, a.low) < (b.high, b.low) }
}
