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
//               The app path alone also records the two sections that model what the app
//               does with a node it receives:
//               verdicts  a node as sync ingest reads it (FirebaseSyncService's
//                         parseChangeLogEntry drops a document whose members are missing or
//                         of another type, or whose action is not in ChangeAction: no
//                         MERGE), stored, read back, then ChangeLogValidator.isValidV1Node,
//                         the check applied before replay. That check is formats only and
//                         parses the wall with a default ISO8601DateFormatter, which cannot
//                         read milliseconds: it refuses every node that follows the
//                         protocol. `reason` names the REDO rule of the first check that
//                         fails, in the client's order;
//               storage   a node through sync ingest into ChangeLogStorage (one JSON file
//                         written by JSONEncoder, read back by JSONDecoder), then the whole
//                         entry read back as RFC 8785 bytes, from a minimal writer of this
//                         file, not the client's paths, so only the storage loss shows:
//                         the client's AnyCodable encoder tries Bool first, and on Darwin
//                         every NSNumber equal to 0 or 1 (1.0, 1e0 and -0 too) passes that
//                         cast, so it is stored, and read back, as false or true.
//
// This is a model of the client, written from reading it, not the client: recorded on
// Linux with swift-corelibs-foundation. Where a canonicalization path's result depends on
// Darwin-only bridging (NSNumber.intValue of 1e21, Bool inside NSNumber) the recording
// shows drift at that vector, not the client's exact bytes. Sync ingest and storage model
// Darwin's NSNumber casts explicitly (DarwinCast below), whatever this toolchain's casts
// do. Signatures and replay are not modelled: node results carry no `signature` (so
// `compare --allow-missing` reads them), `verifies` says whether a correct verifier would
// accept the node over this path's own canonical bytes (app: always true), and no log has
// a state hash.
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

// MARK: - The app's sync ingest and storage

/// Darwin's casts from the NSNumber objects a Firestore document hands over (here the
/// document is JSONSerialization's [String: Any], which holds NSNumber too). They are
/// written out, not left to `as?`: on Darwin the Foundation overlay decides them (SE-0170),
/// on Linux swift-corelibs-foundation has its own implementation, which has not always
/// bridged NSNumber to Bool the same way. The Swift 6.3 toolchain this was recorded with
/// happens to agree on the storage vectors; the recording does not lean on it.
enum DarwinCast {
    /// `as? Bool`: Bool(exactly:) of the overlay takes kCFBooleanTrue/False and any NSNumber
    /// that compares equal (NSNumber ==, a numeric comparison) to 1 or to 0. So 1, 1.0 and
    /// 1e0 read as true, 0 as false, and so does -0.0: it compares equal to 0 (whether the
    /// parser keeps -0 as the integer 0 or as the double -0.0, it becomes false).
    static func bool(_ number: NSNumber) -> Bool? {
        number.doubleValue == 1 ? true : number.doubleValue == 0 ? false : nil
    }

    /// `as? Int`: only a value an Int holds exactly (2.0 yes, 1.5 and 1e21 no).
    static func int(_ value: Any) -> Int? {
        guard let number = value as? NSNumber else { return nil }
        switch String(cString: number.objCType) {
        case "f", "d": return Int(exactly: number.doubleValue)
        case "Q": return Int(exactly: number.uint64Value)
        default: return Int(exactly: number.int64Value)
        }
    }

    static func string(_ value: Any) -> String? { value as? String }

    static func strings(_ value: Any) -> [String]? {
        guard let array = value as? [Any] else { return nil }
        let strings = array.compactMap { $0 as? String }
        return strings.count == array.count ? strings : nil
    }

    static func object(_ value: Any) -> [String: Any]? { value as? [String: Any] }
}

/// A payload value as the app stores it. ChangeData keeps the document's values as they
/// came (NSNumber, NSString, NSArray, NSDictionary, NSNull); ChangeLogStorage encodes them
/// through the client's AnyCodable, whose encoder tries `as Bool` before `as Int` and
/// `as Double`. On Darwin every NSNumber equal to 0 or 1 passes the Bool cast, so it is
/// written as false or true; other numbers are written as the Int or the Double they hold.
func storedValue(_ value: Any) throws -> AnyCodable {
    if value is NSNull { return .null }
    if let number = value as? NSNumber {
        if let bool = DarwinCast.bool(number) { return .bool(bool) }
        if let int = DarwinCast.int(number) { return .int(int) }
        return .double(number.doubleValue)
    }
    if let string = value as? String { return .string(string) }
    if let array = value as? [Any] { return .array(try array.map(storedValue)) }
    if let object = value as? [String: Any] { return .object(try object.mapValues(storedValue)) }
    throw RecordingError("unsupported type \(type(of: value))")
}

