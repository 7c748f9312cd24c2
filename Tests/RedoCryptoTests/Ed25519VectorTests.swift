import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

final class Ed25519VectorTests: XCTestCase {
    /// RFC 8032 section 7.1: keys from seeds and signatures byte-identical.
    func testRFC8032Section7_1() throws {
        let file = try VectorFiles.json("ed25519/rfc8032/rfc8032-7.1.json")
        let tests = file["tests"]!.arrayValue!
        XCTAssertEqual(tests.count, 5)
        for test in tests {
            let seed = Hex.decodeLowercase(test["secretKey"]!.stringValue!)!
            let message = Hex.decodeLowercase(test["message"]!.stringValue!)!
            let pair = try Ed25519KeyPair(seed: seed)
            XCTAssertEqual(pair.publicKey.hex, test["publicKey"]!.stringValue!)
            let signature = pair.sign(message)
            XCTAssertEqual(signature.hex, test["signature"]!.stringValue!)
            XCTAssertTrue(Ed25519.verify(signature, of: message, by: pair.publicKey))
            XCTAssertEqual(pair.seed, seed)
        }
    }

    /// Wycheproof (external data, `ExternalVectors`): every "valid" case verifies, every
    /// "invalid" one is rejected. The file has no "acceptable" cases; if a later version
    /// adds some, they must be listed in `acceptableVerdicts` with libsodium's verdict, and
    /// the test fails until they are.
    func testWycheproofEd25519() throws {
        let file = try ExternalVectors.json("wycheproof/ed25519_test.json")
        var counts: [String: Int] = [:]
        for group in file["testGroups"]!.arrayValue! {
            let keyHex = group["publicKey"]!["pk"]!.stringValue!
            let key = try Ed25519PublicKey(hex: keyHex)
            for test in group["tests"]!.arrayValue! {
                let id = Int(test["tcId"]!.numberValue!)
                let result = test["result"]!.stringValue!
                let message = Hex.decodeLowercase(test["msg"]!.stringValue!)!
                let verdict: Bool
                if let signature = try? Ed25519Signature(hex: test["sig"]!.stringValue!) {
                    verdict = Ed25519.verify(signature, of: message, by: key)
                } else {
                    verdict = false  // wrong length: refused before libsodium sees it
                }
                switch result {
                case "valid": XCTAssertTrue(verdict, "tcId \(id) should verify")
                case "invalid": XCTAssertFalse(verdict, "tcId \(id) should be rejected")
                default: XCTFail("tcId \(id): unhandled result \(result)")
                }
                counts[result, default: 0] += 1
            }
        }
        XCTAssertEqual(counts["valid"], 88)
        XCTAssertEqual(counts["invalid"], 63)
    }

    func testSeedDeterminismAndUserId() throws {
        let seed = [UInt8](repeating: 7, count: 32)
        let a = try Ed25519KeyPair(seed: seed)
        let b = try Ed25519KeyPair(seed: seed)
        XCTAssertEqual(a.publicKey, b.publicKey)
        XCTAssertEqual(a.sign([1, 2, 3]), b.sign([1, 2, 3]))
        XCTAssertEqual(a.publicKey.redoUserId, String(a.publicKey.hex.prefix(32)))
        XCTAssertEqual(a.publicKey.redoUserId.count, 32)
        let random = try Ed25519KeyPair.random()
        XCTAssertNotEqual(random.publicKey, a.publicKey)
    }

    func testParsingRejectsWrongLengthsAndAlphabets() {
        XCTAssertThrowsError(try Ed25519KeyPair(seed: [1, 2, 3]))
        XCTAssertThrowsError(try Ed25519PublicKey(hex: String(repeating: "a", count: 62)))
        XCTAssertThrowsError(try Ed25519PublicKey(hex: String(repeating: "A", count: 64)))
        XCTAssertThrowsError(try Ed25519PublicKey(hex: String(repeating: "g", count: 64)))
        XCTAssertThrowsError(try Ed25519Signature(hex: String(repeating: "0", count: 130)))
        XCTAssertThrowsError(try Ed25519Signature(hex: String(repeating: "0", count: 127)))
        XCTAssertNoThrow(try Ed25519Signature(hex: String(repeating: "0", count: 128)))
    }

