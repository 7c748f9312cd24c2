// RFC 8785, for the values read back from the app's storage.
import Foundation

/// A minimal RFC 8785 (JCS) writer, enough for nodes read back from storage: members
/// ordered by UTF-16 code units; strings as ECMAScript's JSON.stringify writes them (\" \\
/// \b \f \n \r \t, \u00xx for the other control characters, everything else as is, in
/// UTF-8); numbers in ECMAScript's Number::toString form, an Int as the double it is
/// (-0 is written 0). It does not check I-JSON: a Swift String holds no lone surrogate,
/// and JSON holds no NaN or infinity. It is independent of the client's three paths, so
/// a storage result differs from the original only where storage changed a value.
func jcs(_ value: AnyCodable) -> String {
    switch value {
    case .null: return "null"
    case let .bool(bool): return bool ? "true" : "false"
    case let .int(int): return ecmaScriptNumber(Double(int))
    case let .double(double): return ecmaScriptNumber(double)
    case let .string(string): return jcsString(string)
    case let .array(array): return "[" + array.map(jcs).joined(separator: ",") + "]"
    case let .object(object):
        let keys = object.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
        return "{" + keys.map { jcsString($0) + ":" + jcs(object[$0]!) }.joined(separator: ",") + "}"
    }
}

func jcsString(_ string: String) -> String {
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

/// Number::toString: Swift's description holds the shortest digits that read back as the
/// same double (what ECMAScript asks for); only their layout differs (1e-07, 1e+21,
/// 9.007199254740994e+15), so the digits and the decimal point's place are laid out again.
func ecmaScriptNumber(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value < 0 { return "-" + ecmaScriptNumber(-value) }
    let parts = value.description.split(separator: "e")
    let exponent = parts.count > 1 ? Int(parts[1])! : 0
    let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
    var digits = Array(mantissa[0] + (mantissa.count > 1 ? mantissa[1] : ""))
    var point = mantissa[0].count + exponent  // digits before the decimal point
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
