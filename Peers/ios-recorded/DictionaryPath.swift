// The dictionary path: the client's CanonicalJSON.stringify(_: [String: Any]).
import Foundation

func dictionaryString(_ string: String) -> String {
    let escaped = string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        .replacingOccurrences(of: "\t", with: "\\t")
    return "\"\(escaped)\""
}

func dictionaryNumber(_ number: NSNumber) -> String {
    let type = String(cString: number.objCType)
    if type == "c" || type == "B" { return number.boolValue ? "true" : "false" }
    if number.doubleValue.truncatingRemainder(dividingBy: 1) == 0 { return "\(number.intValue)" }
    return "\(number.doubleValue)"
}

func dictionaryValue(_ value: Any) throws -> String {
    if let string = value as? String { return dictionaryString(string) }
    if let number = value as? NSNumber { return dictionaryNumber(number) }
    if let bool = value as? Bool { return bool ? "true" : "false" }
    if let array = value as? [Any] { return "[" + (try array.map(dictionaryValue)).joined(separator: ",") + "]" }
    if let object = value as? [String: Any] {
        let members = try object.keys.sorted().map { key in
            dictionaryString(key) + ":" + (try dictionaryValue(object[key]!))
        }
        return "{" + members.joined(separator: ",") + "}"
    }
    if value is NSNull { return "null" }
    throw RecordingError("unsupported type \(type(of: value))")
}

func dictionaryPath(_ value: Any) throws -> [UInt8] { Array(try dictionaryValue(value).utf8) }
