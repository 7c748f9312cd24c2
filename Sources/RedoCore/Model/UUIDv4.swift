/// A lowercase UUID version 4 with hyphens (8-4-4-4-12 hex, version nibble 4, variant
/// 8, 9, a or b): REDO's taskId and todoTaskId. Stored as its 128 bits, so comparing and
/// hashing never touch strings; `text` writes the one valid spelling back.
public struct UUIDv4: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init?(_ text: String) {
        let u = Array(text.utf8)
        guard u.count == 36, u[8] == 0x2D, u[13] == 0x2D, u[18] == 0x2D, u[23] == 0x2D,
              u[14] == 0x34, [0x38, 0x39, 0x61, 0x62].contains(u[19]) else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        var nibbles = 0
        for (k, unit) in u.enumerated() where k != 8 && k != 13 && k != 18 && k != 23 {
            guard let digit = Self.lowerHex(unit) else { return nil }
            if nibbles < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt64(digit) }
            nibbles += 1
        }
        self.high = high
        self.low = low
    }

    private static func lowerHex(_ unit: UInt8) -> UInt8? {
        switch unit {
        case 0x30...0x39: return unit - 0x30
        case 0x61...0x66: return unit - 0x61 + 10
        default: return nil
        }
    }

    public var text: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for k in 0..<32 {
            if k == 8 || k == 12 || k == 16 || k == 20 { out.append(0x2D) }
            let word = k < 16 ? high : low
            let shift = UInt64(60 - (k % 16) * 4)
            out.append(digits[Int(word >> shift & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public var description: String { text }

    public static func < (lhs: UUIDv4, rhs: UUIDv4) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }
}
