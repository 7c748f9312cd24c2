internal import Crypto

#if REDO_LIBSODIUM
    import CSodium
#endif

/// The Ed25519 verifiers this build holds. Both give libsodium 1.0.18's verdicts
/// (`crypto_sign_verify_detached`): S < L, A and R canonical and not of small order, and the
/// cofactorless equation.
///
/// `Ed25519.verify` uses ``default``. With the `Libsodium` trait (on by default, on Linux and
/// macOS) that is ``libsodium``; without it, ``strictSwiftCrypto`` is the only verifier, and
/// the package needs no system library. Tests compare the two on crafted, external and a
/// million random and mutated signatures.
public enum Ed25519Verifier: String, Sendable, CaseIterable {
    #if REDO_LIBSODIUM
        /// libsodium's `crypto_sign_verify_detached`. Only with the `Libsodium` trait.
        case libsodium
    #endif
    /// swift-crypto's `Curve25519.Signing.PublicKey.isValidSignature` (BoringSSL on Linux,
    /// CryptoKit on Apple platforms), after checks of its own that refuse what libsodium
    /// refuses and those libraries accept: S ≥ L, a non-canonical A, a small-order A or R
    /// (and a non-canonical R, which no verifier's equation lets through). Always compiled.
    case strictSwiftCrypto = "strict-swift-crypto"

    /// The verifier `Ed25519.verify` uses: ``libsodium`` with the `Libsodium` trait,
    /// ``strictSwiftCrypto`` without it.
    public static var `default`: Ed25519Verifier {
        #if REDO_LIBSODIUM
            .libsodium
        #else
            .strictSwiftCrypto
        #endif
    }

    /// Whether `signature` is `key`'s valid signature of `message` by libsodium's rules.
    public func verify(
        _ signature: Ed25519Signature, of message: UnsafeRawBufferPointer, by key: Ed25519PublicKey
    ) -> Bool {
        switch self {
        #if REDO_LIBSODIUM
            case .libsodium: return Self.libsodiumVerifies(signature, message, key)
        #endif
        case .strictSwiftCrypto: return Self.strictSwiftCryptoVerifies(signature, message, key)
        }
    }

    /// The same for a message held in an array.
    public func verify(_ signature: Ed25519Signature, of message: [UInt8], by key: Ed25519PublicKey) -> Bool {
        message.withUnsafeBytes { verify(signature, of: $0, by: key) }
    }

    /// BoringSSL and CryptoKit check the equation, and BoringSSL S < L, but both accept a
    /// small-order or non-canonical A and a small-order R (`SignatureClass`); these checks,
    /// made first, refuse them as libsodium does.
    private static func strictSwiftCryptoVerifies(
        _ signature: Ed25519Signature, _ message: UnsafeRawBufferPointer, _ key: Ed25519PublicKey
    ) -> Bool {
        let encodingsPass = signature.withUnsafeBytes { sig in
            key.withUnsafeBytes { a in
                let r = UnsafeRawBufferPointer(rebasing: sig[0..<32])
                let s = UnsafeRawBufferPointer(rebasing: sig[32..<64])
                return CurveEncoding.isReducedScalar(s) && CurveEncoding.isCanonicalPoint(a)
                    && !CurveEncoding.hasSmallOrder(a) && !CurveEncoding.hasSmallOrder(r)
                    && CurveEncoding.isCanonicalPoint(r)
            }
        }
        guard encodingsPass else { return false }
        let publicKey = key.withUnsafeBytes { try? Curve25519.Signing.PublicKey(rawRepresentation: $0) }
        guard let publicKey else { return false }
        return signature.withUnsafeBytes { publicKey.isValidSignature($0, for: message) }
    }

    #if REDO_LIBSODIUM
        private static func libsodiumVerifies(
            _ signature: Ed25519Signature, _ message: UnsafeRawBufferPointer, _ key: Ed25519PublicKey
        ) -> Bool {
            requireSodium()
            // Lengths are guaranteed by the types: libsodium reads exactly 64 and 32 bytes.
            return signature.withUnsafeBytes { sig in
                key.withUnsafeBytes { pk in
                    crypto_sign_verify_detached(
                        sig.baseAddress!.assumingMemoryBound(to: UInt8.self),
                        message.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(message.count),
                        pk.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    ) == 0
                }
            }
        }
    #endif
}
