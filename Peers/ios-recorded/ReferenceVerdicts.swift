import Foundation

/// Whether a correct verifier accepts a node's signature over a path's bytes, answered from
/// redo-conform's own outputs beside the inputs (expected.json), since the recording has
/// no Ed25519 of its own: a node's signature verifies over given bytes exactly when they
/// are the canonical bytes the reference found it valid over.
struct ReferenceVerdicts: Sendable {
    /// "publicKey signature message" in hex, for each node signature valid in the reference.
    private let valid: Set<String>

    /// The verdicts for the nodes of the inputs file at `inputs`, from the expected.json beside it.
    init(inputs: URL) throws {
        let expectedURL = inputs.deletingLastPathComponent().appendingPathComponent("expected.json")
        func object(_ url: URL) throws -> [String: Any] {
            do {
                return try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
            } catch {
                throw RecordingError("cannot read \(url.path): \(error.localizedDescription)")
            }
        }
        let file = try object(inputs)
        let expected = try object(expectedURL)
        let reference = expected["results"] as? [String: [String: Any]] ?? [:]
        var valid = Set<String>()
        for entry in file["nodes"] as? [[String: Any]] ?? [] {
            guard let id = entry["id"] as? String, let text = entry["node"] as? String,
                let ours = reference[id], ours["verifies"] as? Bool == true,
                let canonical = ours["canonical"] as? String,
                let publicKey = nodeString(at: ["author", "publicKey"], in: text),
                let signature = nodeString(at: ["signature"], in: text)
            else { continue }
            valid.insert(Self.key(publicKey, signature, canonical))
        }
        self.valid = valid
    }

    /// Whether `signature` by `publicKey` is one the reference found valid over `message`.
    func verifies(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool {
        valid.contains(Self.key(hex(publicKey), hex(signature), hex(message)))
    }

    private static func key(_ publicKey: String, _ signature: String, _ message: String) -> String {
        publicKey + " " + signature + " " + message
    }
}
