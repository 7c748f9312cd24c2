import RedoCore
import RedoCrypto
import Synchronization

/// The signatures verified so far, held in memory: the store a measurement supplies to a
/// live log to load "with verified signatures supplied", as an app's own store would.
/// Each verification is kept as one SHA-256 of the id, key and signature together (32
/// bytes inline): it names the verification as well as the three would, in a quarter of
/// their size, so that the store does not weigh on the peak memory measured beside it.
@available(macOS 15.0, *)
public final class MemoryVerifiedSignatures: VerifiedSignatures {
    private let held = Mutex(Set<RedoSHA256Digest>())

    /// An empty store.
    public init() {}

    /// A store holding what ``write(to:)`` wrote at `path` (a line that is not a digest in
    /// hex is left out).
    public convenience init(contentsOf path: String) throws(RecordFileError) {
        self.init()
        let reader = try RecordFile(path: path).reader()
        let lines = try reader.next(Int.max)
        held.withLock { held in
            for line in lines {
                guard let digest = Hex.decodeLowercase(String(decoding: line, as: UTF8.self)), digest.count == 32
                else { continue }
                held.insert(digest.withUnsafeBytes { RedoSHA256Digest(bytes: $0) })
            }
        }
    }

    /// How many verifications the store holds.
    public var count: Int { held.withLock { $0.count } }

    /// Whether `signature` by `key` over `id` was inserted.
    public func contains(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) -> Bool {
        let digest = Self.digest(id: id, key: key, signature: signature)
        return held.withLock { $0.contains(digest) }
    }

    /// Remembers that `signature` by `key` over `id` holds.
    public func insert(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) {
        let digest = Self.digest(id: id, key: key, signature: signature)
        _ = held.withLock { $0.insert(digest) }
    }

    /// Writes the store to `path`, whole or not at all, in order (the same store, the same
    /// bytes): each digest in hex on a line of its own.
    public func write(to path: String) throws(RecordFileError) {
        let digests = held.withLock { $0.sorted() }
        try RecordFile.write(to: path) { emit in
            for digest in digests { emit(Array(digest.hex.utf8)) }
        }
    }

    private static func digest(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) -> RedoSHA256Digest {
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { scratch in
            for (k, word) in [id.digest.w0, id.digest.w1, id.digest.w2, id.digest.w3].enumerated() {
                scratch.storeBytes(of: word.bigEndian, toByteOffset: 8 * k, as: UInt64.self)
            }
            key.withUnsafeBytes {
                scratch.baseAddress!.advanced(by: 32).copyMemory(from: $0.baseAddress!, byteCount: 32)
            }
            signature.withUnsafeBytes {
                scratch.baseAddress!.advanced(by: 64).copyMemory(from: $0.baseAddress!, byteCount: 64)
            }
            return RedoSHA256.hash(UnsafeRawBufferPointer(scratch))
        }
    }
}
