#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict reader that accepts exactly I-JSON (RFC 7493): RFC 8259 JSON in UTF-8 with
/// no duplicate keys, no lone surrogates and only numbers that are finite doubles.
///
/// It works on UTF-8 bytes directly, in one pass, with an explicit stack instead of
/// recursion, so deep input can only hit `JSONLimits.maxDepth`, never the machine's
/// stack. Every rejection carries the byte offset, line and column of the fault.
public enum JSONReader {
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = .default) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, limits: limits)
            return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
        }
        return try result.get()
    }

    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(buffer, limits: limits)
        return try parser.parseDocument()
    }

    public static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }
}

/// ASCII bytes the grammar names.
enum ASCII {
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let minus: UInt8 = 0x2D, plus: UInt8 = 0x2B, dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let lowerE: UInt8 = 0x65, upperE: UInt8 = 0x45
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
}

struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: JSONLimits
    private var index = 0
    /// Reused buffer for strings that contain escapes.
    private var scratch: [UInt8] = []

    /// One open container. Children wait on the shared `values`/`keys` stacks and are
    /// moved into the container when it closes.
    private struct Frame {
        var isObject: Bool
        var valueStart: Int
        var keyStart: Int
        /// Set of keys, built once an object outgrows a linear scan.
        var keySet: Set<BytewiseString>?
    }

    private static let linearKeyScanLimit = 16

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    private func fail(_ offset: Int, _ kind: JSONSyntaxError.Kind, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError.at(offset, in: bytes, kind, message)
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count > limits.maxDocumentBytes {
            throw fail(0, .sizeLimit, "document is \(bytes.count) bytes, over the limit of \(limits.maxDocumentBytes)")
        }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            throw fail(0, .byteOrderMark, "a UTF-8 byte-order mark is not allowed at the start of a JSON text")
        }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            let error = unexpected(at: index, expecting: "end of document")
            guard error.kind == .unexpectedCharacter else { throw error }
            throw fail(index, .trailingContent, "unexpected \(describeByte(at: index)) after the end of the JSON value")
        }
        return value
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            let b = bytes[index]
            guard b == ASCII.space || b == ASCII.lf || b == ASCII.cr || b == ASCII.tab else { return }
            index += 1
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        var frames: [Frame] = []
        var values: [JSONValue] = []
        var keys: [String] = []

        expectValue: while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw fail(index, .unexpectedEnd, frames.isEmpty ? "empty document: expected a JSON value" : "unexpected end of input: expected a value")
            }
            var value: JSONValue
            switch bytes[index] {
            case ASCII.openBrace, ASCII.openBracket:
                let isObject = bytes[index] == ASCII.openBrace
                if frames.count >= limits.maxDepth {
                    throw fail(index, .depthLimit, "nesting deeper than \(limits.maxDepth) levels")
                }
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    index += 1
                    value = isObject ? .object(JSONObject()) : .array([])
                } else {
                    frames.append(Frame(isObject: isObject, valueStart: values.count, keyStart: keys.count))
                    if isObject { try readKey(into: &keys, frame: &frames[frames.count - 1]) }
                    continue expectValue
                }
            case ASCII.quote:
                value = .string(try parseString())
            case ASCII.minus, ASCII.zero...ASCII.nine:
                value = .number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true"); value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false"); value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null"); value = .null
            default:
                throw unexpected(at: index, expecting: "a value")
            }

            // A value is complete: hand it to the enclosing containers, closing every
            // container that ends right after it.
            while true {
                guard !frames.isEmpty else { return value }
                values.append(value)
                skipWhitespace()
                guard index < bytes.count else {
                    throw fail(index, .unexpectedEnd, "unexpected end of input inside \(frames[frames.count - 1].isObject ? "an object" : "an array")")
                }
                let isObject = frames[frames.count - 1].isObject
                let byte = bytes[index]
                if byte == ASCII.comma {
                    let commaOffset = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count && bytes[index] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                        throw fail(commaOffset, .trailingComma, "trailing comma before '\(isObject ? "}" : "]")'")
                    }
                    if isObject { try readKey(into: &keys, frame: &frames[frames.count - 1]) }
                    continue expectValue
                }
                guard byte == (isObject ? ASCII.closeBrace : ASCII.closeBracket) else {
                    throw unexpected(at: index, expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
                index += 1
                let frame = frames.removeLast()
                if frame.isObject {
                    var members: [JSONMember] = []
                    members.reserveCapacity(values.count - frame.valueStart)
                    for offset in 0..<(values.count - frame.valueStart) {
                        members.append(JSONMember(key: keys[frame.keyStart + offset], value: values[frame.valueStart + offset]))
                    }
                    keys.removeSubrange(frame.keyStart...)
                    value = .object(JSONObject(members))
                } else {
                    value = .array(Array(values[frame.valueStart...]))
                }
                values.removeSubrange(frame.valueStart...)
            }
        }
    }

    /// Reads `"key" :` and rejects a key the object already has (compared bytewise,
    /// after unescaping, so "\u0061" and "a" collide).
    private mutating func readKey(into keys: inout [String], frame: inout Frame) throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count else { throw fail(index, .unexpectedEnd, "unexpected end of input: expected an object key") }
        guard bytes[index] == ASCII.quote else { throw unexpected(at: index, expecting: "a string key") }
        let keyOffset = index
        let key = try parseString()
        let existing = keys.count - frame.keyStart
        if let set = frame.keySet {
            if set.contains(BytewiseString(key)) { throw duplicate(key, at: keyOffset) }
            frame.keySet!.insert(BytewiseString(key))
        } else {
            for k in keys[frame.keyStart...] where k.bytewiseEqual(key) { throw duplicate(key, at: keyOffset) }
            if existing + 1 > Self.linearKeyScanLimit {
                var set = Set<BytewiseString>(minimumCapacity: existing * 2)
                for k in keys[frame.keyStart...] { set.insert(BytewiseString(k)) }
                set.insert(BytewiseString(key))
                frame.keySet = set
            }
        }
        keys.append(key)
        skipWhitespace()
        guard index < bytes.count else { throw fail(index, .unexpectedEnd, "unexpected end of input: expected ':'") }
        guard bytes[index] == ASCII.colon else { throw unexpected(at: index, expecting: "':'") }
        index += 1
    }

    private func duplicate(_ key: String, at offset: Int) -> JSONSyntaxError {
        fail(offset, .duplicateKey, "duplicate object key \(quoted(key)) (I-JSON forbids duplicate names)")
    }

    private mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = word.utf8CodeUnitCount
        var k = 0
        while k < count {
            guard index + k < bytes.count, bytes[index + k] == word.utf8Start[k] else {
                throw unexpected(at: start, expecting: "a value")
            }
            k += 1
        }
        index += count
    }

    /// Names the fault at `offset` as precisely as the byte allows.
    private func unexpected(at offset: Int, expecting: String) -> JSONSyntaxError {
        let byte = bytes[offset]
        switch byte {
        case ASCII.slash:
            return fail(offset, .comment, "comments are not allowed in JSON")
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            if startsWord("NaN", at: offset) || startsWord("Infinity", at: offset) {
                return fail(offset, .nonFiniteLiteral, "NaN and Infinity are not JSON numbers")
            }
        case ASCII.closeBrace, ASCII.closeBracket:
            if expecting == "a value", offset > 0, previousSignificantByte(before: offset) == ASCII.comma {
                return fail(offset, .trailingComma, "trailing comma before '\(byte == ASCII.closeBrace ? "}" : "]")'")
            }
        case 0x80...0xFF:
            if utf8SequenceLength(at: offset) == nil {
                return fail(offset, .invalidUTF8, "invalid UTF-8 byte 0x\(hexByte(byte))")
            }
        default:
            break
        }
        return fail(offset, .unexpectedCharacter, "unexpected \(describeByte(at: offset)); expected \(expecting)")
    }

    private func startsWord(_ word: String, at offset: Int) -> Bool {
        var k = offset
        for unit in word.utf8 {
            guard k < bytes.count, bytes[k] == unit else { return false }
            k += 1
        }
        return true
    }

    private func previousSignificantByte(before offset: Int) -> UInt8? {
        var k = offset - 1
        while k >= 0 {
            let b = bytes[k]
            if b != ASCII.space && b != ASCII.lf && b != ASCII.cr && b != ASCII.tab { return b }
            k -= 1
        }
        return nil
    }

    private func describeByte(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80, let length = utf8SequenceLength(at: offset), offset + length <= bytes.count {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
            return "character '\(text)'"
        }
        return "byte 0x\(hexByte(byte))"
    }

    // MARK: Strings

    /// Parses a string starting at the opening quote. Unescaped runs are taken from the
    /// input as they are; only strings with escapes go through `scratch`.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                try checkStringLength(open: open, end: index)
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == ASCII.backslash { break }
            if byte < 0x20 { throw controlCharacter(byte) }
            if byte < 0x80 { index += 1 } else { try skipUTF8Sequence() }
        }
        guard index < bytes.count else { throw fail(open, .unexpectedEnd, "unterminated string") }

        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                try checkStringLength(open: open, end: index)
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == ASCII.backslash {
                try readEscape()
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                scratch.append(byte)
                index += 1
            } else {
                let from = index
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<index]))
            }
        }
        throw fail(open, .unexpectedEnd, "unterminated string")
    }

    private func checkStringLength(open: Int, end: Int) throws(JSONSyntaxError) {
        if end - open - 1 > limits.maxStringBytes {
            throw fail(open, .stringLimit, "string of \(end - open - 1) bytes is over the limit of \(limits.maxStringBytes)")
        }
    }

    private func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
        fail(index, .controlCharacter, "control character U+00\(hexByte(byte).uppercased()) must be escaped inside a string")
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
                guard index + 1 < bytes.count, bytes[index] == ASCII.backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail(escapeOffset, .loneSurrogate, "lone high surrogate \\u\(hex4(unit)) (I-JSON forbids unpaired surrogates)")
                }
                let lowOffset = index
                index += 2
                let low = try readHex4(escapeOffset: lowOffset)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail(escapeOffset, .loneSurrogate, "high surrogate \\u\(hex4(unit)) is not followed by a low surrogate")
                }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw fail(escapeOffset, .loneSurrogate, "lone low surrogate \\u\(hex4(unit)) (I-JSON forbids unpaired surrogates)")
            }
            appendUTF8(scalar)
        default:
            throw fail(escapeOffset, .invalidEscape, "invalid escape sequence '\\\(code >= 0x20 && code < 0x7F ? String(Character(Unicode.Scalar(code))) : "0x" + hexByte(code))'")
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
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        guard let length = utf8SequenceLength(at: index) else {
            throw fail(index, .invalidUTF8, "invalid UTF-8 sequence starting with byte 0x\(hexByte(bytes[index]))")
        }
        index += length
    }

    private func utf8SequenceLength(at offset: Int) -> Int? {
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

    // MARK: Numbers

    /// Parses RFC 8259 number syntax and converts it to the correctly rounded double.
    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == ASCII.minus {
            negative = true
            index += 1
            guard index < bytes.count else { throw fail(start, .invalidNumber, "'-' must be followed by digits") }
            if bytes[index] == UInt8(ascii: "I") && startsWord("Infinity", at: index) {
                throw fail(start, .nonFiniteLiteral, "NaN and Infinity are not JSON numbers")
            }
            guard isDigit(bytes[index]) else { throw fail(start, .invalidNumber, "'-' must be followed by digits") }
        }
        // Up to 19 significant digits fit a UInt64 exactly. Digits past that are dropped
        // (adjusting the exponent); a dropped non-zero digit sends us to the slow path.
        var mantissa: UInt64 = 0
        var digitCount = 0
        var exactMantissa = true
        var decimalExponent = 0
        if bytes[index] == ASCII.zero {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) {
                throw fail(start, .leadingZero, "numbers must not have leading zeros")
            }
        } else {
            while index < bytes.count && isDigit(bytes[index]) {
                let digit = bytes[index] - ASCII.zero
                if digitCount < 19 {
                    mantissa = mantissa * 10 + UInt64(digit)
                    digitCount += 1
                } else {
                    decimalExponent += 1
                    if digit != 0 { exactMantissa = false }
                }
                index += 1
            }
        }
        if index < bytes.count && bytes[index] == ASCII.dot {
            index += 1
            guard index < bytes.count && isDigit(bytes[index]) else {
                throw fail(start, .invalidNumber, "a decimal point must be followed by digits")
            }
            while index < bytes.count && isDigit(bytes[index]) {
                let digit = bytes[index] - ASCII.zero
                if mantissa == 0 && digit == 0 {
                    decimalExponent -= 1
                } else if digitCount < 19 {
                    mantissa = mantissa * 10 + UInt64(digit)
                    digitCount += 1
                    decimalExponent -= 1
                } else if digit != 0 {
                    exactMantissa = false
                }
                index += 1
            }
        }
        if index < bytes.count && (bytes[index] == ASCII.lowerE || bytes[index] == ASCII.upperE) {
            index += 1
            var exponentNegative = false
            if index < bytes.count && (bytes[index] == ASCII.plus || bytes[index] == ASCII.minus) {
                exponentNegative = bytes[index] == ASCII.minus
                index += 1
            }
            guard index < bytes.count && isDigit(bytes[index]) else {
                throw fail(start, .invalidNumber, "an exponent must have digits")
            }
            var exponent = 0
            while index < bytes.count && isDigit(bytes[index]) {
                // Saturate: anything this large is already 0 or out of range.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(bytes[index] - ASCII.zero) }
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        if index < bytes.count && (bytes[index] == ASCII.dot || bytes[index] == ASCII.lowerE || bytes[index] == ASCII.upperE || isDigit(bytes[index])) {
            throw fail(start, .invalidNumber, "malformed number")
        }

        let value: Double
        if mantissa == 0 {
            value = negative ? -0.0 : 0.0
        } else if exactMantissa, let fast = DecimalToDouble.exact(mantissa: mantissa, exponent: decimalExponent) {
            value = negative ? -fast : fast
        } else {
            value = DecimalToDouble.correctlyRounded(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
        guard value.isFinite else {
            throw fail(start, .numberOutOfRange, "number is too large for an IEEE-754 double")
        }
        return value
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- ASCII.zero < 10 }
}

private func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}

private func hex4(_ unit: UInt16) -> String {
    hexByte(UInt8(unit >> 8)) + hexByte(UInt8(unit & 0xFF))
}

/// A key as a message shows it: quoted, escaped, shortened when long.
func quoted(_ text: String) -> String {
    var shown = ""
    for scalar in text.unicodeScalars.prefix(60) {
        shown += scalar.value < 0x20 || scalar == "\"" || scalar == "\\" ? scalar.escaped(asASCII: true) : String(scalar)
    }
    return "\"" + shown + (text.unicodeScalars.count > 60 ? "…" : "") + "\""
}