/// The client's ChangeLogEntry as ChangeLogStorage keeps it: `data` holds `fields`, author
/// has userId, deviceId, name and publicKey only, absent optionals are left out.
struct StoredEntry: Codable {
    struct Fields: Codable { let fields: [String: AnyCodable] }
    let id: String
    let version: Int
    let parents: [String]
    let timestamp: AppEntry.Timestamp
    let author: AppEntry.Author
    let action: String
    let taskId: String?
    let data: Fields
    let signature: String?
}

/// Why the app drops or refuses a node; the reason starts with the REDO rule its check
/// stands for.
struct Rejection: Error, CustomStringConvertible {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}

/// Sync ingest: what FirebaseSyncService.parseChangeLogEntry does with a document's data.
/// A required member that is absent or does not cast drops the node (compactMap skips
/// it); name, publicKey, taskId and signature are read with `as? String`, so one of
/// another type reads as absent; `data` is kept whole as the entry's fields (a protocol
/// node's fields are therefore {"payload": …}).
func ingest(_ document: Any) throws -> StoredEntry {
    guard let document = DarwinCast.object(document) else {
        throw Rejection("record.object: a document's data is a [String: Any], and this node is no object")
    }
    func required<T>(_ object: [String: Any], _ key: String, _ path: String, _ kind: String, _ cast: (Any) -> T?)
        throws -> T
    {
        guard let raw = object[key] else {
            throw Rejection("envelope.required: parseChangeLogEntry drops a document without \(path)")
        }
        guard let value = cast(raw) else {
            throw Rejection("envelope.type: parseChangeLogEntry drops a document whose \(path) is not \(kind)")
        }
        return value
    }
    let id = try required(document, "id", "id", "a String", DarwinCast.string)
    let version = try required(document, "version", "version", "an Int", DarwinCast.int)
    let parents = try required(document, "parents", "parents", "a [String]", DarwinCast.strings)
    let timestamp = try required(document, "timestamp", "timestamp", "an object", DarwinCast.object)
    if let lamport = timestamp["lamport"] as? NSNumber, DarwinCast.int(lamport) == nil {
        throw Rejection(
            "timestamp.lamport.range: lamport \(lamport) is no Int (the NSNumber cast is exact), "
                + "so parseChangeLogEntry drops the document")
    }
    let lamport = try required(timestamp, "lamport", "timestamp.lamport", "an Int", DarwinCast.int)
    let wall = try required(timestamp, "wall", "timestamp.wall", "a String", DarwinCast.string)
    let author = try required(document, "author", "author", "an object", DarwinCast.object)
    let userId = try required(author, "userId", "author.userId", "a String", DarwinCast.string)
    let deviceId = try required(author, "deviceId", "author.deviceId", "a String", DarwinCast.string)
    let action = try required(document, "action", "action", "a String", DarwinCast.string)
    guard appActions.contains(action) else {
        throw Rejection("action.enum: ChangeAction has no case \(action), so parseChangeLogEntry drops the document")
    }
    let data = try required(document, "data", "data", "an object", DarwinCast.object)
    return StoredEntry(
        id: id, version: version, parents: parents, timestamp: AppEntry.Timestamp(lamport: lamport, wall: wall),
        author: AppEntry.Author(
            userId: userId, deviceId: deviceId, name: author["name"] as? String,
            publicKey: author["publicKey"] as? String),
        action: action, taskId: document["taskId"] as? String,
        data: StoredEntry.Fields(fields: try data.mapValues(storedValue)),
        signature: document["signature"] as? String)
}

/// ChangeLogStorage: the entries as one JSON file (JSONEncoder, .prettyPrinted and
/// .sortedKeys), read back with JSONDecoder into the client's AnyCodable (Bool, then Int,
/// then Double: a stored `true` stays a boolean).
func storeAndReadBack(_ entry: StoredEntry) throws -> StoredEntry {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let file = try encoder.encode([entry])
    return try JSONDecoder().decode([StoredEntry].self, from: file)[0]
}

/// An entry read back, in the protocol's shape: its fields are the node's `data`, as
/// parseChangeLogEntry kept them; absent optionals stay absent.
func protocolNode(_ entry: StoredEntry) -> AnyCodable {
    var author: [String: AnyCodable] = [
        "userId": .string(entry.author.userId), "deviceId": .string(entry.author.deviceId),
    ]
    if let name = entry.author.name { author["name"] = .string(name) }
    if let publicKey = entry.author.publicKey { author["publicKey"] = .string(publicKey) }
    var node: [String: AnyCodable] = [
        "id": .string(entry.id), "version": .int(entry.version), "parents": .array(entry.parents.map { .string($0) }),
        "timestamp": .object(["lamport": .int(entry.timestamp.lamport), "wall": .string(entry.timestamp.wall)]),
        "author": .object(author), "action": .string(entry.action), "data": .object(entry.data.fields),
    ]
    if let taskId = entry.taskId { node["taskId"] = .string(taskId) }
    if let signature = entry.signature { node["signature"] = .string(signature) }
    return .object(node)
}

// MARK: - The app's node validator

