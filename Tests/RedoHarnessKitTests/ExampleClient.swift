import Foundation

/// Stands in, for the example harness, for the app's own RFC 8785 writer over
/// JSONSerialization's values: members sorted by UTF-16 code units, strings as ECMAScript
/// writes them, numbers as ECMAScript's shortest round-trip form.
enum CanonicalJSON {
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    static func bytes(of value: Any) throws -> [UInt8] { Array(try text(of: value).utf8) }

    private static func text(of value: Any) throws -> String {
        switch value {
        case is NSNull: return "null"
        case let string as String: return quoted(string)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
            return ecmaScript(number.doubleValue)
        case let array as [Any]: return "[" + (try array.map(text(of:))).joined(separator: ",") + "]"
        case let object as [String: Any]:
            let keys = object.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            return "{" + (try keys.map { quoted($0) + ":" + (try text(of: object[$0]!)) }).joined(separator: ",") + "}"
        default: throw Unsupported(description: "no JSON value: \(type(of: value))")
        }
    }

    private static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Number::toString: Swift's description has the shortest round-trip digits; only their
    /// layout differs, so the digits and the decimal point's place are laid out again.
    private static func ecmaScript(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value < 0 { return "-" + ecmaScript(-value) }
        let parts = value.description.split(separator: "e")
        let exponent = parts.count > 1 ? Int(parts[1])! : 0
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        var digits = Array(mantissa[0] + (mantissa.count > 1 ? mantissa[1] : ""))
        var point = mantissa[0].count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        let text = String(digits)
        let count = digits.count
        if count <= point && point <= 21 { return text + String(repeating: "0", count: point - count) }
        if 0 < point && point <= 21 { return String(digits[..<point]) + "." + String(digits[point...]) }
        if -6 < point && point <= 0 { return "0." + String(repeating: "0", count: -point) + text }
        let power = point - 1
        let head = count == 1 ? text : String(digits[0]) + "." + String(digits[1...])
        return head + "e" + (power < 0 ? "-" : "+") + String(abs(power))
    }
}
