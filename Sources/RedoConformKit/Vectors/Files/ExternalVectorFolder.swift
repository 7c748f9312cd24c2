import Foundation
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoValidation

/// Test data published by other projects — the RFC 8785 author's canonicalization files,
/// Wycheproof's Ed25519 file, ed25519-speccheck's cases — which the repository does not
/// hold. Development machines and CI keep it at `../shared/external-vectors` beside the
/// checkout; its README names sources, commits and licences. A file that is missing or
/// unreadable is an error naming it: the data is never dropped without a word.
package struct ExternalVectorFolder: Sendable {
    package let root: VectorRoot

    package init(path: String) { root = VectorRoot(path: path) }

    package static let canonicalizationFolder = "rfc8785"
    package static let wycheproofFile = "wycheproof/ed25519_test.json"
    package static let speccheckFile = "speccheck/cases.json"

    /// `shared/external-vectors` beside the folder holding `vectors` — for the shipped
    /// `Vectors/`, beside the repository root: `../shared/external-vectors` from it.
    package static func defaultPath(beside vectors: VectorRoot) -> String {
        normalized(vectors.path + "/../../shared/external-vectors")
    }

    package static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// The path with `.` and `name/..` removed, textually (relative paths stay relative,
    /// so messages show what the user would type).
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute, parts.isEmpty {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// ed25519-speccheck's 12 cases (small-order, mixed-order, S ≥ L, non-canonical
    /// encodings, cofactored-only), as `speccheck-N` by their index in the file.
    package func speccheckCases() throws -> [SignatureCase] {
        let file = Self.speccheckFile
        guard let cases = try root.json(file).arrayValue else { throw malformed(file, "not a JSON array") }
        return try cases.enumerated().map { index, entry in
            let c = entry.objectValue ?? JSONObject()
            guard let key = c["pub_key"]?.stringValue.flatMap(Hex.decodeLowercase),
                let message = c["message"]?.stringValue.flatMap(Hex.decodeLowercase),
                let signature = c["signature"]?.stringValue.flatMap(Hex.decodeLowercase)
            else {
                throw malformed(file, "case \(index) lacks hex pub_key, message or signature")
            }
            return SignatureCase(
                id: "speccheck-\(index)", comment: "ed25519-speccheck case \(index)", flags: ["speccheck"],
                publicKey: key, message: message, signature: signature)
        }
    }

    /// Wycheproof's EddsaVerify cases, as `wycheproof-N` by tcId.
    package func wycheproofCases() throws -> [SignatureCase] {
        let file = Self.wycheproofFile
        guard let groups = try root.json(file).objectValue?["testGroups"]?.arrayValue else {
            throw malformed(file, "no testGroups array")
        }
        var cases: [SignatureCase] = []
        for (index, group) in groups.enumerated() {
            guard
                let key = group.objectValue?["publicKey"]?.objectValue?["pk"]?.stringValue.flatMap(Hex.decodeLowercase)
            else {
                throw malformed(file, "test group \(index) lacks a hex publicKey.pk")
            }
            for test in group.objectValue?["tests"]?.arrayValue ?? [] {
                let t = test.objectValue ?? JSONObject()
                guard let id = t["tcId"]?.numberValue, let message = t["msg"]?.stringValue.flatMap(Hex.decodeLowercase),
                    let signature = t["sig"]?.stringValue.flatMap(Hex.decodeLowercase)
                else {
                    throw malformed(file, "a test of group \(index) lacks tcId, or hex msg or sig")
                }
                cases.append(
                    SignatureCase(
                        id: "wycheproof-\(Int(id))",
                        comment:
                            "Wycheproof tcId \(Int(id)): \(t["comment"]?.stringValue ?? "") (\(t["result"]?.stringValue ?? ""))",
                        flags: (t["flags"]?.arrayValue ?? []).compactMap(\.stringValue), publicKey: key,
                        message: message, signature: signature))
            }
        }
        return cases
    }

    private func malformed(_ file: String, _ reason: String) -> InputError {
        InputError(path: root.url(file), reason: reason)
    }
}
