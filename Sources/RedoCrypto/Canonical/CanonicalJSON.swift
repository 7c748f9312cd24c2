/// RFC 8785 (JSON Canonicalization Scheme) serialization.
///
/// Output is UTF-8 with no whitespace, object keys in UTF-16 code unit order, strings
/// escaped as ECMAScript's JSON.stringify does and numbers as ECMAScript's
/// Number.prototype.toString. Canonicalizing a canonical document returns it unchanged.
public enum CanonicalJSON {
    /// The canonical bytes of a value.
    public static func bytes(of value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        append(value, to: &out)
        return out
    }

    /// Parses `document` strictly (I-JSON) and returns its canonical bytes. Goes through
    /// a tape, not a `JSONValue` tree (same bytes, same errors, several times faster);
    /// for many documents, keep a `CanonicalJSONWriter` to reuse its buffers.
    public static func canonicalize(_ document: [UInt8], limits: JSONLimits = .default) throws(JSONSyntaxError) -> [UInt8] {
        var writer = CanonicalJSONWriter(limits: limits)
        return try writer.canonicalize(document)
    }

    public static func canonicalize(_ document: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default) throws(JSONSyntaxError) -> [UInt8] {
        var writer = CanonicalJSONWriter(limits: limits)
        return try writer.canonicalize(document)
    }

    /// Appends the canonical form of `value`. Recursion depth is bounded by the reader's
    /// `maxDepth`, since every tree we print came from the reader or from our own code.
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
    public static func append(_ object: JSONObject, excluding excluded: [String] = [], to out: inout [UInt8]) {
        out.append(ASCII.openBrace)
        var first = true
        for index in sortedMemberIndices(object) {
            let member = object.members[index]
            if !excluded.isEmpty && excluded.contains(where: { $0.bytewiseEqual(member.key) }) { continue }
            if !first { out.append(ASCII.comma) }
            first = false
            StringEscaping.appendQuoted(member.key, to: &out)
            out.append(ASCII.colon)
            append(member.value, to: &out)
        }
        out.append(ASCII.closeBrace)
    }

    /// Member indices in RFC 8785 key order. Keys are unique, so the order is total.
    static func sortedMemberIndices(_ object: JSONObject) -> [Int] {
        let members = object.members
        var order = Array(members.indices)
        if members.count > 1 {
            order.sort { UTF16KeyOrder.precedes(members[$0].key, members[$1].key) }
        }
        return order
    }

    private static let literalNull: [UInt8] = Array("null".utf8)
    private static let literalTrue: [UInt8] = Array("true".utf8)
    private static let literalFalse: [UInt8] = Array("false".utf8)
}
