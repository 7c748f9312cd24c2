#if REDO_LIBSODIUM
    import RedoTestSupport
    import XCTest

    @testable import RedoCrypto

    /// Every class of the classifier on public cases: Wycheproof's (external data,
    /// `ExternalVectors`) and crafted ones (the exchange's own cases:
    /// `CraftedSignatureCaseTests`). ed25519-speccheck's 12 are held to its README's table by
    /// `SpeccheckSuite`, which `check` and `CheckCommandTests` run on the same data.
    final class SignaturePortabilityTests: XCTestCase {
        func testCraftedClasses() throws {
            let pair = try Ed25519KeyPair(seed: [UInt8](repeating: 5, count: 32))
            let message = Array("m".utf8)
            let good = pair.sign(message).bytes
            let key = pair.publicKey.bytes
            XCTAssertEqual(
                SignaturePortability.classify(publicKey: key, message: message, signature: good).classes, [.valid])
            let java = SignaturePortability.classify(publicKey: key, message: message, signature: good + [0])
            XCTAssertEqual(java.classes, [.trailingZeroByte])
            XCTAssertTrue(java.platformDependent)
            XCTAssertEqual(java.knownAcceptors, ["Java 17 SunEC"])
            XCTAssertEqual(
                SignaturePortability.classify(publicKey: key, message: message, signature: good + [1]).classes,
                [.wrongLength])
            XCTAssertEqual(
                SignaturePortability.classify(publicKey: Array(key.prefix(31)), message: message, signature: good)
                    .classes,
                [.wrongLength])
            let sPlusL = pair.sign(message).withUnreducedS.bytes
            let unreduced = SignaturePortability.classify(publicKey: key, message: message, signature: sPlusL)
            XCTAssertEqual(unreduced.classes, [.sNotReduced])
            XCTAssertTrue(unreduced.platformDependent)
            var flipped = good
            flipped[40] ^= 1
            let invalid = SignaturePortability.classify(publicKey: key, message: message, signature: flipped)
            XCTAssertEqual(invalid.classes, [.invalid])
            XCTAssertFalse(invalid.platformDependent)
        }

        /// Wycheproof: every valid case classifies as valid; no invalid case is accepted.
        func testWycheproofAgreesWithLibsodium() throws {
            let file = try ExternalVectors.json("wycheproof/ed25519_test.json")
            var checked = 0
            for group in file["testGroups"]!.arrayValue! {
                let key = Hex.decodeLowercase(group["publicKey"]!["pk"]!.stringValue!)!
                for test in group["tests"]!.arrayValue! {
                    let verdict = SignaturePortability.classify(
                        publicKey: key, message: Hex.decodeLowercase(test["msg"]!.stringValue!)!,
                        signature: Hex.decodeLowercase(test["sig"]!.stringValue!)!)
                    XCTAssertEqual(
                        verdict.libsodiumAccepts, test["result"]!.stringValue! == "valid", "tcId \(test["tcId"]!)")
                    checked += 1
                }
            }
            XCTAssertEqual(checked, 151)
        }
    }
#endif
