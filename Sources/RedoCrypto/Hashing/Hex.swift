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
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: units.count / 2) { buffer, count in
            var k = 0
            while k < units.count {
                guard let high = lowercaseDigitValue(units[k]), let low = lowercaseDigitValue(units[k + 1]) else {
                    failed = true
                    break
                }
                buffer[k / 2] = high << 4 | low
                k += 2
            }
            count = failed ? 0 : units.count / 2
        }
        return failed ? nil : out
    }
}
