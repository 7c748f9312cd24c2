/// RFC 8785 (JSON Canonicalization Scheme) serialization.
///
/// Output is UTF-8 with no whitespace, object keys in UTF-16 code unit order, strings
/// escaped as ECMAScript's JSON.stringify does and numbers as ECMAScript's
/// Number.prototype.toString. Canonicalizing a canonical document returns it unchanged.
//
// Two paths lead here, on purpose: bytes from input go through the tape
// (`canonicalize`, `TapeCanonicalizer`), which never builds a tree and runs several times
// faster on the hot path (every record's body is canonicalized once); values built in code
// (fixtures, reports, the reconstructed state) are trees and use `bytes(of:)`. Both share
// the string escaping, number formatting and key order, and the parity tests
// (`TapeParity`, the json fuzz target) hold them to the same bytes.
public enum CanonicalJSON {
    /// The canonical bytes of a value.
    public static func bytes(of value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        append(value, to: &out)
        return out
    }

    /// Parses `document` strictly (I-JSON) and returns its canonical bytes. Goes through
    /// a tape, not a `JSONValue` tree (same bytes, same errors, several times faster).
    /// Linear in the document's size.
    /// - Throws: `JSONSyntaxError`, exactly as `JSONReader.parse` would for `document`.
    public static func canonicalize(_ document: [UInt8], limits: JSONLimits = .default) throws(JSONSyntaxError)
        -> [UInt8]
    {
        var writer = CanonicalJSONWriter(limits: limits)
        return try writer.canonicalize(document)
    }

    /// The same, reading the bytes where they lie (no copy of the document).
    public static func canonicalize(_ document: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default)
        throws(JSONSyntaxError) -> [UInt8]
    {
        var writer = CanonicalJSONWriter(limits: limits)
        return try writer.canonicalize(document)
    }

    /// Appends the canonical form of `value` to `out`. Recursive: the reader bounds a
    /// parsed tree's depth by `JSONLimits.maxDepth`; a tree built in code should stay as
    /// shallow.
    public static func append(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: literalNull)
        case .bool(let flag): out.append(contentsOf: flag ? literalTrue : literalFalse)
        case .number(let number): ESNumberFormat.append(number, to: &out)
        case .string(let text): StringEscaping.appendQuoted(text, to: &out)
        case .array(let elements):
            out.append(ASCII.openBracket)
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(ASCII.comma) }
                append(element, to: &out)
            }
            out.append(ASCII.closeBracket)
        case .object(let object):
            append(object, to: &out)
        }
    }

    /// Appends an object, optionally leaving out some top-level keys (a node's body is
    /// the node without `id` and `signature`).
    public static func append(_ object: JSONObject, excluding excluded: [JSONKey] = [], to out: inout [UInt8]) {
        out.append(ASCII.openBrace)
        var first = true
        let members = object.members
        withSortedMembers(members) { order in
            for (_, index) in order {
                let member = members[index]
                if !excluded.isEmpty && excluded.contains(where: { $0.matches(member.key) }) { continue }
                if !first { out.append(ASCII.comma) }
                first = false
                StringEscaping.appendQuoted(member.key, to: &out)
                out.append(ASCII.colon)
                append(member.value, to: &out)
            }
        }
        out.append(ASCII.closeBrace)
    }

    /// Calls `body` with (head, member index) pairs in RFC 8785 key order (keys are unique,
    /// so the order is total). Sorts (head, index) pairs in stack memory: each head is the key's
    /// first 8 bytes ranked for UTF-16 order (as the tape canonicalizer sorts), so most
    /// comparisons are one integer compare, and nothing is allocated per object.
    static func withSortedMembers<R>(
        _ members: [JSONMember], _ body: (UnsafeBufferPointer<(head: UInt64, index: Int)>) -> R
    ) -> R {
        let count = members.count
        return withUnsafeTemporaryAllocation(of: (head: UInt64, index: Int).self, capacity: max(1, count)) { pairs in
            for k in 0..<count { pairs[k] = (sortHead(members[k].key), k) }
            func precedes(_ a: (head: UInt64, index: Int), _ b: (head: UInt64, index: Int)) -> Bool {
                if a.head != b.head { return a.head < b.head }
                return UTF16KeyOrder.precedes(members[a.index].key, members[b.index].key)
            }
            var sorted = UnsafeMutableBufferPointer(rebasing: pairs[0..<count])
            if count <= 24 {  // insertion sort: few comparisons on the small objects REDO is made of
                for k in 1..<max(1, count) {
                    let pair = sorted[k]
                    var j = k
                    while j > 0 && precedes(pair, sorted[j - 1]) {
                        sorted[j] = sorted[j - 1]
                        j -= 1
                    }
                    sorted[j] = pair
                }
            } else {
                sorted.sort(by: precedes)
            }
            return body(UnsafeBufferPointer(sorted))
        }
    }

    @inline(__always)
    private static func sortHead(_ key: String) -> UInt64 {
        if let head = key.utf8.withContiguousStorageIfAvailable({ TapeCanonicalizer.sortHead($0) }) { return head }
        var copy = key
        return copy.withUTF8 { TapeCanonicalizer.sortHead($0) }
    }

    private static let literalNull: [UInt8] = Array("null".utf8)
    private static let literalTrue: [UInt8] = Array("true".utf8)
    private static let literalFalse: [UInt8] = Array("false".utf8)
}
