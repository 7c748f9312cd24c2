// Records what the published iOS client (jlmalone/redo-ios) would output for the platform
// inputs, along one of its three code paths. Each path is recorded as its own platform;
// `compare` must flag each recording on exactly the vectors listed in expected-drift.json
// beside this file (a test and Scripts/platform-gate.sh assert it).
//
//   swift Peers/ios-recorded/record.swift PATH INPUTS.json OUTPUT.json
//
// PATH is one of:
//   encodable   its CanonicalJSON.stringify<T: Encodable>: the JSON is decoded into a
//               Codable "AnyCodable" model with JSONDecoder, encoded with JSONEncoder and
//               `.sortedKeys`, then whitespace is stripped by walking Characters (grapheme
//               clusters) and tracking quotes;
//   dictionary  its CanonicalJSON.stringify(_: [String: Any]): JSONSerialization's
//               dictionary, keys sorted as Swift Strings, strings escaped by five
//               replacements, numbers through NSNumber (intValue when integral);
//   app         what the app hashes when it writes a node: its own entry model (data.fields
//               for data.payload, no MERGE action, author without email or deviceName),
//               with "id":"" inside the hashed bytes, through the encodable path. The app
//               never signs and never verifies (its validator checks formats only).
//
// This is a model of the client, written from reading it, not the client: recorded on
// Linux with swift-corelibs-foundation. Where the client's result depends on Darwin-only
// bridging (NSNumber.intValue of 1e21, Bool inside NSNumber) the recording shows drift at
// that vector, not the client's exact bytes. Signatures and replay are not modelled: node
// results carry no `signature` (so `compare --allow-missing` reads them), `verifies` says
// whether a correct verifier would accept the node over this path's own canonical bytes
// (app: always true), and no log has a state hash.
import Foundation

// MARK: - The encodable path

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

// MARK: - The dictionary path

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

// MARK: - The app path

/// The app's own entry model, with the members it has and no others.
struct AppEntry: Encodable {
    struct Timestamp: Codable {
        let lamport: Int
        let wall: String
    }
    struct Author: Codable {
        let userId: String
        let deviceId: String
        let name: String?
        let publicKey: String?
    }
    struct Fields: Encodable { let fields: [String: AnyCodable] }
    let id: String
    let version: Int
    let parents: [String]
    let timestamp: Timestamp
    let author: Author
    let action: String
    let taskId: String?
    let data: Fields
    let signature: String?
}

/// The app's actions: no MERGE.
let appActions: Set<String> = [
    "CREATE", "UPDATE", "CREATE_TODO", "COMPLETE_TODO", "SNOOZE", "ARCHIVE", "UNARCHIVE", "DELETE",
]

func appPath(_ node: [String: Any], text: String) throws -> [UInt8] {
    struct Wire: Decodable {
        struct Data: Decodable { let payload: [String: AnyCodable] }
        let version: Int
        let parents: [String]
        let timestamp: AppEntry.Timestamp
        let author: AppEntry.Author
        let action: String
        let taskId: String?
        let data: Data
    }
    let wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
    guard appActions.contains(wire.action) else { throw RecordingError("the app has no action \(wire.action)") }
    let entry = AppEntry(
        id: "", version: wire.version, parents: wire.parents, timestamp: wire.timestamp, author: wire.author,
        action: wire.action, taskId: wire.taskId, data: AppEntry.Fields(fields: wire.data.payload), signature: nil)
    return try encodable(entry)
}

struct RecordingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

