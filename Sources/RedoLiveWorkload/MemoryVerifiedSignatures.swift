import RedoCore
import RedoCrypto
import Synchronization

/// The signatures verified so far, held in memory: the store a measurement supplies to a
/// live log to load "with verified signatures supplied", as an app's own store would.
/// Each is held inline, 128 bytes (a hex string of the three took about three times that,
/// on the heap), so that the store does not dominate the peak memory measured beside it.
@available(macOS 15.0, *)
public final class MemoryVerifiedSignatures: VerifiedSignatures {
    private struct Verified: Hashable {
        let id: NodeID
        let key: Ed25519PublicKey
        let signature: Ed25519Signature
    }

    private let held = Mutex(Set<Verified>())

    /// An empty store.
    public init() {}

    /// Whether `signature` by `key` over `id` was inserted.
    public func contains(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) -> Bool {
        held.withLock { $0.contains(Verified(id: id, key: key, signature: signature)) }
    }

    /// Remembers that `signature` by `key` over `id` holds.
    public func insert(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) {
        _ = held.withLock { $0.insert(Verified(id: id, key: key, signature: signature)) }
    }
}
