import Foundation
import RedoHarnessKit

/// The encodable path as a platform. Its values are JSON text, which the client decodes with
/// JSONDecoder into its AnyCodable when it canonicalizes; a node's body is JSONSerialization's
/// dictionary of the node without id and signature, written back as text.
struct EncodableHarness: PlatformHarness {
    let reference: ReferenceVerdicts
    let platform = "ios-encodable"
    let implementation = modelImplementation(
        "Foundation JSONDecoder into AnyCodable, JSONEncoder(.sortedKeys), whitespace stripped by Character")
    let sections: Set<InputSection> = [.canonicalization, .nodes]

    func parse(_ text: String) -> String { text }

    func canonicalize(_ text: String) throws -> [UInt8] { try encodablePath(text) }

    func sha256(_ bytes: [UInt8]) -> [UInt8] { sha256Digest(bytes) }

    func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool {
        reference.verifies(publicKey: publicKey, message: message, signature: signature)
    }

    func removing(_ members: [String], from text: String) throws -> String {
        var node = try nodeObject(text)
        for member in members { node.removeValue(forKey: member) }
        return String(decoding: try JSONSerialization.data(withJSONObject: node), as: UTF8.self)
    }

    func string(at path: [String], in text: String) -> String? { nodeString(at: path, in: text) }
}
