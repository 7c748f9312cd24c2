// Another spelling of an accepted document, to show the reader does not care how a value is
// written: the json target reads it back and canonicalizes it.
import RedoJSON

package enum Respelling {
    /// The same value spelled otherwise: members in reverse order, every other character of
    /// every string (keys included) as a \\u escape (astral ones as surrogate pairs), numbers
    /// in Swift's spelling ("1e-07", "100.0"), whitespace between tokens. The reader must
    /// accept it (no false duplicate keys, escaped keys compared unescaped), read the same
    /// value, and canonicalize it to the same bytes.
    package static func text(of value: JSONValue) -> String {
        var out = ""
        respell(value, into: &out)
        return out
    }

    private static func respell(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case let .bool(flag): out += flag ? "true" : "false"
        case let .number(number): out += number.description
        case let .string(text): respell(text, into: &out)
        case let .array(elements):
            out += "[ "
            for (k, element) in elements.enumerated() {
                if k > 0 { out += " ,\n" }
                respell(element, into: &out)
            }
            out += " ]"
        case let .object(object):
            out += "{\t"
            for (k, member) in object.members.reversed().enumerated() {
                if k > 0 { out += ",\r\n" }
                respell(member.key, into: &out)
                out += " : "
                respell(member.value, into: &out)
            }
            out += "}"
        }
    }

    private static func respell(_ text: String, into out: inout String) {
        out += "\""
        for (k, scalar) in text.unicodeScalars.enumerated() {
            if k % 2 == 0 || scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: k % 4 == 0)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
