/// Why a document is not I-JSON, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        case byteOrderMark = "byte-order-mark"
        case invalidUTF8 = "invalid-utf8"
        case unexpectedEnd = "unexpected-end"
        case unexpectedCharacter = "unexpected-character"
        case trailingContent = "trailing-content"
        case trailingComma = "trailing-comma"
        case comment = "comment"
        case duplicateKey = "duplicate-key"
        case loneSurrogate = "lone-surrogate"
        case invalidEscape = "invalid-escape"
        case controlCharacter = "control-character"
        case nonFiniteLiteral = "non-finite-literal"
        case leadingZero = "leading-zero"
        case invalidNumber = "invalid-number"
        case numberOutOfRange = "number-out-of-range"
        case depthLimit = "depth-limit"
        case sizeLimit = "size-limit"
        case stringLimit = "string-limit"
    }

    public let kind: Kind
    public let message: String
    /// Zero-based byte offset into the document.
    public let offset: Int
    /// One-based line (lines end at LF).
    public let line: Int
    /// One-based column, counted in Unicode scalars from the start of the line.
    public let column: Int

    public init(kind: Kind, message: String, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

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
    static func at(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ kind: Kind, _ message: String) -> JSONSyntaxError {
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
