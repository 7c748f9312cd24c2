import CSodium

extension Ed25519KeyPair {
    /// A valid Ed25519 signature with a random nonce instead of RFC 8032's deterministic
    /// one — what Apple's CryptoKit and Safari's WebCrypto produce. Two calls give two
    /// different signatures of the same message, both valid; fixtures use it to prove that
    /// checkers compare signatures by verification, not by bytes.
    package func signRandomized(_ message: [UInt8]) -> Ed25519Signature {
        requireSodium()
        var r = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_random(&r)
        defer { sodium_memzero(&r, 32) }
        return sign(message, nonce: r)
    }

    /// A valid Ed25519 signature with the given nonce (any 32 bytes, reduced mod L) in
    /// place of RFC 8032's: for fixtures that need a second valid signature of one node
    /// and must still be the same bytes on every run. Never reuse a nonce for two
    /// messages under one key: that reveals the key.
    package func sign(_ message: [UInt8], nonce: [UInt8]) -> Ed25519Signature {
        requireSodium()
        precondition(nonce.count == 32, "an Ed25519 nonce is 32 bytes")
        // The secret scalar a: SHA-512 of the seed, first half clamped, reduced mod L.
        var expanded = [UInt8](repeating: 0, count: 64)
        var seedBytes = seed
        _ = crypto_hash_sha512(&expanded, seedBytes, 32)
        expanded[0] &= 248
        expanded[31] &= 127
        expanded[31] |= 64
        var a = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_reduce(&a, Array(expanded[0..<32]) + [UInt8](repeating: 0, count: 32))
        // r the nonce, R = rB, k = H(R || A || M) mod L, S = r + k·a mod L.
        var r = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_reduce(&r, nonce + [UInt8](repeating: 0, count: 32))
        var big = [UInt8](repeating: 0, count: 32)
        _ = crypto_scalarmult_ed25519_base_noclamp(&big, r)
        var digest = [UInt8](repeating: 0, count: 64)
        let input = big + publicKey.bytes + message
        _ = crypto_hash_sha512(&digest, input, UInt64(input.count))
        var k = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_reduce(&k, digest)
        var ka = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_mul(&ka, k, a)
        var s = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_add(&s, ka, r)
        sodium_memzero(&expanded, 64)
        sodium_memzero(&a, 32)
        sodium_memzero(&r, 32)
        sodium_memzero(&seedBytes, 32)
        return try! Ed25519Signature(bytes: big + s) // 64 bytes by construction
    }
}