/// ChangeLogValidator.isValidV1Node, the one check StateReconstructor applies to every
/// stored node before replay (validateActionPayload and verifyContentIntegrity are never
/// called; the latter returns true). Its checks, in its order, each a format check:
/// version 1; id and parents "sha256:" + 64 hex Characters; lamport > 0; wall non-empty and
/// parsed by ISO8601DateFormatter() with its default options (no fractional seconds);
/// userId 32 hex Characters; deviceId non-empty; a publicKey, if any, 64 hex Characters
/// whose first 32 are the userId; a signature, if any, 128 hex Characters. "Hex" is
/// Character.isNumber or a Character from "a" through "f", and lengths count Characters.
/// It has no profile (a signature is optional everywhere), never verifies a signature,
/// never recomputes an id, and checks neither taskId nor the payload.
func appVerdict(_ entry: StoredEntry) -> String? {
    func hexCharacters(_ text: String) -> Bool { text.allSatisfy { $0.isNumber || ($0 >= "a" && $0 <= "f") } }
    func nodeId(_ text: String) -> Bool {
        guard text.hasPrefix("sha256:") else { return false }
        let digits = String(text.dropFirst(7))
        return digits.count == 64 && hexCharacters(digits)
    }
    if entry.version != 1 { return "version.value: version \(entry.version) is not 1" }
    if !nodeId(entry.id) { return "id.format: id \(entry.id) is not sha256: and 64 hex Characters" }
    if let parent = entry.parents.first(where: { !nodeId($0) }) {
        return "parents.entry: parent \(parent) is not sha256: and 64 hex Characters"
    }
    if entry.timestamp.lamport <= 0 {
        return "timestamp.lamport.range: lamport \(entry.timestamp.lamport) is not above 0"
    }
    let wall = entry.timestamp.wall
    if wall.isEmpty { return "timestamp.wall.format: wall is empty" }
    // Foundation's own formatter, the class the client calls (CoreFoundation's ISO 8601
    // formatter on Darwin and on Linux). On the verdict vectors only the fraction decides:
    // every wall it would read leniently (February 30, hour 24) also carries milliseconds.
    if ISO8601DateFormatter().date(from: wall) == nil {
        return "timestamp.wall.format: ISO8601DateFormatter without .withFractionalSeconds cannot parse \(wall)"
    }
    let userId = entry.author.userId
    if userId.count != 32 { return "author.userId.format: userId has \(userId.count) Characters, not 32" }
    if !hexCharacters(userId) {
        return "author.userId.format: userId \(userId) holds a Character that is neither a number nor a-f"
    }
    if entry.author.deviceId.isEmpty { return "author.deviceId.empty: deviceId is empty" }
    if let publicKey = entry.author.publicKey {
        if publicKey.count != 64 || !hexCharacters(publicKey) {
            return "author.publicKey.format: publicKey is not 64 hex Characters"
        }
        if userId != String(publicKey.prefix(32)) {
            return "author.userId.prefix: userId is not the first 32 Characters of publicKey"
        }
    }
    if let signature = entry.signature, signature.count != 128 || !hexCharacters(signature) {
        return "signature.format: signature is not 128 hex Characters"
    }
    return nil
}

// MARK: - RFC 8785, for the values read back

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

if path == "app" {
    // The acceptance check: a node as it arrives through sync, stored, read back and
    // validated before replay. A node the app drops or refuses is not accepted.
    for entry in inputs["verdicts"] as? [[String: Any]] ?? [] {
        record(entry["id"] as! String) {
            do {
                let text = entry["node"] as! String
                guard
                    let document = try? JSONSerialization.jsonObject(
                        with: Data(text.utf8), options: [.fragmentsAllowed])
                else { throw Rejection("record.syntax: JSONSerialization cannot read the node") }
                if let reason = appVerdict(try storeAndReadBack(try ingest(document))) {
                    return ["accepts": false, "reason": reason]
                }
                return ["accepts": true]
            } catch let rejection as Rejection {
                return ["accepts": false, "reason": rejection.reason]
            }
        }
    }
    // The storage round trip: the whole node read back, written by the RFC 8785 writer above.
    for entry in inputs["storage"] as? [[String: Any]] ?? [] {
        record(entry["id"] as! String) {
            let document = try JSONSerialization.jsonObject(with: Data((entry["node"] as! String).utf8))
            return ["canonical": hex(Array(jcs(protocolNode(try storeAndReadBack(try ingest(document)))).utf8))]
        }
    }
}

let implementations = [
    "encodable": "Foundation JSONDecoder into AnyCodable, JSONEncoder(.sortedKeys), whitespace stripped by Character",
    "dictionary":
        "hand-written writer over JSONSerialization's [String: Any]: Swift String key order, five escapes, NSNumber",
    "app":
        "the app entry model (data.fields, an empty id inside the hashed bytes, no MERGE, no signing or verification);"
        + " verdicts by sync ingest and ChangeLogValidator.isValidV1Node; storage through ChangeLogStorage"
        + " with Darwin's NSNumber bridging",
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
