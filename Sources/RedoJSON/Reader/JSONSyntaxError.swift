/// Why a document is not I-JSON, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of fault it is; the raw value is a stable name for reports and tests.
    public enum Kind: String, Sendable, Equatable {
        /// The document starts with a UTF-8 byte-order mark (RFC 8259 forbids sending one).
        case byteOrderMark = "byte-order-mark"
        /// A byte sequence that is not UTF-8: a stray or missing continuation byte, an
        /// overlong form, a surrogate code point, or one above U+10FFFF.
        case invalidUTF8 = "invalid-utf8"
        /// The document ends inside a value, or holds nothing but whitespace.
        case unexpectedEnd = "unexpected-end"
        /// A byte that cannot start or continue what the grammar expects there.
        case unexpectedCharacter = "unexpected-character"
        /// Something other than whitespace after the one value.
        case trailingContent = "trailing-content"
        /// A comma right before `]` or `}`.
        case trailingComma = "trailing-comma"
        /// A `//` or `/*` comment.
        case comment = "comment"
        /// An object names the same key twice (compared after unescaping, bytewise).
        case duplicateKey = "duplicate-key"
        /// A `\u` escape of a high surrogate without its low one, or of a low one alone.
        case loneSurrogate = "lone-surrogate"
        /// A backslash followed by anything but one of `" \ / b f n r t`, or `u` and four hex digits.
        case invalidEscape = "invalid-escape"
        /// A raw control character (below U+0020) inside a string.
        case controlCharacter = "control-character"
        /// `NaN`, `Infinity` or `-Infinity`.
        case nonFiniteLiteral = "non-finite-literal"
        /// A number with a leading zero, such as `01`.
        case leadingZero = "leading-zero"
        /// Any other malformed number, such as `-` without digits, `1.`, `1e` or `1.5.2`.
        case invalidNumber = "invalid-number"
        /// A number whose magnitude rounds to infinity as a double (such as `1e400`).
        case numberOutOfRange = "number-out-of-range"
        /// Arrays and objects nested deeper than `JSONLimits.maxDepth`.
        case depthLimit = "depth-limit"
        /// A document longer than `JSONLimits.maxDocumentBytes`.
        case sizeLimit = "size-limit"
        /// A string longer (as written in the source) than `JSONLimits.maxStringBytes`.
        case stringLimit = "string-limit"
    }

    /// What kind of fault it is.
    public let kind: Kind
    /// What is wrong, in words a person can act on. Text from the input appears quoted,
    /// with characters that are unsafe to display escaped.
    public let message: String
    /// Zero-based byte offset into the document.
    public let offset: Int
    /// One-based line (lines end at LF).
    public let line: Int
    /// One-based column, counted in Unicode scalars from the start of the line.
    public let column: Int

    package init(kind: Kind, message: String, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// "line L, column C (byte B): message".
    public var description: String {
        "line \(line), column \(column) (byte \(offset)): \(message)"
    }

    /// The same without the line, for a document of one line (a JSON Lines record): its
    /// source already names the file's line, which "line 1" would only seem to contradict.
    public var descriptionWithinLine: String {
        "column \(column) (byte \(offset)): \(message)"
    }

    /// Builds an error, computing line and column by one scan of the prefix. Errors are
    /// rare, so the hot path never tracks lines.
    static func at(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ kind: Kind, _ message: String)
        -> JSONSyntaxError
    {
        var line = 1
        var column = 1
        var index = 0
        let stop = min(offset, bytes.count)
        while index < stop {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return JSONSyntaxError(kind: kind, message: message, offset: offset, line: line, column: column)
    }
}
