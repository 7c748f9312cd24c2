/// Why libsodium rejects an Ed25519 signature, and whether that rejection is portable.
///
/// Verifiers disagree on edge cases. libsodium is the strictest of the common ones; a
/// signature it rejects may still be accepted elsewhere: tweetnacl accepts S ≥ L, noble's
/// default (ZIP-215) mode accepts small-order and non-canonical points and checks the
/// cofactored equation, Java 17's SunEC accepts a 65-byte signature ending in a zero byte.
/// Such a signature is *platform-dependent*: not forged, but not something every client
/// will agree on.
public enum SignatureClass: String, Sendable, CaseIterable {
    /// libsodium accepts the signature.
    case valid
    /// The key is not 32 bytes long, or the signature not 64 (and not a valid one plus a zero byte).
    case wrongLength = "wrong-length"
    /// 64 valid bytes plus a trailing zero byte (accepted by Java 17).
    case trailingZeroByte = "trailing-zero-byte"
    /// S is not below the group order L (S + L instead of S: a malleated signature).
    case sNotReduced = "s-not-reduced"
    /// The public key A is a point of small order.
    case smallOrderA = "small-order-A"
    /// The signature's R is a point of small order.
    case smallOrderR = "small-order-R"
    /// The public key A is not in its canonical encoding (y ≥ p, or the sign bit set where x is 0).
    case nonCanonicalA = "non-canonical-A"
    /// The signature's R is not in its canonical encoding.
    case nonCanonicalR = "non-canonical-R"
    /// Fails the cofactorless equation [S]B = R + [k]A but satisfies [8][S]B = [8]R + [8][k]A.
    case cofactoredOnly = "cofactored-only"
    /// Wrong by every verifier's rules.
    case invalid

    /// Common verifiers known to accept signatures of this class (the "Taming the many
    /// EdDSAs" measurements, repository novifinancial/ed25519-speccheck, and Java 17).
    public var knownAcceptors: [String] {
        switch self {
        case .trailingZeroByte: return ["Java 17 SunEC"]
        case .sNotReduced: return ["tweetnacl-js", "ed25519-java", "python-ed25519", "ed25519-donna"]
        case .smallOrderA, .smallOrderR:
            return [
                "OpenSSL 3", "BoringSSL", "Go crypto/ed25519", "Apple CryptoKit", "Bouncy Castle", "tweetnacl-js",
                "noble-ed25519 (ZIP-215)",
            ]
        case .nonCanonicalA:
            return [
                "OpenSSL 3", "BoringSSL", "Go crypto/ed25519", "Apple CryptoKit", "tweetnacl-js",
                "noble-ed25519 (ZIP-215)",
            ]
        case .nonCanonicalR, .cofactoredOnly: return ["noble-ed25519 (ZIP-215)", "Zebra"]
        default: return []
        }
    }
}

/// What `SignaturePortability.classify` found out about one signature.
public struct PortabilityVerdict: Sendable, Equatable {
    /// Whether libsodium's strict verifier (`Ed25519.verify`) accepts the signature.
    public let libsodiumAccepts: Bool
    /// Every class that applies (several can: small-order A and R at once).
    public let classes: [SignatureClass]
    /// libsodium rejects it, but the equation holds in the sense some common verifier
    /// checks: platforms will legitimately disagree.
    public let platformDependent: Bool

    /// The common verifiers known to accept a signature of any of `classes`, sorted.
    public var knownAcceptors: [String] { Array(Set(classes.flatMap(\.knownAcceptors))).sorted() }
}
