import RedoCrypto
import RedoJSON

/// A raw Ed25519 verification case of the platform exchange.
package struct SignatureCase: Sendable {
    package let id: String
    package let comment: String
    package let flags: [String]
    package let publicKey: [UInt8]
    package let message: [UInt8]
    package let signature: [UInt8]

    package init(id: String, comment: String, flags: [String], publicKey: [UInt8], message: [UInt8], signature: [UInt8])
    {
        self.id = id
        self.comment = comment
        self.flags = flags
        self.publicKey = publicKey
        self.message = message
        self.signature = signature
    }

    package var json: JSONValue {
        .object(
            JSONObject([
                member("id", str(id)), member("comment", str(comment)), member("flags", .array(flags.map { str($0) })),
                member("publicKey", str(Hex.encode(publicKey))), member("message", str(Hex.encode(message))),
                member("signature", str(Hex.encode(signature))),
            ]))
    }
}

/// Raw Ed25519 verification cases crafted from the seed, for every class the portability
/// classifier (`SignaturePortability`) names. A case's flags are the classes it is
/// classified as, in the classifier's order; a class without "valid", "invalid" or
/// "wrong-length" is one some common verifier accepts (platform-dependent). Every point and
/// scalar is made here from the curve's facts (`Edwards25519`) and the fixture key: no
/// published test data, which is why there are none in a build without the Libsodium trait
/// (such a build of redo-conform refuses to run, so no vector file is written from it).
package enum SignatureCases {
    package static func crafted(seed: String) -> [SignatureCase] {
        #if REDO_LIBSODIUM
            Crafter(seed: seed).all
        #else
            []
        #endif
    }
}

