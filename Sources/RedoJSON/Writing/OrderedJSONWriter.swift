/// Writes JSON keeping object members in the order given: the tool's reports put fields in
/// reading order, and fixtures are written as a client would export them (they must not
/// already be canonical, or they would not test canonicalization). Strings and numbers use
/// the canonical spellings. Package access: not part of RedoJSON's public API.
package enum OrderedJSONWriter {
    package static func bytes(_ value: JSONValue, pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        write(value, to: &out, indent: pretty ? 0 : nil)
        return out
    }

    package static func string(_ value: JSONValue, pretty: Bool = false) -> String {
        String(decoding: bytes(value, pretty: pretty), as: UTF8.self)
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent))
    }

    private static func write(_ value: JSONValue, to out: inout [UInt8], indent: Int?) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            out.append(0x5B)
            for (k, element) in elements.enumerated() {
                if k > 0 { out.append(0x2C) }
                newline(&out, indent.map { $0 + 2 })
                write(element, to: &out, indent: indent.map { $0 + 2 })
            }
            newline(&out, indent)
            out.append(0x5D)
        case .object(let object) where object.count > 0:
            out.append(0x7B)
            for (k, member) in object.members.enumerated() {
                if k > 0 { out.append(0x2C) }
                newline(&out, indent.map { $0 + 2 })
                StringEscaping.appendQuoted(member.key, to: &out)
                out.append(0x3A)
                if indent != nil { out.append(0x20) }
                write(member.value, to: &out, indent: indent.map { $0 + 2 })
            }
            newline(&out, indent)
            out.append(0x7D)
        default:
            CanonicalJSON.append(value, to: &out)
        }
    }
}