    /// Keys and signatures are held inline and parsed straight from UTF-8 hex: the bytes
    /// must come out in order, equal to the array path, and anything but lowercase hex of
    /// the exact length must be refused.
    func testInlineKeysAndSignaturesFromUTF8Hex() throws {
        var rng = SeededRandom(for: self, seed: 32)
        for _ in 0..<200 {
            let key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let signature = (0..<64).map { _ in UInt8.random(in: 0...255, using: &rng) }
            func utf8<T>(_ text: String, _ make: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
                Array(text.utf8).withUnsafeBufferPointer(make)
            }
            let parsedKey = try XCTUnwrap(utf8(Hex.encode(key)) { Ed25519PublicKey(hexUTF8: $0) })
            XCTAssertEqual(parsedKey.bytes, key)
            XCTAssertEqual(parsedKey, try Ed25519PublicKey(bytes: key))
            XCTAssertEqual(parsedKey.hex, Hex.encode(key))
            let parsedSignature = try XCTUnwrap(utf8(Hex.encode(signature)) { Ed25519Signature(hexUTF8: $0) })
            XCTAssertEqual(parsedSignature.bytes, signature)
            XCTAssertEqual(parsedSignature, try Ed25519Signature(bytes: signature))
            XCTAssertNil(utf8(Hex.encode(key).uppercased()) { Ed25519PublicKey(hexUTF8: $0) })
            XCTAssertNil(utf8(String(Hex.encode(signature).dropLast(2))) { Ed25519Signature(hexUTF8: $0) })
            XCTAssertNil(utf8(Hex.encode(key) + "00") { Ed25519PublicKey(hexUTF8: $0) })
        }
    }

    func testTamperedMessageFails() throws {
        let pair = try Ed25519KeyPair(seed: [UInt8](repeating: 1, count: 32))
        let signature = pair.sign(Array("hello".utf8))
        XCTAssertFalse(Ed25519.verify(signature, of: Array("hellp".utf8), by: pair.publicKey))
    }
}

#if REDO_LIBSODIUM
    // Signing with a chosen nonce needs libsodium's arithmetic (the Libsodium trait).
    final class RandomizedSigningTests: XCTestCase {
        func testRandomizedSignaturesDifferAndVerify() throws {
            let pair = try Ed25519KeyPair(seed: [UInt8](repeating: 3, count: 32))
            let message = Array("same body".utf8)
            let a = pair.signRandomized(message)
            let b = pair.signRandomized(message)
            XCTAssertNotEqual(a, b)
            XCTAssertNotEqual(a, pair.sign(message))
            XCTAssertTrue(Ed25519.verify(a, of: message, by: pair.publicKey))
            XCTAssertTrue(Ed25519.verify(b, of: message, by: pair.publicKey))
            XCTAssertFalse(Ed25519.verify(a, of: message + [0], by: pair.publicKey))
        }

        /// Fixtures sign a second valid signature with a fixed nonce: it must verify, differ
        /// from RFC 8032's deterministic signature, and be the same on every run.
        func testAGivenNonceGivesAnotherValidSignatureEveryTime() throws {
            let pair = try Ed25519KeyPair(seed: [UInt8](repeating: 7, count: 32))
            let message = Array("a node body".utf8)
            let nonce = RedoSHA256.hash(Array("nonce".utf8)).bytes
            let first = pair.sign(message, nonce: nonce)
            XCTAssertEqual(first, pair.sign(message, nonce: nonce))
            XCTAssertNotEqual(first, pair.sign(message))
            XCTAssertNotEqual(first, pair.sign(message, nonce: RedoSHA256.hash(Array("other".utf8)).bytes))
            XCTAssertTrue(Ed25519.verify(first, of: message, by: pair.publicKey))
            XCTAssertFalse(Ed25519.verify(first, of: message + [0], by: pair.publicKey))
        }
    }
#endif
