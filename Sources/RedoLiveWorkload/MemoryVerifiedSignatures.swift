import RedoCore
import RedoCrypto
import Synchronization

/// The signatures verified so far, held in memory: the store a measurement supplies to a
/// live log to load "with verified signatures supplied", as an app's own store would.
@available(macOS 15.0, *)
public final class MemoryVerifiedSignatures: VerifiedSignatures {
    private let held = Mutex(Set<String>())

    /// An empty store.
    public init() {}

    /// Whether `signature` by `key` over `id` was inserted.
    public func contains(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) -> Bool {
        held.withLock { $0.contains(Self.key(id, key, signature)) }
    }

    /// Remembers that `signature` by `key` over `id` holds.
    public func insert(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) {
        _ = held.withLock { $0.insert(Self.key(id, key, signature)) }
    }

    private static func key(_ id: NodeID, _ key: Ed25519PublicKey, _ signature: Ed25519Signature) -> String {
        id.text + key.hex + signature.hex
    }
}
