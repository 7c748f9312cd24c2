import RedoCrypto

/// Raw Ed25519 verification cases for the platform exchange: crafted ones for each
/// portability class (from the seed), plus the shipped speccheck and Wycheproof cases.
public struct SignatureCase: Sendable {
    public let id: String
    public let comment: String
    public let flags: [String]
    public let publicKey: [UInt8]
    public let message: [UInt8]
    public let signature: [UInt8]

    public var json: JSONValue {
        .object(JSONObject([member("id", str(id)), member("comment", str(comment)), member("flags", .array(flags.map { str($0) })),
                            member("publicKey", str(Hex.encode(publicKey))), member("message", str(Hex.encode(message))),
                            member("signature", str(Hex.encode(signature)))]))
    }
}

public enum SignatureCases {
    public static func all(seed: String, root: VectorRoot = .shipped) -> [SignatureCase] {
        crafted(seed: seed) + speccheck(root) + wycheproof(root)
    }

    static func crafted(seed: String) -> [SignatureCase] {
        let pair = FixtureKeys.pair(seed: seed, index: 0)
        let message = Array("REDO portability \(seed)".utf8)
        let signature = pair.sign(message)
        let good = signature.bytes
        let unreduced = signature.withUnreducedS.bytes
        var flipped = good
        flipped[10] ^= 0x40
        let key = pair.publicKey.bytes
        return [
            SignatureCase(id: "s-valid", comment: "a valid signature", flags: ["valid"], publicKey: key, message: message, signature: good),
            SignatureCase(id: "s-unreduced-s", comment: "S + L: same equation, S not reduced (tweetnacl-js accepts)", flags: ["s-not-reduced"], publicKey: key, message: message, signature: unreduced),
            SignatureCase(id: "s-65-byte-zero", comment: "a valid signature with a zero byte appended (Java 17 accepts)", flags: ["trailing-zero-byte"], publicKey: key, message: message, signature: good + [0]),
            SignatureCase(id: "s-63-byte", comment: "a truncated signature", flags: ["wrong-length"], publicKey: key, message: message, signature: Array(good.prefix(63))),
            SignatureCase(id: "s-31-byte-key", comment: "a truncated public key", flags: ["wrong-length"], publicKey: Array(key.prefix(31)), message: message, signature: good),
            SignatureCase(id: "s-bit-flip", comment: "one bit of R flipped: invalid everywhere", flags: ["invalid"], publicKey: key, message: message, signature: flipped),
            SignatureCase(id: "s-other-message", comment: "a valid signature of another message", flags: ["invalid"], publicKey: key, message: message + [0x21], signature: good),
        ]
    }

    /// novifinancial/ed25519-speccheck's 12 cases (small-order, mixed-order, S ≥ L,
    /// non-canonical encodings, cofactored-only).
    static func speccheck(_ root: VectorRoot) -> [SignatureCase] {
        guard let cases = try? root.json("ed25519/speccheck/cases.json").arrayValue else { return [] }
        return cases.enumerated().compactMap { index, entry in
            let c = entry.objectValue ?? JSONObject()
            guard let key = c["pub_key"]?.stringValue.flatMap(Hex.decodeLowercase), let message = c["message"]?.stringValue.flatMap(Hex.decodeLowercase),
                  let signature = c["signature"]?.stringValue.flatMap(Hex.decodeLowercase) else { return nil }
            return SignatureCase(id: "speccheck-\(index)", comment: "ed25519-speccheck case \(index)", flags: ["speccheck"], publicKey: key, message: message, signature: signature)
        }
    }

    /// Wycheproof's EddsaVerify cases.
    static func wycheproof(_ root: VectorRoot) -> [SignatureCase] {
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
