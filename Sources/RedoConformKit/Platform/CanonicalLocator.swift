import RedoCore
import RedoCrypto
import RedoJSON

/// Maps a byte offset in a canonical document back to the JSON path of the innermost
/// value (or key) that covers it, by re-serializing the document canonically and noting
/// where each value lands. Used to say *where* two platforms' canonical bytes part.
enum CanonicalLocator {
    static func path(at offset: Int, in canonical: [UInt8]) -> String {
        guard let value = try? JSONReader.parse(canonical) else { return "$" }
        var spans = Spans()
        spans.walk(value, path: "$", depth: 0)
        // The deepest span that covers the offset (keys count as their member's). A value
        // ending right at the offset counts too: the other side continued it ("0.1" vs
        // "0.10000000000000001").
        let covering = spans.all.filter { $0.start <= offset && offset <= $0.end }
        return covering.max { $0.depth < $1.depth }?.path ?? "$"
    }

    private struct Span {
        let start: Int, end: Int, path: String, depth: Int
    }

    private struct Spans {
        var position = 0
        var all: [Span] = []

        mutating func walk(_ value: JSONValue, path: String, depth: Int) {
            let start = position
            switch value {
            case let .array(elements):
                position += 1
                for (k, element) in elements.enumerated() {
                    if k > 0 { position += 1 }
                    walk(element, path: "\(path)[\(k)]", depth: depth + 1)
                }
                position += 1
            case let .object(object):
                position += 1
                let order = object.members.indices.sorted {
                    UTF16KeyOrder.precedes(object.members[$0].key, object.members[$1].key)
                }
                for (k, index) in order.enumerated() {
                    if k > 0 { position += 1 }
                    let member = object.members[index]
                    let childPath = JSONPath.member(path, member.key)
                    let keyLength = CanonicalJSON.bytes(of: .string(member.key)).count + 1  // the key and its colon
                    all.append(Span(start: position, end: position + keyLength, path: childPath, depth: depth + 1))
                    position += keyLength
                    walk(member.value, path: childPath, depth: depth + 1)
                }
                position += 1
            default:
                position += CanonicalJSON.bytes(of: value).count
            }
            all.append(Span(start: start, end: position, path: path, depth: depth))
        }
    }
}

/// A short, escaped excerpt of bytes around an offset, for drift reports.
enum ByteContext {
    static func excerpt(_ bytes: [UInt8], around offset: Int, radius: Int = 24) -> String {
        let start = max(0, offset - radius)
        let end = min(bytes.count, offset + radius)
        var text = start > 0 ? "…" : ""
        for (k, byte) in bytes[start..<end].enumerated() {
            if start + k == offset { text += "⟦" }
            text +=
                byte >= 0x20 && byte < 0x7F && byte != 0x5C ? String(UnicodeScalar(byte)) : "\\x" + Hex.encode([byte])
        }
        if offset >= end { text += "⟦" }
        return text + (end < bytes.count ? "…" : "")
    }
}
