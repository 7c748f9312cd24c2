#if REDO_LIBSODIUM
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
            // R = rB for r the nonce reduced mod L; S = r + k·a mod L (`responseScalar`).
            var r = Scalar.reduce(nonce + [UInt8](repeating: 0, count: 32))
            var big = [UInt8](repeating: 0, count: 32)
            _ = crypto_scalarmult_ed25519_base_noclamp(&big, r)
            sodium_memzero(&r, 32)
            let s = responseScalar(nonce: nonce, r: big, publicKey: publicKey.bytes, message: message)
            return try! Ed25519Signature(bytes: big + s)  // 64 bytes by construction
        }
    }
#endif
