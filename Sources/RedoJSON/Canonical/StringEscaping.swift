/// Writes a string as ECMAScript's JSON.stringify does (RFC 8785 section 3.2.2.2): only
/// `"`, `\` and the C0 controls are escaped — the five with short forms as `\b \f \n \r \t`,
/// the rest as `\u00xx` with lowercase hex. Everything else, `/`, DEL, U+2028/U+2029 and
/// all non-ASCII included, is written as its UTF-8 bytes.
public enum StringEscaping {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Whether a byte needs an escape (a table lookup on the hot path).
    private static let needsEscape: [Bool] = (0...255).map { b in b < 0x20 || b == 0x22 || b == 0x5C }

    /// Appends `text` to `out` as a quoted JSON string in its canonical spelling: what
    /// `CanonicalJSON` writes for a string value or an object key.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0, to: &out) }
    }

    package static func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        appendQuoted(utf8: bytes, into: &out)
    }

    /// The escaper proper, for any output (the tape path writes through a cursor).
    static func appendQuoted<Out: ByteOutput>(utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout Out) {
        out.append(ASCII.quote)
        var runStart = 0
        var index = 0
        let count = bytes.count
        needsEscape.withUnsafeBufferPointer { table in
            while index < count {
                // Eight bytes at a time while none needs an escape (most strings have none).
                if index + 8 <= count {
                    let word = UInt64(
                        littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                    let flags = escapeFlags(word)
                    if flags == 0 {
                        index += 8
                        continue
                    }
                    index += flags.trailingZeroBitCount >> 3  // the first byte that needs one
                }
                let byte = bytes[index]
                if table[Int(byte)] {
                    if runStart < index {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    }
                    appendEscape(byte, to: &out)
                    runStart = index + 1
                }
                index += 1
            }
        }
        if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        out.append(ASCII.quote)
    }

    /// The high bit of each of the eight bytes (byte 0 lowest) that needs an escape: a
    /// quote, a backslash or a C0 control, by the has-zero-byte and has-less-than tricks
    /// (non-ASCII bytes are never flagged). A borrow can flag a byte above a flagged one
    /// falsely, never one below: zero means none needs one, and the lowest flag is exact.
    @inline(__always)
    static func escapeFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* UInt64(ASCII.quote))
        let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl) & 0x8080_8080_8080_8080
    }

    private static func appendEscape<Out: ByteOutput>(_ byte: UInt8, to out: inout Out) {
        out.append(ASCII.backslash)
        switch byte {
        case 0x22: out.append(ASCII.quote)
        case 0x5C: out.append(ASCII.backslash)
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            out.append(UInt8(ascii: "u"))
            out.append(ASCII.zero)
            out.append(ASCII.zero)
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        }
    }
}
