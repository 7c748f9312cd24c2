import RedoCore
import RedoCrypto
import RedoJSON

/// A signature in 16 bytes: the first half of the SHA-256 of its 64 bytes. `diff` keeps
/// one per record, to tell a re-signed copy from an identical one and to verify a
/// signature both sides hold only once; a full signature per record would cost four times
/// the memory, and two different signatures with the same first 128 bits of SHA-256 are
/// beyond anyone's reach.
package struct SignatureFingerprint: Hashable, Comparable, Sendable {
    let high: UInt64
    let low: UInt64

    /// No signature (an unsigned node, or a record that is not a node).
    package static let none = SignatureFingerprint(high: 0, low: 0)

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    package init(_ signature: Ed25519Signature) {
        let digest = signature.withUnsafeBytes { RedoSHA256.hash($0) }
        self.init(high: digest.w0, low: digest.w1)
    }

    /// The fingerprint of the `signature` member of a node already parsed, if it is a
    /// well-formed signature.
    init(signatureOf value: JSONValue) {
        guard let text = value.objectValue?["signature"]?.stringValue, let signature = try? Ed25519Signature(hex: text)
        else {
            self = .none
            return
        }
        self.init(signature)
    }

    package static func < (lhs: SignatureFingerprint, rhs: SignatureFingerprint) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

/// Signatures another run has already seen verify, by the node id they sign: a record
/// whose id and signature match one of them needs no second verification. The id is the
/// SHA-256 of the canonical body, which holds the author's key, so (id, signature) stands
/// for the whole (key, signature, body) that verification decides on.
package struct KnownSignatures: Sendable {
    let contains: @Sendable (NodeID, SignatureFingerprint) -> Bool

    package init(_ contains: @escaping @Sendable (NodeID, SignatureFingerprint) -> Bool) {
        self.contains = contains
    }
}
