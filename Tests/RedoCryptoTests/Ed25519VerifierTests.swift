import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

/// The verifiers this build holds (`Ed25519Verifier`), in either configuration: each gives
/// libsodium's verdicts on the external cases, whose verdicts are known.
final class Ed25519VerifierTests: XCTestCase {
    /// `Ed25519.verify` is libsodium's with the Libsodium trait and the strict swift-crypto
    /// verifier without it; the trait's name is a compilation condition of this target too.
    func testTheDefaultVerifierFollowsTheTrait() {
        #if Libsodium
            let trait = true
        #else
            let trait = false
        #endif
        #if REDO_LIBSODIUM
            XCTAssertTrue(trait)
            XCTAssertEqual(Ed25519Verifier.default, .libsodium)
            XCTAssertEqual(Ed25519Verifier.allCases, [.libsodium, .strictSwiftCrypto])
        #else
            // On Linux and macOS the trait and libsodium go together; elsewhere the trait
            // may be on without libsodium.
            #if os(Linux) || os(macOS)
                XCTAssertFalse(trait)
            #endif
            XCTAssertEqual(Ed25519Verifier.default, .strictSwiftCrypto)
            XCTAssertEqual(Ed25519Verifier.allCases, [.strictSwiftCrypto])
        #endif
    }

    /// ed25519-speccheck's 12 cases (external data): small-order A and R, mixed orders,
    /// S ≥ L, non-canonical encodings, cofactored-only. libsodium accepts only case 3, so
    /// must every verifier here, though BoringSSL's and CryptoKit's own checks let more through.
    func testSpeccheckCasesGetLibsodiumsVerdicts() throws {
        let cases = try XCTUnwrap(ExternalVectors.json("speccheck/cases.json").arrayValue)
        XCTAssertEqual(cases.count, 12)
        for verifier in Ed25519Verifier.allCases {
            let accepted = try cases.indices.filter { index in
                let c = try XCTUnwrap(cases[index].objectValue)
                let key = try Ed25519PublicKey(hex: XCTUnwrap(c["pub_key"]?.stringValue))
                let signature = try Ed25519Signature(hex: XCTUnwrap(c["signature"]?.stringValue))
                let message = try XCTUnwrap(c["message"]?.stringValue.flatMap(Hex.decodeLowercase))
                return verifier.verify(signature, of: message, by: key)
            }
            XCTAssertEqual(accepted, [3], verifier.rawValue)
        }
    }

    /// Wycheproof's EdDSA cases (external data): every verifier accepts exactly the valid ones.
    func testWycheproofCasesGetTheirResults() throws {
        let file = try ExternalVectors.json("wycheproof/ed25519_test.json")
        var checked = 0
        for group in try XCTUnwrap(file["testGroups"]?.arrayValue) {
            let key = try Ed25519PublicKey(hex: XCTUnwrap(group["publicKey"]?["pk"]?.stringValue))
            for test in try XCTUnwrap(group["tests"]?.arrayValue) {
                let message = try XCTUnwrap(test["msg"]?.stringValue.flatMap(Hex.decodeLowercase))
                let valid = test["result"]?.stringValue == "valid"
                // A signature of the wrong length never reaches a verifier.
                guard let signature = try? Ed25519Signature(hex: XCTUnwrap(test["sig"]?.stringValue)) else {
                    XCTAssertFalse(valid)
                    continue
                }
                for verifier in Ed25519Verifier.allCases {
                    XCTAssertEqual(verifier.verify(signature, of: message, by: key), valid, "\(verifier) \(test)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// Keys from a seed and signatures work with either backend: RFC 8032's pair, and a
    /// signature that verifies, made by whichever backend this build signs with.
    func testKeysFromASeedSignAndVerify() throws {
        let pair = try Ed25519KeyPair(seed: [UInt8](repeating: 9, count: 32))
        XCTAssertEqual(try Ed25519KeyPair(seed: pair.seed).publicKey, pair.publicKey)
        let message = Array("a node body".utf8)
        let signature = pair.sign(message)
        for verifier in Ed25519Verifier.allCases {
            XCTAssertTrue(verifier.verify(signature, of: message, by: pair.publicKey), verifier.rawValue)
            XCTAssertFalse(verifier.verify(signature, of: message + [0], by: pair.publicKey), verifier.rawValue)
        }
    }

    /// The strict checks on their own, from the curve's facts: S + L (the same point
    /// equation, S not reduced) and the small-order public keys, each with any signature.
    func testTheExplicitChecksRefuseUnreducedSAndSmallOrderKeys() throws {
        let pair = try Ed25519KeyPair(seed: [UInt8](repeating: 5, count: 32))
        let message = Array("malleable".utf8)
        var bytes = pair.sign(message).bytes
        // L = 2^252 + 27742317777372353535851937790883648493, little-endian.
        let order = try XCTUnwrap(
            Hex.decodeLowercase("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"))
        var carry = 0
        for k in 0..<32 {
            let sum = Int(bytes[32 + k]) + Int(order[k]) + carry
            bytes[32 + k] = UInt8(sum & 0xFF)
            carry = sum >> 8
        }
        let unreduced = try Ed25519Signature(bytes: bytes)
        // The identity, the point of order 2, and one of order 8 (y ≠ 0, 1): small order.
        let smallOrder = try [
            "0100000000000000000000000000000000000000000000000000000000000000",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        ].map { try Ed25519PublicKey(hex: $0) }
        for verifier in Ed25519Verifier.allCases {
            XCTAssertFalse(verifier.verify(unreduced, of: message, by: pair.publicKey), verifier.rawValue)
            for key in smallOrder {
                XCTAssertFalse(verifier.verify(pair.sign(message), of: message, by: key), verifier.rawValue)
            }
        }
    }
}
