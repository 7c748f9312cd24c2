/// `author.userId`: 32 lowercase hex digits (the first 16 bytes of the public key), held
/// as its 128 bits so a million nodes need no million strings. Numeric order is the order
/// of the hex text, which is what lww's `author` tiebreaker compares.
public struct UserId: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ UserId(utf8: $0) }) else { return nil }
        self = parsed
    }

    /// The same, from the text's UTF-8 bytes.
    public init?(utf8 units: UnsafeBufferPointer<UInt8>) {
        guard units.count == 32 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        for (k, unit) in units.enumerated() {
            let digit: UInt8
            switch unit {
            case 0x30...0x39: digit = unit - 0x30
            case 0x61...0x66: digit = unit - 0x61 + 10
            default: return nil
            }
            if k < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt64(digit) }
        }
        self.high = high
        self.low = low
    }

    public var text: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) { out.append(digits[Int(word >> UInt64(shift) & 0xF)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    public var description: String { text }

    public static func < (a: UserId, b: UserId) -> Bool { (a.high, a.low) < (b.high, b.low) }
}
