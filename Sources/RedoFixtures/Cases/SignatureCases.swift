import RedoCrypto
import RedoJSON

/// A raw Ed25519 verification case of the platform exchange.
package struct SignatureCase: Sendable {
    package let id: String
    package let comment: String
    package let flags: [String]
    package let publicKey: [UInt8]
    package let message: [UInt8]
    package let signature: [UInt8]

    package init(id: String, comment: String, flags: [String], publicKey: [UInt8], message: [UInt8], signature: [UInt8]) {
        self.id = id
        self.comment = comment
        self.flags = flags
        self.publicKey = publicKey
        self.message = message
        self.signature = signature
    }

    package var json: JSONValue {
        .object(JSONObject([member("id", str(id)), member("comment", str(comment)), member("flags", .array(flags.map { str($0) })),
                            member("publicKey", str(Hex.encode(publicKey))), member("message", str(Hex.encode(message))),
                            member("signature", str(Hex.encode(signature)))]))
    }
}

/// Raw Ed25519 verification cases crafted from the seed, one for each portability class.
package enum SignatureCases {
    package static func crafted(seed: String) -> [SignatureCase] {
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
}
