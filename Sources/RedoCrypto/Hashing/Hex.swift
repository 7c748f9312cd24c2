/// Lowercase hexadecimal, the only encoding REDO allows for keys, ids and signatures.
/// Decoding is strict: uppercase, odd length or any other character is refused, because
/// "the same bytes in another spelling" is exactly the drift this tool exists to catch.
public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value of one lowercase hex digit, or nil.
    @inline(__always)
    public static func lowercaseDigitValue(_ unit: UInt8) -> UInt8? {
        switch unit {
        case 0x30...0x39: return unit - 0x30
        case 0x61...0x66: return unit - 0x61 + 10
        default: return nil
        }
    }

    /// The value of one lowercase hex digit, or 16 or more for any other byte: callers OR
    /// the results together and test once, instead of branching on every digit.
    @inline(__always)
    static func nibble(_ unit: UInt8) -> UInt64 {
        let digit = unit &- 0x30, letter = unit &- 0x61
        return digit < 10 ? UInt64(digit) : (letter < 6 ? UInt64(letter) + 10 : 0x100)
    }

    /// `count` (at most 16) lowercase hex digits from `units[start...]` as one big-endian
    /// number; nil when any of them is not a lowercase hex digit.
    @inline(__always)
    public static func word(_ units: UnsafeBufferPointer<UInt8>, at start: Int, digits count: Int) -> UInt64? {
        var word: UInt64 = 0, invalid: UInt64 = 0
        for k in start..<start + count {
            let value = nibble(units[k])
            invalid |= value
            word = word << 4 | (value & 0xF)
        }
        return invalid < 0x100 ? word : nil
    }

    /// Whether `text` is exactly `count` lowercase hex digits.
    public static func isLowercase(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { lowercaseDigitValue($0) != nil }
    }

    /// Decodes lowercase hex; nil for anything else (uppercase included).
    public static func decodeLowercase(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decodeLowercase(utf8: $0) }
    }

    /// Decodes lowercase hex from UTF-8 bytes, without intermediate copies.
    public static func decodeLowercase(utf8 units: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard units.count % 2 == 0 else { return nil }
        var invalid: UInt64 = 0
        let out = [UInt8](unsafeUninitializedCapacity: units.count / 2) { buffer, count in
            for k in 0..<units.count / 2 {
                let high = nibble(units[2 * k]), low = nibble(units[2 * k + 1])
                invalid |= high | low
                buffer[k] = UInt8(truncatingIfNeeded: high << 4 | low & 0xF)
            }
            count = units.count / 2
        }
        return invalid < 0x100 ? out : nil
    }
}
