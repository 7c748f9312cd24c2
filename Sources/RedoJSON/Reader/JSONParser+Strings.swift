/// Strings: scanning, UTF-8 validation, escapes and surrogates.
extension JSONParser {
    /// Scans the string whose opening quote is at `index` and leaves `index` after its
    /// closing quote. Returns the offset of its first byte when the string has no escapes
    /// (its bytes are then `bytes[start..<index - 1]`, used in place); returns nil when it
    /// has escapes, with the unescaped bytes in `scratch`.
    @inline(__always)
    mutating func scanString() throws(JSONSyntaxError) -> Int? {
        let open = index
        index += 1
        let start = index
        let count = bytes.count
        let base = bytes.baseAddress!  // a quote was read, so the buffer is not empty
        while true {
            index = Self.skipPlainBytes(base, from: index, count: count)
            guard index < count else { break }
            let byte = base[index]
            if byte == ASCII.quote {
                if index - start > limits.maxStringBytes { throw stringLimit(open: open, end: index) }
                index += 1
                return start
            }
            if byte == ASCII.backslash { break }
            if byte < 0x20 { throw controlCharacter(byte) }
            if byte < 0x80 { index += 1 } else { try skipUTF8Sequence() }
        }
        guard index < count else { throw fail(open, .unexpectedEnd, "unterminated string") }

        // Escapes: unescape into `scratch`. Bytes between escapes are validated as above
        // and copied a run at a time.
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        while true {
            index = Self.skipPlainBytes(base, from: index, count: count)
            guard index < count else { break }
            let byte = base[index]
            if byte == ASCII.quote {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                if index - start > limits.maxStringBytes { throw stringLimit(open: open, end: index) }
                index += 1
                return nil
            }
            if byte == ASCII.backslash {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try readEscape()
                runStart = index
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw fail(open, .unexpectedEnd, "unterminated string")
    }

    /// Eight bytes at a time from `index`, while none of them needs a closer look: the
    /// position of the first byte that does, or where fewer than eight bytes are left.
    @inline(__always)
    static func skipPlainBytes(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
        var index = index
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let attention = attention(word)
            if attention != 0 { return index + (attention.trailingZeroBitCount >> 3) }  // straight to that byte
            index += 8
        }
        return index
    }

    /// The high bit of each of the eight bytes (byte 0 lowest) that is a quote, a
    /// backslash, a control character (the bytes a writer escapes,
    /// `StringEscaping.escapeFlags`) or non-ASCII (its own high bit). The lowest flag is
    /// exact, and the byte loop takes over there.
    @inline(__always)
    static func attention(_ word: UInt64) -> UInt64 {
        StringEscaping.escapeFlags(word) | (word & 0x8080_8080_8080_8080)
    }

    // Error builders take `self` and stay out of the hot loops: calling a non-mutating
    // method from a mutating one copies the whole parser (a memcpy) on every call.

    func stringLimit(open: Int, end: Int) -> JSONSyntaxError {
        fail(open, .stringLimit, "string of \(end - open - 1) bytes is over the limit of \(limits.maxStringBytes)")
    }

    func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
        fail(
            index, .controlCharacter,
            "control character U+00\(hexByte(byte).uppercased()) must be escaped inside a string")
    }

    private mutating func readEscape() throws(JSONSyntaxError) {
        let escapeOffset = index
        guard index + 1 < bytes.count else { throw fail(escapeOffset, .unexpectedEnd, "unterminated escape sequence") }
        let code = bytes[index + 1]
        index += 2
        switch code {
        case ASCII.quote: scratch.append(ASCII.quote)
        case ASCII.backslash: scratch.append(ASCII.backslash)
        case ASCII.slash: scratch.append(ASCII.slash)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHex4(escapeOffset: escapeOffset)
            var scalar = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed at once by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == ASCII.backslash, bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw fail(
                        escapeOffset, .loneSurrogate,
                        "lone high surrogate \\u\(hex4(unit)) (I-JSON forbids unpaired surrogates)")
                }
                let lowOffset = index
                index += 2
                let low = try readHex4(escapeOffset: lowOffset)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail(
                        escapeOffset, .loneSurrogate,
                        "high surrogate \\u\(hex4(unit)) is not followed by a low surrogate")
                }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw fail(
                    escapeOffset, .loneSurrogate,
                    "lone low surrogate \\u\(hex4(unit)) (I-JSON forbids unpaired surrogates)")
            }
            appendUTF8(scalar)
        default:
            throw fail(
                escapeOffset, .invalidEscape,
                "invalid escape sequence '\\\(code >= 0x20 && code < 0x7F ? String(Character(Unicode.Scalar(code))) : "0x" + hexByte(code))'"
            )
        }
    }

    private mutating func readHex4(escapeOffset: Int) throws(JSONSyntaxError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw fail(escapeOffset, .unexpectedEnd, "unterminated \\u escape") }
        var value: UInt16 = 0
        for k in 0..<4 {
            let b = bytes[index + k]
            let digit: UInt8
            switch b {
            case ASCII.zero...ASCII.nine: digit = b - ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw fail(escapeOffset, .invalidEscape, "\\u must be followed by four hex digits")
            }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Validates one multi-byte UTF-8 sequence at `index` (RFC 3629: no overlong forms,
    /// no UTF-8-encoded surrogates, nothing above U+10FFFF) and steps over it.
    @inline(__always)
    mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        guard let length = Self.utf8SequenceLength(bytes, at: index) else { throw invalidUTF8Sequence() }
        index += length
    }

    func invalidUTF8Sequence() -> JSONSyntaxError {
        fail(index, .invalidUTF8, "invalid UTF-8 sequence starting with byte 0x\(hexByte(bytes[index]))")
    }

    func utf8SequenceLength(at offset: Int) -> Int? { Self.utf8SequenceLength(bytes, at: offset) }

    /// Static, so the hot path passes the buffer, not the parser (see `stringLimit`).
    @inline(__always)
    static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let b0 = bytes[offset]
        let remaining = bytes.count - offset
        @inline(__always) func cont(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            k < remaining && range.contains(bytes[offset + k])
        }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1, 0xA0...0xBF) && cont(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xED: return cont(1, 0x80...0x9F) && cont(2) ? 3 : nil
        case 0xF0: return cont(1, 0x90...0xBF) && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1, 0x80...0x8F) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }
}
