import CSodium

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

/// Classifies a signature libsodium rejects: forged, or only refused by strict verifiers.
public enum SignaturePortability {
    /// Why libsodium accepts or rejects `signature` of `message` under `publicKey` (all raw
    /// bytes, any length), and whether a more lenient common verifier would accept it.
    /// Cost: one verification for a valid signature; about a thousand point additions for a
    /// rejected one.
    public static func classify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> PortabilityVerdict {
        requireSodium()
        guard publicKey.count == 32 else {
            return PortabilityVerdict(libsodiumAccepts: false, classes: [.wrongLength], platformDependent: false)
        }
        guard signature.count == 64 else {
            if signature.count == 65, signature[64] == 0, verifies(publicKey, message, Array(signature.prefix(64))) {
                return PortabilityVerdict(
                    libsodiumAccepts: false, classes: [.trailingZeroByte], platformDependent: true)
            }
            return PortabilityVerdict(libsodiumAccepts: false, classes: [.wrongLength], platformDependent: false)
        }
        if verifies(publicKey, message, signature) {
            return PortabilityVerdict(libsodiumAccepts: true, classes: [.valid], platformDependent: false)
        }
        let r = Array(signature[0..<32])
        let s = Array(signature[32..<64])
        var classes: [SignatureClass] = []
        if !Scalar.isReduced(s) { classes.append(.sNotReduced) }
        if Point.hasSmallOrder(publicKey) { classes.append(.smallOrderA) }
        if Point.hasSmallOrder(r) { classes.append(.smallOrderR) }
        if !Point.isCanonical(publicKey) { classes.append(.nonCanonicalA) }
        if !Point.isCanonical(r) { classes.append(.nonCanonicalR) }

        // Evaluate the equation the lenient verifiers check, with S reduced mod L.
        guard let equation = Equation(publicKey: publicKey, r: r, s: s, message: message) else {
            return PortabilityVerdict(libsodiumAccepts: false, classes: [.invalid], platformDependent: false)
        }
        if classes.isEmpty {
            if !equation.cofactorless && equation.cofactored {
                return PortabilityVerdict(libsodiumAccepts: false, classes: [.cofactoredOnly], platformDependent: true)
            }
            return PortabilityVerdict(libsodiumAccepts: false, classes: [.invalid], platformDependent: false)
        }
        let holds = classes == [.sNotReduced] ? equation.cofactorless : equation.cofactored
        return PortabilityVerdict(
            libsodiumAccepts: false, classes: holds ? classes : classes + [.invalid], platformDependent: holds)
    }

    /// libsodium's verdict on raw bytes of any length (wrong lengths never verify).
    package static func verifies(_ key: [UInt8], _ message: [UInt8], _ signature: [UInt8]) -> Bool {
        guard let key = try? Ed25519PublicKey(bytes: key), let signature = try? Ed25519Signature(bytes: signature)
        else { return false }
        return Ed25519.verify(signature, of: message, by: key)
    }
}

/// The verification equation, computed with libsodium's point arithmetic (which, unlike
/// its scalar multiplication, accepts points outside the prime-order subgroup).
struct Equation {
    let cofactorless: Bool
    let cofactored: Bool

    init?(publicKey: [UInt8], r: [UInt8], s: [UInt8], message: [UInt8]) {
        guard let a = Point.decode(publicKey), let rPoint = Point.decode(r) else { return nil }
        var digest = [UInt8](repeating: 0, count: 64)
        let input = r + publicKey + message
        _ = crypto_hash_sha512(&digest, input, UInt64(input.count))
        let k = Scalar.reduce(digest)
        let sReduced = Scalar.reduce(s + [UInt8](repeating: 0, count: 32))
        guard let sb = Point.base.times(sReduced), let ka = a.times(k), let rhs = rPoint.plus(ka),
            let difference = sb.minus(rhs)
        else { return nil }
        cofactorless = sb.bytes == rhs.bytes
        cofactored = difference.timesEight()?.bytes == Point.identity.bytes
    }
}

/// An encoded edwards25519 point, combined only through libsodium's add and sub.
struct Point {
    let bytes: [UInt8]

    static let identity = Point(bytes: [1] + [UInt8](repeating: 0, count: 31))
    /// The base point B (y = 4/5).
    static let base = Point(bytes: [0x58] + [UInt8](repeating: 0x66, count: 31))

    /// The point, normalized to its canonical encoding; nil when not on the curve.
    static func decode(_ bytes: [UInt8]) -> Point? { Point(bytes: bytes).plus(identity) }

    func plus(_ other: Point) -> Point? {
        var out = [UInt8](repeating: 0, count: 32)
        return crypto_core_ed25519_add(&out, bytes, other.bytes) == 0 ? Point(bytes: out) : nil
    }

