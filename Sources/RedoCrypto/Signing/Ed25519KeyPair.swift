#if REDO_LIBSODIUM
    import CSodium
#else
    internal import Crypto
    internal import Foundation
#endif

/// An Ed25519 key pair. With the `Libsodium` trait its secret lives in libsodium's guarded
/// memory (locked out of swap, wiped when the pair is released); without it, in a swift-crypto
/// `Curve25519.Signing.PrivateKey`.
public final class Ed25519KeyPair: @unchecked Sendable {
    // @unchecked: the secret is written once in init and only read afterwards.
    /// The length of a seed in bytes: 32.
    public static let seedByteCount = 32
    #if REDO_LIBSODIUM
        private let secret: UnsafeMutablePointer<UInt8>
    #else
        private let privateKey: Curve25519.Signing.PrivateKey
    #endif
    /// The public half, to publish as `author.publicKey`.
    public let publicKey: Ed25519PublicKey

    /// The pair derived from a 32-byte seed. Deterministic: the same seed always gives the
    /// same pair (RFC 8032), with either backend.
    /// - Throws: `Ed25519Error.wrongLength` when `seed` is not 32 bytes long,
    ///   `Ed25519Error.keyGenerationFailed` when the backend cannot make the secret.
    public convenience init(seed: [UInt8]) throws(Ed25519Error) {
        guard seed.count == Self.seedByteCount else {
            throw .wrongLength(what: "an Ed25519 seed", expected: Self.seedByteCount, actual: seed.count)
        }
        #if REDO_LIBSODIUM
            try self.init { pk, sk in seed.withUnsafeBufferPointer { crypto_sign_seed_keypair(pk, sk, $0.baseAddress!) }
            }
        #else
            guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else {
                throw .keyGenerationFailed
            }
            self.init(key)
        #endif
    }

    /// A fresh random pair from the operating system's generator.
    /// - Throws: `Ed25519Error.keyGenerationFailed` when the backend cannot make one.
    public static func random() throws(Ed25519Error) -> Ed25519KeyPair {
        #if REDO_LIBSODIUM
            try Ed25519KeyPair { pk, sk in crypto_sign_keypair(pk, sk) }
        #else
            Ed25519KeyPair(Curve25519.Signing.PrivateKey())
        #endif
    }

    #if REDO_LIBSODIUM
        private init(_ derive: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>) -> Int32) throws(Ed25519Error)
        {
            requireSodium()
            let size = Int(crypto_sign_secretkeybytes())
            guard let raw = sodium_malloc(size) else { throw .keyGenerationFailed }
            let secretBytes = raw.bindMemory(to: UInt8.self, capacity: size)
            var publicBytes = [UInt8](repeating: 0, count: Ed25519PublicKey.byteCount)
            let status = publicBytes.withUnsafeMutableBufferPointer { derive($0.baseAddress!, secretBytes) }
            guard status == 0 else {
                sodium_free(raw)
                throw .keyGenerationFailed
            }
            secret = secretBytes
            publicKey = try! Ed25519PublicKey(bytes: publicBytes)  // libsodium wrote exactly 32 bytes
        }

        deinit {
            sodium_free(secret)  // sodium_free zeroes the memory before releasing it
        }
    #else
        private init(_ key: Curve25519.Signing.PrivateKey) {
            privateKey = key
            publicKey = try! Ed25519PublicKey(bytes: Array(key.publicKey.rawRepresentation))  // always 32 bytes
        }
    #endif

    /// The 32-byte seed this pair derives from (for writing key files).
    public var seed: [UInt8] {
        #if REDO_LIBSODIUM
            var out = [UInt8](repeating: 0, count: Self.seedByteCount)
            out.withUnsafeMutableBufferPointer { _ = crypto_sign_ed25519_sk_to_seed($0.baseAddress!, secret) }
            return out
        #else
            return Array(privateKey.rawRepresentation)
        #endif
    }

    /// The detached signature of `message`. With the `Libsodium` trait, and with swift-crypto
    /// on BoringSSL (Linux), it is RFC 8032's deterministic signature: the same message
    /// always gets the same bytes. CryptoKit (swift-crypto on Apple platforms) signs with a
    /// random nonce: another valid signature each time. Node ids never depend on it.
    public func sign(_ message: UnsafeRawBufferPointer) -> Ed25519Signature {
        #if REDO_LIBSODIUM
            var signature = [UInt8](repeating: 0, count: Ed25519Signature.byteCount)
            signature.withUnsafeMutableBufferPointer { out in
                _ = crypto_sign_detached(
                    out.baseAddress!, nil,
                    message.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(message.count),
                    secret
                )
            }
            return try! Ed25519Signature(bytes: signature)  // length is fixed by construction
        #else
            // Signing fails only when the platform's random generator does (CryptoKit's nonce).
            guard let signature = try? privateKey.signature(for: message) else {
                preconditionFailure("swift-crypto could not sign")
            }
            return try! Ed25519Signature(bytes: Array(signature))  // always 64 bytes
        #endif
    }

    /// The detached signature of `message`, as `sign(_:)` above.
    public func sign(_ message: [UInt8]) -> Ed25519Signature {
        message.withUnsafeBytes { sign($0) }
    }
}
