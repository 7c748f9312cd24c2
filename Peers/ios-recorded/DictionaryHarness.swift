import Foundation
import RedoHarnessKit

/// The dictionary path as a platform: JSONSerialization's values, written by the client's
/// hand-written writer. The kit removes a node's id and signature from the dictionary.
struct DictionaryHarness: PlatformHarness {
    let reference: ReferenceVerdicts
    let platform = "ios-dictionary"
    let implementation = modelImplementation(
        "hand-written writer over JSONSerialization's [String: Any]: Swift String key order, five escapes, NSNumber")
    let sections: Set<InputSection> = [.canonicalization, .nodes]

    func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    func canonicalize(_ value: Any) throws -> [UInt8] { try dictionaryPath(value) }

    func sha256(_ bytes: [UInt8]) -> [UInt8] { sha256Digest(bytes) }

    func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool {
        reference.verifies(publicKey: publicKey, message: message, signature: signature)
    }
}
