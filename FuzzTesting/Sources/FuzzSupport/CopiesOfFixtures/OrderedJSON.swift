import RedoJSON

/// Writes JSON keeping object members in the order given, as a client exports them, optionally
/// pretty-printed; strings and numbers in their canonical spellings. Fuzz records must not all
/// be canonical already, or canonicalization would never be exercised. A copy of the main
/// package's fixtures' OrderedJSONWriter, which is not part of any product;
/// Tests/FuzzSupportTests/CopiesOfFixtures.json holds both to the same bytes.
public enum OrderedJSON {
    public static func bytes(_ value: JSONValue, pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)  // a node's record, written without regrowing
        write(value, to: &out, indent: pretty ? 0 : nil)
        return out
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
