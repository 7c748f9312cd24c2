import RedoCrypto
import RedoFixtures
import RedoJSON

/// Ed25519 cases published by other projects, read from their files for the platform
/// exchange and the suites.
enum ExternalSignatureCases {
    /// novifinancial/ed25519-speccheck's 12 cases (small-order, mixed-order, S ≥ L,
    /// non-canonical encodings, cofactored-only).
    package static func speccheck(_ root: VectorRoot) -> [SignatureCase] {
        guard let cases = try? root.json("ed25519/speccheck/cases.json").arrayValue else { return [] }
        return cases.enumerated().compactMap { index, entry in
            let c = entry.objectValue ?? JSONObject()
            guard let key = c["pub_key"]?.stringValue.flatMap(Hex.decodeLowercase), let message = c["message"]?.stringValue.flatMap(Hex.decodeLowercase),
                  let signature = c["signature"]?.stringValue.flatMap(Hex.decodeLowercase) else { return nil }
            return SignatureCase(id: "speccheck-\(index)", comment: "ed25519-speccheck case \(index)", flags: ["speccheck"], publicKey: key, message: message, signature: signature)
        }
    }

    /// Wycheproof's EddsaVerify cases.
    package static func wycheproof(_ root: VectorRoot) -> [SignatureCase] {
        guard let groups = try? root.json("ed25519/wycheproof/ed25519_test.json").objectValue?["testGroups"]?.arrayValue else { return [] }
        var cases: [SignatureCase] = []
        for group in groups {
            guard let key = group.objectValue?["publicKey"]?.objectValue?["pk"]?.stringValue.flatMap(Hex.decodeLowercase) else { continue }
            for test in group.objectValue?["tests"]?.arrayValue ?? [] {
                let t = test.objectValue ?? JSONObject()
                guard let id = t["tcId"]?.numberValue, let message = t["msg"]?.stringValue.flatMap(Hex.decodeLowercase),
                      let signature = t["sig"]?.stringValue.flatMap(Hex.decodeLowercase) else { continue }
                cases.append(SignatureCase(id: "wycheproof-\(Int(id))", comment: "Wycheproof tcId \(Int(id)): \(t["comment"]?.stringValue ?? "") (\(t["result"]?.stringValue ?? ""))",
                                           flags: (t["flags"]?.arrayValue ?? []).compactMap(\.stringValue), publicKey: key, message: message, signature: signature))
            }
        }
        return cases
    }
}