    func minus(_ other: Point) -> Point? {
        var out = [UInt8](repeating: 0, count: 32)
        return crypto_core_ed25519_sub(&out, bytes, other.bytes) == 0 ? Point(bytes: out) : nil
    }

    /// [k]P by double-and-add over the scalar's bits (little-endian), most significant first.
    func times(_ scalar: [UInt8]) -> Point? {
        var result = Point.identity
        for bit in stride(from: 255, through: 0, by: -1) {
            guard let doubled = result.plus(result) else { return nil }
            result = doubled
            if scalar[bit / 8] >> (bit % 8) & 1 == 1 {
                guard let sum = result.plus(self) else { return nil }
                result = sum
            }
        }
        return result
    }

    func timesEight() -> Point? {
        var result = self
        for _ in 0..<3 {
            guard let doubled = result.plus(result) else { return nil }
            result = doubled
        }
        return result
    }

    /// p = 2^255 - 19, little-endian.
    static let p: [UInt8] = [0xED] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]

    /// y (the low 255 bits) below p, and no sign bit on the two points whose x is 0.
    static func isCanonical(_ encoded: [UInt8]) -> Bool {
        var y = encoded
        let sign = y[31] >> 7
        y[31] &= 0x7F
        if !lessThan(y, p) { return false }
        let one = [1] + [UInt8](repeating: 0, count: 31)
        var pMinusOne = p
        pMinusOne[0] -= 1
        return !(sign == 1 && (y == one || y == pMinusOne))
    }

    /// The encodings (sign bit ignored) of the 8 points of small order, canonical and not,
    /// as libsodium's blacklist lists them.
    static let smallOrderY: [[UInt8]] = {
        let zero = [UInt8](repeating: 0, count: 32)
        let one = [1] + [UInt8](repeating: 0, count: 31)
        var pMinusOne = p
        pMinusOne[0] -= 1
        var pPlusOne = p
        pPlusOne[0] += 1
        let order8a: [UInt8] = [
            0x26, 0xE8, 0x95, 0x8F, 0xC2, 0xB2, 0x27, 0xB0, 0x45, 0xC3, 0xF4, 0x89, 0xF2, 0xEF, 0x98, 0xF0,
            0xD5, 0xDF, 0xAC, 0x05, 0xD3, 0xC6, 0x33, 0x39, 0xB1, 0x38, 0x02, 0x88, 0x6D, 0x53, 0xFC, 0x05,
        ]
        let order8b: [UInt8] = [
            0xC7, 0x17, 0x6A, 0x70, 0x3D, 0x4D, 0xD8, 0x4F, 0xBA, 0x3C, 0x0B, 0x76, 0x0D, 0x10, 0x67, 0x0F,
            0x2A, 0x20, 0x53, 0xFA, 0x2C, 0x39, 0xCC, 0xC6, 0x4E, 0xC7, 0xFD, 0x77, 0x92, 0xAC, 0x03, 0x7A,
        ]
        return [zero, one, pMinusOne, order8a, order8b, p, pPlusOne]
    }()

    static func hasSmallOrder(_ encoded: [UInt8]) -> Bool {
        var y = encoded
        y[31] &= 0x7F
        return smallOrderY.contains(y)
    }

    /// Little-endian comparison.
    static func lessThan(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        for k in stride(from: a.count - 1, through: 0, by: -1) where a[k] != b[k] { return a[k] < b[k] }
        return false
    }
}

extension Ed25519Signature {
    /// The same signature with L added to S: the point equation still holds, but S is no
    /// longer reduced. libsodium rejects it, tweetnacl accepts it (a malleability fixture).
    package var withUnreducedS: Ed25519Signature {
        var bytes = self.bytes
        var carry = 0
        for k in 0..<32 {
            let sum = Int(bytes[32 + k]) + Int(Scalar.order[k]) + carry
            bytes[32 + k] = UInt8(sum & 0xFF)
            carry = sum >> 8
        }
        return try! Ed25519Signature(bytes: bytes)  // still 64 bytes: S + L < 2^253
    }
}

enum Scalar {
    /// The group order L = 2^252 + 27742317777372353535851937790883648493, little-endian.
    static let order: [UInt8] = [
        0xED, 0xD3, 0xF5, 0x5C, 0x1A, 0x63, 0x12, 0x58, 0xD6, 0x9C, 0xF7, 0xA2, 0xDE, 0xF9, 0xDE, 0x14,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ]

    static func isReduced(_ s: [UInt8]) -> Bool { Point.lessThan(s, order) }

    /// A 64-byte little-endian number mod L.
    static func reduce(_ wide: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_reduce(&out, wide)
        return out
    }
}
