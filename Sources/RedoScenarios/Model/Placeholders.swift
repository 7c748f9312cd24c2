/// A repeat's placeholders in strings: `{i}`, `{i-1}`, `{i+2}` for a counter `i` in scope.
/// Braces around anything else, or around a name that is no counter in scope, are kept as
/// written, so payload text with braces needs no escaping.
package enum Placeholders {
    /// The largest offset a placeholder may add or take away.
    static let maxOffset = 999_999

    /// `text` with each placeholder of a counter in `counters` replaced by its value.
    /// Linear in the text; a text without `{` is returned as it is.
    package static func substitute(_ text: String, _ counters: Counters) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var out = ""
        var copied = text.startIndex
        forEach(in: text) { range, name, offset in
            guard let value = counters.value(of: name) else { return }
            out += text[copied..<range.lowerBound]
            out += String(value + offset)
            copied = range.upperBound
        }
        out += text[copied...]
        return out
    }

    /// The UTF-8 length `text` has once substituted, each placeholder at its longest over `ranges`.
    package static func longest(_ text: String, _ ranges: CounterRanges) -> Int {
        var length = text.utf8.count
        guard text.utf8.contains(UInt8(ascii: "{")) else { return length }
        forEach(in: text) { range, name, offset in
            guard let longest = ranges.longest(name, offset: offset) else { return }
            length += longest - text.utf8[range].count
        }
        return length
    }

    /// Whether `name` may name a counter: an ASCII letter, then letters, digits and `_`.
    package static func isCounterName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// Calls `body` with each `{name}`, `{name+N}` or `{name-N}` in `text`: its range, name and offset.
    static func forEach(in text: String, _ body: (Range<String.Index>, Substring, Int) -> Void) {
        let utf8 = text.utf8
        var i = utf8.startIndex
        while let open = utf8[i...].firstIndex(of: UInt8(ascii: "{")) {
            guard let close = utf8[utf8.index(after: open)...].firstIndex(of: UInt8(ascii: "}")) else { return }
            let inner = text[utf8.index(after: open)..<close]
            if let (name, offset) = parse(inner) { body(open..<utf8.index(after: close), name, offset) }
            // A `{` inside is the start of the next candidate: `{{i}` substitutes the inner one.
            i = utf8[utf8.index(after: open)..<close].lastIndex(of: UInt8(ascii: "{")) ?? utf8.index(after: close)
        }
    }

    static func parse(_ inner: Substring) -> (Substring, Int)? {
        guard let sign = inner.firstIndex(where: { $0 == "+" || $0 == "-" }) else {
            return isCounterName(inner) ? (inner, 0) : nil
        }
        let name = inner[..<sign]
        let digits = inner[inner.index(after: sign)...]
        guard isCounterName(name), !digits.isEmpty, digits.utf8.count <= 6, digits.utf8.allSatisfy(isDigit),
            let magnitude = Int(digits)
        else { return nil }
        return (name, inner[sign] == "-" ? -magnitude : magnitude)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
