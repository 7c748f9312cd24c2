import Foundation

/// The kit's JSON writer: strings escaped as RFC 8785 escapes them (`\"`, `\\`, `\b`, `\f`,
/// `\n`, `\r`, `\t`, `\u00xx` for other control characters, everything else as UTF-8), and
/// `JSONSerialization`'s values for the `vectorSet` echo, members sorted by UTF-16 code units.
enum JSONText {
    /// `text` as a JSON string.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u00" + Hex.string([UInt8(scalar.value)])
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An object of already written members, sorted by name in UTF-16 code units.
    static func object(_ members: [(name: String, json: String)]) -> String {
        let sorted = members.sorted { $0.name.utf16.lexicographicallyPrecedes($1.name.utf16) }
        return "{" + sorted.map { string($0.name) + ":" + $0.json }.joined(separator: ",") + "}"
    }

    /// A value as `JSONSerialization` returns it (`[String: Any]`, `[Any]`, `String`,
    /// `NSNumber`, `NSNull`), written back; nil for anything else.
    static func value(_ value: Any) -> String? {
        switch value {
        case is NSNull: return "null"
        case let text as String: return string(text)
        case let number as NSNumber: return self.number(number)
        case let array as [Any]:
            var items: [String] = []
            for item in array {
                guard let json = self.value(item) else { return nil }
                items.append(json)
            }
            return "[" + items.joined(separator: ",") + "]"
        case let dictionary as [String: Any]:
            var members: [(name: String, json: String)] = []
            for (name, item) in dictionary {
                guard let json = self.value(item) else { return nil }
                members.append((name, json))
            }
            return object(members)
        default: return nil
        }
    }

    /// A number: `true`/`false` for the booleans `JSONSerialization` makes (objCType `c` on
    /// Darwin and Linux), integers as they are, other doubles in Swift's shortest form.
    private static func number(_ number: NSNumber) -> String {
        switch String(cString: number.objCType) {
        case "c", "B": return number.boolValue ? "true" : "false"
        case "f", "d":
            let double = number.doubleValue
            if let integer = Int64(exactly: double), abs(integer) <= 1 << 53 { return String(integer) }
            return "\(double)"
        default: return number.stringValue
        }
    }
}
