/// Classifies a signature libsodium rejects: forged, or only refused by strict verifiers.
/// The classifier needs libsodium's point arithmetic: it exists only with the `Libsodium` trait.
public enum SignaturePortability {
    /// `Ed25519.verify`'s verdict on raw bytes of any length (wrong lengths never verify).
    package static func verifies(_ key: [UInt8], _ message: [UInt8], _ signature: [UInt8]) -> Bool {
        guard let key = try? Ed25519PublicKey(bytes: key), let signature = try? Ed25519Signature(bytes: signature)
        else { return false }
        return Ed25519.verify(signature, of: message, by: key)
    }
}

#if REDO_LIBSODIUM
    import CSodium

    extension SignaturePortability {
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
                if signature.count == 65, signature[64] == 0, verifies(publicKey, message, Array(signature.prefix(64)))
                {
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
            if !CurveEncoding.isReducedScalar(s) { classes.append(.sNotReduced) }
            if CurveEncoding.hasSmallOrder(publicKey) { classes.append(.smallOrderA) }
            if CurveEncoding.hasSmallOrder(r) { classes.append(.smallOrderR) }
            if !CurveEncoding.isCanonicalPoint(publicKey) { classes.append(.nonCanonicalA) }
            if !CurveEncoding.isCanonicalPoint(r) { classes.append(.nonCanonicalR) }

            // Evaluate the equation the lenient verifiers check, with S reduced mod L.
            guard let equation = Equation(publicKey: publicKey, r: r, s: s, message: message) else {
                return PortabilityVerdict(libsodiumAccepts: false, classes: [.invalid], platformDependent: false)
            }
            if classes.isEmpty {
                if !equation.cofactorless && equation.cofactored {
                    return PortabilityVerdict(
                        libsodiumAccepts: false, classes: [.cofactoredOnly], platformDependent: true)
                }
                return PortabilityVerdict(libsodiumAccepts: false, classes: [.invalid], platformDependent: false)
            }
            let holds = classes == [.sNotReduced] ? equation.cofactorless : equation.cofactored
            return PortabilityVerdict(
                libsodiumAccepts: false, classes: holds ? classes : classes + [.invalid], platformDependent: holds)
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
    }

    extension Ed25519Signature {
        /// The same signature with L added to S: the point equation still holds, but S is no
        /// longer reduced. libsodium rejects it, tweetnacl accepts it (a malleability fixture).
        package var withUnreducedS: Ed25519Signature {
            var bytes = self.bytes
            var carry = 0
            for k in 0..<32 {
                let sum = Int(bytes[32 + k]) + Int(CurveEncoding.groupOrder[k]) + carry
                bytes[32 + k] = UInt8(sum & 0xFF)
                carry = sum >> 8
            }
            return try! Ed25519Signature(bytes: bytes)  // still 64 bytes: S + L < 2^253
        }
    }

    /// Scalars mod L, reduced by libsodium.
    enum Scalar {
        /// A 64-byte little-endian number mod L.
        static func reduce(_ wide: [UInt8]) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: 32)
            crypto_core_ed25519_scalar_reduce(&out, wide)
            return out
        }
    }
#endif