#if REDO_LIBSODIUM
    private struct Crafter {
        let seed: String
        let pair: Ed25519KeyPair
        let key: [UInt8]

        init(seed: String) {
            self.seed = seed
            pair = FixtureKeys.pair(seed: seed, index: 0)
            key = pair.publicKey.bytes
        }

        var all: [SignatureCase] {
            firstCases + lengthsAndScalars + smallOrderA + smallOrderR + nonCanonical + cofactoredOnly
        }

        /// The first cases, unchanged since the exchange began (platforms have results for them).
        var firstCases: [SignatureCase] {
            let message = Array("REDO portability \(seed)".utf8)
            let signature = pair.sign(message)
            let good = signature.bytes
            let unreduced = signature.withUnreducedS.bytes
            var flipped = good
            flipped[10] ^= 0x40
            return [
                SignatureCase(
                    id: "s-valid", comment: "a valid signature", flags: ["valid"], publicKey: key, message: message,
                    signature: good),
                SignatureCase(
                    id: "s-unreduced-s", comment: "S + L: same equation, S not reduced (tweetnacl-js accepts)",
                    flags: ["s-not-reduced"], publicKey: key, message: message, signature: unreduced),
                SignatureCase(
                    id: "s-65-byte-zero", comment: "a valid signature with a zero byte appended (Java 17 accepts)",
                    flags: ["trailing-zero-byte"], publicKey: key, message: message, signature: good + [0]),
                SignatureCase(
                    id: "s-63-byte", comment: "a truncated signature", flags: ["wrong-length"], publicKey: key,
                    message: message, signature: Array(good.prefix(63))),
                SignatureCase(
                    id: "s-31-byte-key", comment: "a truncated public key", flags: ["wrong-length"],
                    publicKey: Array(key.prefix(31)), message: message, signature: good),
                SignatureCase(
                    id: "s-bit-flip", comment: "one bit of R flipped: invalid everywhere", flags: ["invalid"],
                    publicKey: key, message: message, signature: flipped),
                SignatureCase(
                    id: "s-other-message", comment: "a valid signature of another message", flags: ["invalid"],
                    publicKey: key, message: message + [0x21], signature: good),
            ]
        }

        /// Each case signs its own message (its id in it), so no two share a nonce.
        func message(_ id: String) -> [UInt8] { Array("REDO portability \(seed) \(id)".utf8) }

        /// A nonce from the seed, the case and an attempt number (for the cases that must
        /// retry until the challenge has a property).
        func nonce(_ id: String, attempt: Int = 0) -> [UInt8] {
            RedoSHA256.hash(Array("redo-conform fixture nonce|\(seed)|\(id)|\(attempt)".utf8)).bytes
        }

        /// R = [r]B for the case's nonce, and r reduced mod L.
        func commitment(_ id: String, attempt: Int = 0) -> (r: [UInt8], point: [UInt8]) {
            let r = Edwards25519.reduce(nonce(id, attempt: attempt) + [UInt8](repeating: 0, count: 32))
            return (r, Edwards25519.baseTimes(r))
        }

        /// A valid signature of the case's own message.
        func valid(_ id: String) -> [UInt8] { pair.sign(message(id)).bytes }

        func make(
            _ id: String, _ comment: String, _ flags: [SignatureClass], publicKey: [UInt8]? = nil, signature: [UInt8]
        )
            -> SignatureCase
        {
            SignatureCase(
                id: id, comment: comment, flags: flags.map(\.rawValue), publicKey: publicKey ?? key,
                message: message(id),
                signature: signature)
        }

        var lengthsAndScalars: [SignatureCase] {
            let highBits = valid("s-s-high-bits")
            // The largest multiple of L that keeps S in 32 bytes (15, unless S is within 16L of 2^256).
            let raised = (1...15).reversed().lazy.compactMap {
                Edwards25519.addingGroupOrder(to: Array(highBits[32...]), times: $0)
            }.first!
            return [
                make(
                    "s-65-byte", "a valid signature with a non-zero byte appended: a wrong length everywhere",
                    [.wrongLength], signature: valid("s-65-byte") + [0x01]),
                make(
                    "s-33-byte-key", "a valid signature, the public key with a zero byte appended", [.wrongLength],
                    publicKey: key + [0], signature: valid("s-33-byte-key")),
                make(
                    "s-s-equals-l",
                    "S = L: not reduced, and S mod L = 0 satisfies neither equation: every verifier rejects",
                    [.sNotReduced, .invalid],
                    signature: Array(valid("s-s-equals-l")[..<32]) + Edwards25519.groupOrder),
                make(
                    "s-s-high-bits",
                    "S + 15L: the three high bits of S set, the same scalar mod L (verifiers without the S < L check accept)",
                    [.sNotReduced],
                    signature: Array(highBits[..<32]) + raised),
            ]
        }

        /// A of small order, R = [r]B, S = r: [8][k]A vanishes and [S]B = R, so the cofactored
        /// equation holds for any message — a key every message verifies under.
        var smallOrderA: [SignatureCase] {
            (Edwards25519.smallOrderPoints + Edwards25519.nonCanonicalSmallOrderEncodings).map { point in
                let id = "s-small-order-a-\(point.name)"
                let (r, big) = commitment(id)
                let canonical = Edwards25519.isCanonical(point.bytes)
                return make(
                    id, "A = \(point.what); R = [r]B, S = r: the cofactored equation holds for any message",
                    canonical ? [.smallOrderA] : [.smallOrderA, .nonCanonicalA], publicKey: point.bytes,
                    signature: big + r)
            }
        }

        /// R of small order, S = k·a: [8]R vanishes, so the cofactored equation holds.
        var smallOrderR: [SignatureCase] {
            let zero = [UInt8](repeating: 0, count: 32)
            var cases = (Edwards25519.smallOrderPoints + Edwards25519.nonCanonicalSmallOrderEncodings).map { point in
                let id = "s-small-order-r-\(point.name)"
                let s = pair.responseScalar(nonce: zero, r: point.bytes, publicKey: key, message: message(id))
                let canonical = Edwards25519.isCanonical(point.bytes)
                return make(
                    id, "R = \(point.what); S = k*a: the cofactored equation holds",
                    canonical ? [.smallOrderR] : [.smallOrderR, .nonCanonicalR], signature: point.bytes + s)
            }
            let a = Edwards25519.smallOrderPoints[4]
            let r = Edwards25519.smallOrderPoints[6]
            cases.append(
                make(
                    "s-small-order-a-and-r",
                    "A = \(a.what), R = \(r.what), S = 0: [8]R + [8][k]A vanishes, so the cofactored equation holds",
                    [.smallOrderA, .smallOrderR], publicKey: a.bytes, signature: r.bytes + zero))
            return cases
        }

        /// y = p + c for the first c that is a curve point's y (not of small order): no
        /// equation can be made to hold without that point's discrete logarithm, so every
        /// verifier rejects, whether or not it decodes the encoding.
        var nonCanonical: [SignatureCase] {
            let encoding = Edwards25519.nonCanonicalEncodings[0]
            let y = "y = p + \(encoding[0] - 0xED)"
            let forA = commitment("s-non-canonical-a")
            let sForA = pair.responseScalar(
                nonce: nonce("s-non-canonical-a"), r: forA.point, publicKey: encoding,
                message: message("s-non-canonical-a")
            )
            let sForR = pair.responseScalar(
                nonce: nonce("s-non-canonical-r"), r: encoding, publicKey: key, message: message("s-non-canonical-r"))
            return [
                make(
                    "s-non-canonical-a",
                    "A encoded with \(y), not reduced mod p (a point not of small order): neither equation holds",
                    [.nonCanonicalA, .invalid],
                    publicKey: encoding, signature: forA.point + sForA),
                make(
                    "s-non-canonical-r",
                    "R encoded with \(y), not reduced mod p (a point not of small order): neither equation holds",
                    [.nonCanonicalR, .invalid],
                    signature: encoding + sForR),
            ]
        }

        /// A or R plus a point T of small order, S computed for the key and [r]B: the
        /// cofactorless equation is off by T (or by [k]T, made non-zero), the cofactored one
        /// holds. Neither point has small order, both are canonical.
        var cofactoredOnly: [SignatureCase] {
            let order8 = Edwards25519.smallOrderPoints[4]
            let order2 = Edwards25519.smallOrderPoints[1]
            let order4 = Edwards25519.smallOrderPoints[2]
            func mixedA(_ t: Edwards25519.Encoded) -> SignatureCase {
                let id = "s-mixed-order-a-\(t.name)"
                let mixed = Edwards25519.add(key, t.bytes)!
                // [k]T must not vanish: k not a multiple of T's order.
                for attempt in 0... {
                    let big = commitment(id, attempt: attempt).point
                    let k = Edwards25519.challenge(r: big, publicKey: mixed, message: message(id))
                    guard Int(k[0]) % t.order != 0 else { continue }
                    let s = pair.responseScalar(
                        nonce: nonce(id, attempt: attempt), r: big, publicKey: mixed, message: message(id))
                    return make(
                        id, "A = the key + \(t.what); S computed for the key: only [8][S]B = [8]R + [8][k]A holds",
                        [.cofactoredOnly],
                        publicKey: mixed, signature: big + s)
                }
                fatalError("unreachable")
            }
            func mixedR(_ t: Edwards25519.Encoded) -> SignatureCase {
                let id = "s-mixed-order-r-\(t.name)"
                let (_, big) = commitment(id)
                let mixed = Edwards25519.add(big, t.bytes)!
                let s = pair.responseScalar(nonce: nonce(id), r: mixed, publicKey: key, message: message(id))
                return make(
                    id, "R = [r]B + \(t.what); S = r + k*a: only [8][S]B = [8]R + [8][k]A holds", [.cofactoredOnly],
                    signature: mixed + s)
            }
            return [mixedA(order8), mixedA(order2), mixedR(order8), mixedR(order4)]
        }
    }
#endif