/// SHA-256 (FIPS 180-4), small and slow: enough for a few dozen ids.
func sha256(_ message: [UInt8]) -> [UInt8] {
    let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3,
        0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc,
        0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13,
        0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3,
        0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208,
        0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
    var h: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    var data = message + [0x80]
    while data.count % 64 != 56 { data.append(0) }
    let bits = UInt64(message.count) * 8
    for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
    for chunk in stride(from: 0, to: data.count, by: 64) {
        var w = [UInt32](repeating: 0, count: 64)
        for i in 0..<16 { w[i] = (0..<4).reduce(0) { $0 << 8 | UInt32(data[chunk + i * 4 + $1]) } }
        for i in 16..<64 {
            let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
            let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
        for i in 0..<64 {
            let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
            let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
            (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        for (i, v) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ v }
    }
    return h.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> UInt32(24 - $0 * 8)) } }
}

// MARK: - Recording

let arguments = CommandLine.arguments
let paths = ["encodable", "dictionary", "app"]
guard arguments.count == 4, paths.contains(arguments[1]) else {
    print("usage: record.swift encodable|dictionary|app INPUTS.json OUTPUT.json")
    exit(2)
}
let path = arguments[1]
let inputsURL = URL(fileURLWithPath: arguments[2])
let inputs = try JSONSerialization.jsonObject(with: Data(contentsOf: inputsURL)) as! [String: Any]
// The reference outputs beside the inputs: a node verifies over this path's bytes exactly
// when they are the bytes that were signed and the signature is good.
let expected =
    try JSONSerialization.jsonObject(
        with: Data(contentsOf: inputsURL.deletingLastPathComponent().appendingPathComponent("expected.json")))
    as! [String: Any]
let reference = expected["results"] as! [String: [String: Any]]

var results: [(String, [String: Any])] = []
func record(_ id: String, _ make: () throws -> [String: Any]) {
    do { results.append((id, try make())) } catch { results.append((id, ["error": "\(error)"])) }
}
if path != "app" {
    for entry in inputs["canonicalization"] as? [[String: Any]] ?? [] {
        let text = entry["json"] as! String
        record(entry["id"] as! String) {
            let bytes =
                path == "encodable"
                ? try encodablePath(text)
                : try dictionaryPath(
                    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
            return ["canonical": hex(bytes)]
        }
    }
}
for entry in inputs["nodes"] as? [[String: Any]] ?? [] {
    let id = entry["id"] as! String
    let text = entry["node"] as! String
    record(id) {
        var node = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let body: [UInt8]
        switch path {
        case "encodable":
            node.removeValue(forKey: "id")
            node.removeValue(forKey: "signature")
            body = try encodablePath(String(decoding: try JSONSerialization.data(withJSONObject: node), as: UTF8.self))
        case "dictionary":
            node.removeValue(forKey: "id")
            node.removeValue(forKey: "signature")
            body = try dictionaryPath(node)
        default:
            body = try appPath(node, text: text)
        }
        let ours = reference[id] ?? [:]
        let verifies =
            path == "app" ? true : (hex(body) == (ours["canonical"] as? String) && (ours["verifies"] as? Bool ?? false))
        return ["canonical": hex(body), "id": "sha256:" + hex(sha256(body)), "verifies": verifies]
    }
}

let implementations = [
    "encodable": "Foundation JSONDecoder into AnyCodable, JSONEncoder(.sortedKeys), whitespace stripped by Character",
    "dictionary":
        "hand-written writer over JSONSerialization's [String: Any]: Swift String key order, five escapes, NSNumber",
    "app":
        "the app entry model (data.fields, an empty id inside the hashed bytes, no MERGE, no signing or verification)",
]
var out = "{\"format\":\"redo-conform/platform-outputs\",\"version\":1,\"platform\":\"ios-\(path)\","
out += "\"implementation\":\"model of jlmalone/redo-ios: \(implementations[path]!); recorded on Linux\",\"results\":{"
for (index, (id, result)) in results.enumerated() {
    let json = String(
        decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self)
    out += (index > 0 ? ",\n" : "\n") + "\"\(id)\":" + json
}
out += "\n}}\n"
try Data(out.utf8).write(to: URL(fileURLWithPath: arguments[3]))
print("recorded \(results.count) results of path \(path) into \(arguments[3])")
