import RedoCrypto
import RedoJSON

/// A lowercase UUID version 4 with hyphens (8-4-4-4-12 hex, version nibble 4, variant
/// 8, 9, a or b): REDO's taskId and todoTaskId. Stored as its 128 bits, so comparing and
/// hashing never touch strings; `text` writes the one valid spelling back.
public struct UUIDv4: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let high: UInt64
    package let low: UInt64

    /// Parses the one spelling REDO allows; nil for anything else (uppercase, no hyphens,
    /// another version or variant).
    public init?(_ text: String) {
        var text = text
        guard let bits = text.withUTF8({ Self.parse($0) }) else { return nil }
        (high, low) = bits
    }

    /// The same, from the text's UTF-8 bytes.
    package init?(utf8 units: UnsafeBufferPointer<UInt8>) {
        guard let bits = Self.parse(units) else { return nil }
        (high, low) = bits
    }

    /// The UUID with these bits, as `high` and `low` hold them (kept by a caller that
    /// stored a valid UUID's bits).
    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The 128 bits of strict UUID v4 text, read straight from its UTF-8 bytes.
    private static func parse(_ u: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard u.count == 36, u[8] == 0x2D, u[13] == 0x2D, u[18] == 0x2D, u[23] == 0x2D,
            u[14] == 0x34, u[19] == 0x38 || u[19] == 0x39 || u[19] == 0x61 || u[19] == 0x62
        else { return nil }
        guard let a = Hex.word(u, at: 0, digits: 8), let b = Hex.word(u, at: 9, digits: 4),
            let c = Hex.word(u, at: 14, digits: 4),
            let d = Hex.word(u, at: 19, digits: 4), let e = Hex.word(u, at: 24, digits: 12)
        else { return nil }
        let high = a << 32 | b << 16 | c
        let low = d << 48 | e
        return (high, low)
    }

    /// The UUID as REDO writes it: lowercase, 8-4-4-4-12. Written straight into the
    /// string's storage: reports spell a task id once per record, a million times over.
    public var text: String {
        String(unsafeUninitializedCapacity: 36) { out in
            spell(into: out.baseAddress!)
            return 36
        }
    }

    /// `text` as a JSON string, appended to `out` (it needs no escapes), without making
    /// the string.
    package func appendQuoted(to out: inout [UInt8]) {
        RedoCore.appendQuoted(width: 36, to: &out) { spell(into: $0) }
    }

    /// The 36 characters of `text`, at `base`.
    private func spell(into base: UnsafeMutablePointer<UInt8>) {
        // The 32 digits at 4...35, then the first four groups moved down to make room
        // for the hyphens (the last group is already in place).
        Hex.write(high, to: base + 4)
        Hex.write(low, to: base + 20)
        func move(_ count: Int, from: Int, to: Int) {
            for k in 0..<count { base[to + k] = base[from + k] }
        }
        move(8, from: 4, to: 0)
        move(4, from: 12, to: 9)
        move(4, from: 16, to: 14)
        move(4, from: 20, to: 19)
        (base[8], base[13], base[18], base[23]) = (0x2D, 0x2D, 0x2D, 0x2D)
    }

    /// The same as `text`.
    public var description: String { text }

    /// Dictionaries keyed by task or todo hash its two words with `WordHash`.
    public func _rawHashValue(seed: Int) -> Int { WordHash.hash(high, low, seed: seed) }

    /// The order of the text.
    public static func < (lhs: UUIDv4, rhs: UUIDv4) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }
}
