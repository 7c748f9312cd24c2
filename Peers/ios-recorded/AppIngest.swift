// The app's sync ingest and storage.
import Foundation

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
