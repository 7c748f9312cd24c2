// An RFC 8785 serializer written from the specification, independent of RedoJSON's: the
// json target's oracle. Its keys are sorted with Swift's own UTF-16 comparison, its strings
// escaped as JSON.stringify does, its numbers spelled by ECMAScript's Number::toString over
// the shortest round-trip digits of Swift's `Double.description` (not RedoJSON's
// ESNumberFormat), so that a mistake shared by both is unlikely.
import RedoJSON

package enum ReferenceCanonicalJSON {
    /// RFC 8785 by the book: keys sorted by their UTF-16 code units.
    package static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(number): return self.number(number)
        case let .string(text): return string(text)
        case let .array(elements): return "[" + elements.map(text(of:)).joined(separator: ",") + "]"
        case let .object(object):
            let members = object.members.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
            return "{" + members.map { string($0.key) + ":" + text(of: $0.value) }.joined(separator: ",") + "}"
        }
    }

    /// ECMAScript Number::toString (ES2023 6.1.6.1.20) built on Swift's shortest round-trip
    /// digits (`Double.description`), not on redo-conform's ESNumberFormat.
    package static func number(_ value: Double) -> String {
        if value == 0 { return "0" }
        let (digits, n) = decimalShape(value.description)
        let k = digits.count
        let d = String(decoding: digits, as: UTF8.self)
        var out = value < 0 ? "-" : ""
        if k <= n && n <= 21 {
            out += d + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            out += String(d.prefix(n)) + "." + String(d.dropFirst(n))
        } else if -6 < n && n <= 0 {
            out += "0." + String(repeating: "0", count: -n) + d
        } else {
            let e = n - 1
            out +=
                String(d.prefix(1)) + (k > 1 ? "." + String(d.dropFirst()) : "") + "e" + (e < 0 ? "-" : "+")
                + String(abs(e))
        }
        return out
    }

    /// JSON.stringify's string escaping (RFC 8785 3.2.2.2).
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Digits and decimal point position of a decimal text: value = 0.DIGITS × 10^point,
    /// digits without leading or trailing zeros ("" for zero). Accepts Swift's and
    /// ECMAScript's spellings ("1.5e-07", "1e+21", "100.0", "0.001").
    static func decimalShape(_ text: String) -> (digits: [UInt8], point: Int) {
        var bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
        var exponent = 0
        if let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            exponent = Int(String(decoding: bytes[(e + 1)...].filter { $0 != UInt8(ascii: "+") }, as: UTF8.self))!
            bytes = Array(bytes[..<e])
        }
        let dot = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
        var digits = bytes.filter { $0 != UInt8(ascii: ".") }
        var point = dot + exponent
        while digits.first == UInt8(ascii: "0") {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty { point = 0 }
        return (digits, point)
    }
}
