import RedoText

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

/// The grammar and validation core of the I-JSON reader: it checks everything (UTF-8,
/// escapes, surrogates, numbers, limits, duplicate keys) and reports what it reads to
/// `sink` as events. What gets built — a `JSONValue` tree, a tape — is the sink's job.
///
/// Iterative, with an explicit stack instead of recursion, so deep input can only hit
/// `JSONLimits.maxDepth`, never the machine's stack. Every rejection carries the byte
/// offset, line and column of the fault. A parser can be reused: `parse` resets its
/// stacks but keeps their capacity, so parsing many small documents allocates nothing
/// once the buffers have grown (the sink decides the same for its own storage).
struct JSONParser<Sink: JSONEventSink> {
    var sink: Sink
    var limits: JSONLimits
    var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var index = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []
    /// Open containers, innermost last: true for an object.
    private var openIsObject: [Bool] = []
    private var keys = DuplicateKeyDetector()

    init(sink: Sink, limits: JSONLimits) {
        self.sink = sink
        self.limits = limits
    }

    func fail(_ offset: Int, _ kind: JSONSyntaxError.Kind, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError.at(offset, in: bytes, kind, message)
    }

    /// Reads one complete document from `input`, emitting its events to `sink`. The
    /// sink is not reset: the caller prepares it.
    mutating func parse(_ input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        bytes = input
        index = 0
        openIsObject.removeAll(keepingCapacity: true)
        keys.reset(input: input)
        if bytes.count > limits.maxDocumentBytes {
            throw fail(0, .sizeLimit, "document is \(bytes.count) bytes, over the limit of \(limits.maxDocumentBytes)")
        }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            throw fail(0, .byteOrderMark, "a UTF-8 byte-order mark is not allowed at the start of a JSON text")
        }
        try parseValue()
        skipWhitespace()
        if index < bytes.count {
            let error = unexpected(at: index, expecting: "end of document")
            guard error.kind == .unexpectedCharacter else { throw error }
            throw fail(index, .trailingContent, "unexpected \(describeByte(at: index)) after the end of the JSON value")
        }
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            let b = bytes[index]
            guard b == ASCII.space || b == ASCII.lf || b == ASCII.cr || b == ASCII.tab else { return }
            index += 1
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) {
        expectValue: while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw fail(
                    index, .unexpectedEnd,
                    openIsObject.isEmpty
                        ? "empty document: expected a JSON value" : "unexpected end of input: expected a value")
            }
            switch bytes[index] {
            case ASCII.openBrace, ASCII.openBracket:
                let isObject = bytes[index] == ASCII.openBrace
                if openIsObject.count >= limits.maxDepth {
                    throw fail(index, .depthLimit, "nesting deeper than \(limits.maxDepth) levels")
                }
                index += 1
                skipWhitespace()
                if isObject { sink.beginObject() } else { sink.beginArray() }
                if index < bytes.count && bytes[index] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    index += 1
                    if isObject { sink.endObject() } else { sink.endArray() }
                } else {
                    openIsObject.append(isObject)
                    if isObject {
                        keys.beginObject()
                        try readKey()
                    }
                    continue expectValue
                }
            case ASCII.quote:
                try readString(isKey: false)
            case ASCII.minus, ASCII.zero...ASCII.nine:
                sink.number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                sink.bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                sink.bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                sink.null()
            default:
                throw unexpected(at: index, expecting: "a value")
            }

            // A value is complete: continue the enclosing containers, closing every
            // container that ends right after it.
            while true {
                guard let isObject = openIsObject.last else { return }
                skipWhitespace()
                guard index < bytes.count else {
                    throw fail(
                        index, .unexpectedEnd, "unexpected end of input inside \(isObject ? "an object" : "an array")")
                }
                let byte = bytes[index]
                if byte == ASCII.comma {
                    let commaOffset = index
                    index += 1
                    skipWhitespace()
                    if index < bytes.count && bytes[index] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                        throw fail(commaOffset, .trailingComma, "trailing comma before '\(isObject ? "}" : "]")'")
                    }
                    if isObject { try readKey() }
                    continue expectValue
                }
                guard byte == (isObject ? ASCII.closeBrace : ASCII.closeBracket) else {
                    throw unexpected(at: index, expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
                index += 1
                openIsObject.removeLast()
                if isObject {
                    keys.endObject()
                    sink.endObject()
                } else {
                    sink.endArray()
                }
            }
        }
    }

    /// Reads `"key" :` and rejects a key the object already has (compared bytewise,
    /// after unescaping, so "\u0061" and "a" collide).
    private mutating func readKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count else {
            throw fail(index, .unexpectedEnd, "unexpected end of input: expected an object key")
        }
        guard bytes[index] == ASCII.quote else { throw unexpected(at: index, expecting: "a string key") }
        try readString(isKey: true)
        skipWhitespace()
        guard index < bytes.count else { throw fail(index, .unexpectedEnd, "unexpected end of input: expected ':'") }
        guard bytes[index] == ASCII.colon else { throw unexpected(at: index, expecting: "':'") }
        index += 1
    }

    /// Reads the string at `index` and emits it as a key (after the duplicate check) or
    /// as a string value.
    @inline(__always)
    private mutating func readString(isKey: Bool) throws(JSONSyntaxError) {
        let open = index
        if let start = try scanString() {
            let text = JSONStringBytes(
                bytes: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), inputOffset: start)
            try emit(text, isKey: isKey, at: open)
        } else {
            let unescaped = scratch  // a reference, not a copy: `emit` cannot touch `scratch`
            try unescaped.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                try emit(JSONStringBytes(bytes: buffer, inputOffset: nil), isKey: isKey, at: open)
            }
        }
    }

    @inline(__always)
    private mutating func emit(_ text: JSONStringBytes, isKey: Bool, at open: Int) throws(JSONSyntaxError) {
        if isKey {
            guard keys.insert(text) else {
                let key = String(decoding: text.bytes, as: UTF8.self)
                throw fail(
                    open, .duplicateKey, "duplicate object key \(MessageText.key(key)) (I-JSON forbids duplicate names)"
                )
            }
            sink.key(text)
        } else {
            sink.string(text)
        }
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

    // MARK: Errors

    /// Names the fault at `offset` as precisely as the byte allows.
    func unexpected(at offset: Int, expecting: String) -> JSONSyntaxError {
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

    func startsWord(_ word: String, at offset: Int) -> Bool {
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
            // A control or bidi character (NEL, RLO) is named, never shown: messages reach terminals.
            return "character '\(MessageText.displayed(text))'"
        }
        return "byte 0x\(hexByte(byte))"
    }
}

func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}

func hex4(_ unit: UInt16) -> String {
    hexByte(UInt8(unit >> 8)) + hexByte(UInt8(unit & 0xFF))
}
