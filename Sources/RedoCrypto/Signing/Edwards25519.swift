#if REDO_LIBSODIUM
    import CSodium

    /// Facts of the edwards25519 curve and libsodium's raw arithmetic on encoded points and
    /// scalars: what crafting a signature of each portability class needs. libsodium's point
    /// functions take points outside the prime-order subgroup and non-canonical encodings,
    /// which its verifier refuses; the crafted cases are made of exactly such points.
    package enum Edwards25519 {
        /// A point given by its 32-byte encoding (little-endian y, x's parity in the top bit).
        package struct Encoded: Sendable, Equatable {
            /// A short name for ids: "identity", "order-8", "order-8-odd-x", "y-p-plus-1", …
            package let name: String
            /// What the encoding is, for comments.
            package let what: String
            /// The order of the point the encoding decodes to (1, 2, 4 or 8).
            package let order: Int
            package let bytes: [UInt8]
        }

        /// The group order L = 2^252 + 27742317777372353535851937790883648493, little-endian.
        package static var groupOrder: [UInt8] { CurveEncoding.groupOrder }

        /// The eight points of order dividing 8 — the curve's torsion subgroup (its cofactor
        /// is 8) — in their canonical encodings: the identity (0, 1); (0, −1) of order 2;
        /// (±√−1, 0) of order 4; and four points of order 8, whose y values are y8 and −y8
        /// (y8 = 0x05fc…e826 below, −y8 = p − y8), each with an even and an odd x. These are the
        /// encodings libsodium's verifier refuses as small-order A or R.
        package static let smallOrderPoints: [Encoded] = [
            Encoded(
                name: "identity", what: "the identity (0, 1)", order: 1,
                bytes: hex("0100000000000000000000000000000000000000000000000000000000000000")),
            Encoded(
                name: "order-2", what: "(0, -1), of order 2", order: 2,
                bytes: hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")),
            Encoded(
                name: "order-4", what: "(sqrt(-1), 0) with even x, of order 4", order: 4,
                bytes: hex("0000000000000000000000000000000000000000000000000000000000000000")),
            Encoded(
                name: "order-4-odd-x", what: "(sqrt(-1), 0) with odd x, of order 4", order: 4,
                bytes: hex("0000000000000000000000000000000000000000000000000000000000000080")),
            Encoded(
                name: "order-8", what: "y = y8 with even x, of order 8", order: 8,
                bytes: hex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")),
            Encoded(
                name: "order-8-odd-x", what: "y = y8 with odd x, of order 8", order: 8,
                bytes: hex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85")),
            Encoded(
                name: "order-8-neg-y", what: "y = -y8 with even x, of order 8", order: 8,
                bytes: hex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")),
            Encoded(
                name: "order-8-neg-y-odd-x", what: "y = -y8 with odd x, of order 8", order: 8,
                bytes: hex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa")),
        ]

        /// Every other encoding of a small-order point: the sign bit set where x = 0 (y = 1,
        /// y = p − 1), and y ≥ p (y = p ≡ 0, y = p + 1 ≡ 1, either sign bit). Only y values
        /// below 19 have a second encoding, and of the small-order y values only 0 and 1 are.
        package static let nonCanonicalSmallOrderEncodings: [Encoded] = [
            Encoded(
                name: "identity-sign-bit", what: "the identity with the sign bit set (x = 0 has no odd form)", order: 1,
                bytes: hex("0100000000000000000000000000000000000000000000000000000000000080")),
            Encoded(
                name: "order-2-sign-bit", what: "(0, -1) with the sign bit set (x = 0 has no odd form)", order: 2,
                bytes: hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")),
            Encoded(
                name: "y-p", what: "y = p (0 mod p) with even x: the order-4 point, y not reduced", order: 4,
                bytes: hex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")),
            Encoded(
                name: "y-p-odd-x", what: "y = p (0 mod p) with odd x: the other order-4 point, y not reduced", order: 4,
                bytes: hex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")),
            Encoded(
                name: "y-p-plus-1", what: "y = p + 1 (1 mod p): the identity, y not reduced", order: 1,
                bytes: hex("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")),
            Encoded(
                name: "y-p-plus-1-sign-bit",
                what: "y = p + 1 (1 mod p) with the sign bit set: the identity, y not reduced",
                order: 1, bytes: hex("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")),
        ]

        /// y = p + c (c = 2…18) with the sign bit clear, for the values of c that are the y of a
        /// curve point: non-canonical encodings of points that are not of small order.
        package static var nonCanonicalEncodings: [[UInt8]] {
            (2...18).map { c in [UInt8(0xED + c)] + [UInt8](repeating: 0xFF, count: 30) + [0x7F] }.filter(decodes)
        }

        /// Whether the bytes decode to a curve point (canonical or not).
        package static func decodes(_ encoded: [UInt8]) -> Bool { encoded.count == 32 && Point.decode(encoded) != nil }

        package static func isCanonical(_ encoded: [UInt8]) -> Bool { CurveEncoding.isCanonicalPoint(encoded) }

        package static func hasSmallOrder(_ encoded: [UInt8]) -> Bool { CurveEncoding.hasSmallOrder(encoded) }

        /// P + Q in canonical encoding; nil when either is not a curve point.
        package static func add(_ p: [UInt8], _ q: [UInt8]) -> [UInt8]? { Point(bytes: p).plus(Point(bytes: q))?.bytes }

        /// [n]B for a scalar below L other than 0 (libsodium refuses 0: the identity).
        package static func baseTimes(_ n: [UInt8]) -> [UInt8] {
            requireSodium()
            var out = [UInt8](repeating: 0, count: 32)
            precondition(crypto_scalarmult_ed25519_base_noclamp(&out, n) == 0, "the scalar is 0 mod L")
            return out
        }

        /// A 64-byte little-endian number mod L.
        package static func reduce(_ wide: [UInt8]) -> [UInt8] {
            requireSodium()
            return Scalar.reduce(wide)
        }

        /// k = SHA-512(R ‖ A ‖ M) mod L over the encodings as given: what every verifier hashes.
        package static func challenge(r: [UInt8], publicKey: [UInt8], message: [UInt8]) -> [UInt8] {
            requireSodium()
            var digest = [UInt8](repeating: 0, count: 64)
            let input = r + publicKey + message
            _ = crypto_hash_sha512(&digest, input, UInt64(input.count))
            return Scalar.reduce(digest)
        }

        /// s + n·L as 32 little-endian bytes (the same scalar mod L, not reduced); nil when
        /// the sum needs more than 256 bits.
        package static func addingGroupOrder(to s: [UInt8], times n: Int) -> [UInt8]? {
            var sum = s
            for _ in 0..<n {
                var carry = 0
                for k in 0..<32 {
                    let total = Int(sum[k]) + Int(CurveEncoding.groupOrder[k]) + carry
                    sum[k] = UInt8(total & 0xFF)
                    carry = total >> 8
                }
                if carry != 0 { return nil }
            }
            return sum
        }

        static func hex(_ text: String) -> [UInt8] { Hex.decodeLowercase(text)! }
    }

    extension Ed25519KeyPair {
        /// S = r + k·a mod L, with k the challenge over the encodings of R and A given — which
        /// need not be [r]B and this pair's key: with a small-order point added to either, S
        /// satisfies only the cofactored equation. `nonce` is any 32 bytes, reduced mod L
        /// (zero gives S = k·a, for an R that is not [r]B at all).
        package func responseScalar(nonce: [UInt8], r: [UInt8], publicKey: [UInt8], message: [UInt8]) -> [UInt8] {
            requireSodium()
            precondition(nonce.count == 32, "an Ed25519 nonce is 32 bytes")
            var expanded = [UInt8](repeating: 0, count: 64)
            var seedBytes = seed
            _ = crypto_hash_sha512(&expanded, seedBytes, 32)
            expanded[0] &= 248
            expanded[31] &= 127
            expanded[31] |= 64
            var a = Scalar.reduce(Array(expanded[0..<32]) + [UInt8](repeating: 0, count: 32))
            let reducedNonce = Scalar.reduce(nonce + [UInt8](repeating: 0, count: 32))
            let k = Edwards25519.challenge(r: r, publicKey: publicKey, message: message)
            var ka = [UInt8](repeating: 0, count: 32)
            crypto_core_ed25519_scalar_mul(&ka, k, a)
            var s = [UInt8](repeating: 0, count: 32)
            crypto_core_ed25519_scalar_add(&s, ka, reducedNonce)
            sodium_memzero(&expanded, 64)
            sodium_memzero(&a, 32)
            sodium_memzero(&seedBytes, 32)
            return s
        }
    }
#endif
