/// RFC 8785 sorts object keys by their UTF-16 code units. UTF-8 byte order equals code
/// point order, which agrees with UTF-16 order everywhere except one place: a character
/// in U+E000–U+FFFF is one UTF-16 unit above 0xE000, while an astral character
/// (U+10000 and up) starts with a surrogate in 0xD800–0xDBFF — so in UTF-16 the astral
/// one sorts first, in code point order last. We compare bytes and fix up exactly that
/// case at the first difference.
package enum UTF16KeyOrder {
    package static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { ua in b.withUTF8 { ub in precedes(utf8: ua, ub) } }
    }

    package static func precedes(utf8 a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let shared = min(a.count, b.count)
        var k = 0
        while k < shared && a[k] == b[k] { k += 1 }
        if k == shared { return a.count < b.count }
        if a[k] < 0x80 && b[k] < 0x80 { return a[k] < b[k] }
        // Back up to the start of the character that differs; the prefix is identical, so
        // it starts at the same offset in both strings.
        var start = k
        while start > 0 && a[start] & 0xC0 == 0x80 { start -= 1 }
        let ca = scalar(a, at: start)
        let cb = scalar(b, at: start)
        let ua = firstUTF16Unit(ca)
        let ub = firstUTF16Unit(cb)
        if ua != ub { return ua < ub }
        return ca < cb  // both astral with the same high surrogate: low surrogates follow code points
    }

    @inline(__always)
    private static func firstUTF16Unit(_ scalar: UInt32) -> UInt32 {
        scalar < 0x10000 ? scalar : 0xD800 + ((scalar - 0x10000) >> 10)
    }

    /// Decodes the scalar at `offset` of valid UTF-8.
    @inline(__always)
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        let b0 = UInt32(bytes[offset])
        if b0 < 0x80 { return b0 }
        if b0 < 0xE0 { return (b0 & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F) }
        if b0 < 0xF0 {
            return (b0 & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
        }
        return (b0 & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
            | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F)
    }
}
