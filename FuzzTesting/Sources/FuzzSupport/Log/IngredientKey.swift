// The key of the node cache: what a node is made of, without making it.
import RedoJSON

/// A node's ingredients as bytes no other ingredients give: each string's UTF-8 bytes
/// after their count (bytes, not `String`: "K" and KELVIN SIGN are different titles), each
/// value after a tag. Cheaper than writing them as JSON, which escapes every string.
package struct IngredientKey {
    package var bytes: [UInt8] = []

    package init() { bytes.reserveCapacity(512) }

    package mutating func append(_ number: Int) { withUnsafeBytes(of: Int64(number).littleEndian) { bytes += $0 } }

    package mutating func append(_ text: String) {
        append(text.utf8.count)
        bytes += text.utf8
    }

    /// Payloads are a few levels deep; the recursion follows the harness's own values.
    package mutating func append(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(0)
        case .bool(let flag): bytes.append(flag ? 1 : 2)
        case .number(let number):
            bytes.append(3)
            withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes += $0 }
        case .string(let text):
            bytes.append(4)
            append(text)
        case .array(let elements):
            bytes.append(5)
            append(elements.count)
            for element in elements { append(element) }
        case .object(let object):
            bytes.append(6)
            append(object.members.count)
            for member in object.members {
                append(member.key)
                append(member.value)
            }
        }
    }
}
