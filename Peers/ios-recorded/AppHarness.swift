import Foundation
import RedoHarnessKit

/// The app path as a platform. Its values are a node's JSON text: the app decodes its own
/// entry from it, which has no place for the node's id or signature, so the body is the text
/// as it is. The app never signs and never verifies: every node's signature "verifies". It
/// alone answers verdicts (sync ingest, storage, then its validator) and storage.
struct AppHarness: PlatformHarness {
    let platform = "ios-app"
    let implementation = modelImplementation(
        "the app entry model (data.fields, an empty id inside the hashed bytes, no MERGE, no signing or verification);"
            + " verdicts by sync ingest and ChangeLogValidator.isValidV1Node; storage through ChangeLogStorage"
            + " with Darwin's NSNumber bridging")
    let sections: Set<InputSection> = [.nodes, .verdicts, .storage]

    func parse(_ text: String) -> String { text }

    func canonicalize(_ text: String) throws -> [UInt8] { try appPath(text) }

    func sha256(_ bytes: [UInt8]) -> [UInt8] { sha256Digest(bytes) }

    func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool { true }

    /// The node as it arrives through sync, stored, read back and validated before replay.
    /// A node the app drops or refuses is not accepted; the profile plays no part (the
    /// app's check has none).
    func accepts(node text: String, profile: AcceptanceProfile) throws -> Acceptance? {
        do {
            guard
                let document = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            else { throw Rejection("record.syntax: JSONSerialization cannot read the node") }
            if let reason = appVerdict(try storeAndReadBack(try ingest(document))) { return .rejected(reason) }
            return .accepted
        } catch let rejection as Rejection {
            return .rejected(rejection.reason)
        }
    }

    /// The whole node read back from storage, written by the RFC 8785 writer of CanonicalWriter.swift.
    func roundTrip(node text: String) throws -> [UInt8]? {
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return Array(jcs(protocolNode(try storeAndReadBack(try ingest(document)))).utf8)
    }

    /// The text unchanged: the app's entry has no id or signature to remove.
    func removing(_ members: [String], from text: String) -> String { text }

    func string(at path: [String], in text: String) -> String? { nodeString(at: path, in: text) }
}
