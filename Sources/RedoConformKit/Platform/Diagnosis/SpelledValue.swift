import RedoJSON

/// A parsed JSON value whose numbers keep the text they were written with: what a
/// platform that keeps a source spelling (an exact integer, `1.0`) would write is a
/// candidate explanation of its bytes, so diagnosis needs the spelling the reader drops.
indirect enum SpelledValue: Sendable {
    case null
    case bool(Bool)
    case number(Double, spelling: String)
    case string(String)
    case array([SpelledValue])
    case object([(key: String, value: SpelledValue)])

    /// The value of `text` (I-JSON), or nil. Depth is bounded by the reader's limit, so
    /// the recursion here is too.
    static func parse(_ text: String) -> SpelledValue? {
        guard let value = try? JSONReader.parse(text) else { return nil }
        var spellings = numberSpellings(text).makeIterator()
        return SpelledValue(value, spellings: &spellings)
    }

    private init(_ value: JSONValue, spellings: inout IndexingIterator<[String]>) {
        switch value {
        case .null: self = .null
        case let .bool(b): self = .bool(b)
        case let .number(n): self = .number(n, spelling: spellings.next() ?? ESNumberFormat.string(n))
        case let .string(s): self = .string(s)
        case let .array(elements): self = .array(elements.map { SpelledValue($0, spellings: &spellings) })
        case let .object(object):
            self = .object(object.members.map { ($0.key, SpelledValue($0.value, spellings: &spellings)) })
        }
    }

    /// The object without the named members (a node's body: no `id`, no `signature`).
    func removing(_ names: Set<String>) -> SpelledValue {
        guard case let .object(members) = self else { return self }
        return .object(members.filter { !names.contains($0.key) })
    }

    var members: [(key: String, value: SpelledValue)]? {
        if case let .object(members) = self { return members }
        return nil
    }
}

/// The number tokens of a JSON text, in document order: every run of number characters
/// outside a string. The text is I-JSON (parsed first), so no other token starts with a
/// digit or a minus sign.
private func numberSpellings(_ text: String) -> [String] {
    var spellings: [String] = []
    var inString = false
    var escaped = false
    var current: [UInt8] = []
    for byte in text.utf8 {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            continue
        }
        // A number starts with a digit or "-"; `true` and `false` hold an "e" but start otherwise.
        let starts = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        let continues =
            starts || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
        if current.isEmpty ? starts : continues {
            current.append(byte)
        } else {
            if !current.isEmpty {
                spellings.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
            if byte == UInt8(ascii: "\"") { inString = true }
        }
    }
    if !current.isEmpty { spellings.append(String(decoding: current, as: UTF8.self)) }
    return spellings
}
