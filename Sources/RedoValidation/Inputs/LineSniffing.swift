import RedoCrypto
import RedoJSON

/// Tells JSON Lines from one JSON document when the file name does not say: standard
/// input, a pipe, a `.json` file.
enum LineSniffing {
    /// From the first bytes of a stream, before the rest is read: its first non-blank
    /// line is complete, parses on its own, and more follows it. A stream that starts so
    /// is streamed as JSON Lines; any other is read whole as one document (and may still
    /// turn out to be JSON Lines by `readsAsJSONLines`).
    static func startsAsJSONLines(_ head: [UInt8]) -> Bool {
        // Only complete lines count: the last one may be cut off where the read stopped.
        guard let lastNewline = head.lastIndex(of: 0x0A) else { return false }
        guard let (_, first) = LogPipeline.numberedLines(Array(head[...lastNewline])).first else { return false }
        return parses(first) && head[first.endIndex...].contains { !isWhitespace($0) }
    }

    /// After a whole document failed to parse: it is JSON Lines when its first value
    /// ended at the end of a line and more values follow, or when it has several
    /// non-blank lines of which at least half parse on their own — JSON Lines with broken
    /// lines among them, even the first. A pretty-printed document's lines seldom parse
    /// alone (`{`, `"key": value,`), so a broken one stays one located error.
    static func readsAsJSONLines(_ bytes: [UInt8], failure: JSONSyntaxError) -> Bool {
        if failure.kind == .trailingContent && endsLine(bytes, before: failure.offset) { return true }
        let lines = LogPipeline.numberedLines(bytes)
        guard lines.count >= 2 else { return false }
        var parsing = 0
        var failing = 0
        for (_, line) in lines {
            if parses(line) { parsing += 1 } else { failing += 1 }
            if parsing * 2 >= lines.count { return true }
            if failing * 2 > lines.count { return false }
        }
        return false
    }

    private static func parses(_ line: ArraySlice<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { (try? JSONReader.parse($0)) != nil }
    }

    /// Whether only blanks stand between the last line break and `offset`.
    private static func endsLine(_ bytes: [UInt8], before offset: Int) -> Bool {
        var k = offset - 1
        while k >= 0 && (bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0D) { k -= 1 }
        return k >= 0 && bytes[k] == 0x0A
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
