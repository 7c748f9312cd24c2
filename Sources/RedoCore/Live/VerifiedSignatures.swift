import RedoCrypto

/// Where an app keeps the signatures it has already verified, so that a live log
/// (``LiveLog``) does not verify them again: on every launch, the nodes already on the
/// device load at the cost of their JSON alone.
///
/// A signature is named by the node's id together with the key and the signature: the id
/// is the SHA-256 of the canonical body the signature covers, so the three name one
/// verification. The store is the app's (a file, a database table); the live log asks it
/// from the thread that calls `ingest` and tells it every signature that held.
///
/// Trust: whoever can write this store can make a bad signature pass. Keep it where only
/// the app writes, as it keeps the nodes themselves.
public protocol VerifiedSignatures: Sendable {
    /// Whether `signature` by `key` over the node `id` was verified before and held.
    func contains(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) -> Bool
    /// Records that `signature` by `key` over the node `id` was verified and holds.
    func insert(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature)
}
