// Node-level checks of records, kept, with Ed25519 verification skipped only for a signature
// known to hold (LogCaches.swift says why).
import RedoCore
import RedoCrypto

/// A signature as the cache of the product's `--cache` keys it: the key, the signature and
/// the id (the SHA-256 of the canonical body the signature covers).
package struct SignedTriple: Hashable {
    package let key: Ed25519PublicKey
    package let signature: Ed25519Signature
    package let id: NodeID

    package init(key: Ed25519PublicKey, signature: Ed25519Signature, id: NodeID) {
        self.key = key
        self.signature = signature
        self.id = id
    }
}

private let validator = NodeValidator(profile: .synced)

extension LogCaches {
    /// `validator.check(bytes: record)`: with the caches on, through the deferred-signature API
    /// an app would use with a cache of its own, verifying only signatures not known to hold.
    package func check(_ key: HashedBytes) -> NodeCheck {
        let record = key.bytes
        guard enabled else { return validator.check(bytes: record) }
        return checks.value(for: key) {
            let (check, deferred) = record.withUnsafeBufferPointer {
                validator.check(bytes: $0, deferringSignature: true)
            }
            guard let deferred else { return check }
            guard let id = check.node?.id else {
                invariant(false, "a record with a deferred signature has no node")
                return check.completed(signatureHolds: deferred.holds())
            }
            let triple = SignedTriple(key: deferred.key, signature: deferred.signature, id: id)
            if signaturesThatHold.value(for: triple) != nil { return check }
            let holds = deferred.holds()
            if holds { signaturesThatHold.store((), for: triple) }
            return check.completed(signatureHolds: holds)
        }
    }
}
