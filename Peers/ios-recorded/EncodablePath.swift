// The encodable path: the client's CanonicalJSON.stringify<T: Encodable>.
import Foundation

/// The client's AnyCodable: decodes Bool, then Int, then Double, then String, arrays and
/// dictionaries, in that order; a Swift Dictionary holds the object.
indirect enum AnyCodable: Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([AnyCodable])
    case object([String: AnyCodable])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyCodable].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyCodable].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(b): try container.encode(b)
        case let .int(i): try container.encode(i)
        case let .double(d): try container.encode(d)
        case let .string(s): try container.encode(s)
        case let .array(a): try container.encode(a)
        case let .object(o): try container.encode(o)
        }
    }
}

/// The client's whitespace removal: walks Characters, so a quote followed by a combining
/// mark is one Character that is not `"`, and the quote tracking loses its place.
func removeWhitespace(_ json: String) -> String {
    var result = ""
    var inString = false
    var escaped = false
    for char in json {
        if escaped {
            result.append(char)
            escaped = false
            continue
        }
        if char == "\\" && inString {
            escaped = true
            result.append(char)
            continue
        }
        if char == "\"" {
            inString.toggle()
            result.append(char)
            continue
        }
        if inString || !char.isWhitespace { result.append(char) }
    }
    return result
}

func encodable<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return Array(removeWhitespace(String(decoding: try encoder.encode(value), as: UTF8.self)).utf8)
}

func encodablePath(_ text: String) throws -> [UInt8] {
    try encodable(try JSONDecoder().decode(AnyCodable.self, from: Data(text.utf8)))
}
