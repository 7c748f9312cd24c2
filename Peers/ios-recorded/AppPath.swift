// The app path: what the app hashes when it writes a node.
import Foundation

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

/// The bytes the app hashes for a node: its entry, decoded from the node's text (which has no
/// place for the node's id or signature), with an empty id and no signature.
func appPath(_ text: String) throws -> [UInt8] {
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
