#if REDO_LIBSODIUM
    import RedoCrypto
    import RedoFixtures
    import RedoJSON
    import RedoTestSupport
    import XCTest

    /// libsodium's verifier and the strict swift-crypto one, both in this binary, give equal
    /// verdicts on every crafted case, every external case and on random and mutated
    /// signatures. The million of CI runs in the release build (`redo-bench verifiers`,
    /// Scripts/verifiers.sh); here a smaller count keeps the debug tests quick.
    final class VerifierDifferentialTests: XCTestCase {
        func verdicts(_ key: [UInt8], _ message: [UInt8], _ signature: [UInt8]) -> (Bool, Bool) {
            let v = VerifierDifferential.verdicts(publicKey: key, message: message, signature: signature)
            return (v.libsodium, v.swiftCrypto)
        }

        /// Every crafted portability case (every class `SignaturePortability` names), from
        /// the shipped seed and another.
        func testCraftedCasesAgree() {
            for seed in ["redo-conform-v1", "differential"] {
                let cases = SignatureCases.crafted(seed: seed)
                XCTAssertGreaterThan(cases.count, 30)
                for c in cases {
                    let (sodium, portable) = verdicts(c.publicKey, c.message, c.signature)
                    XCTAssertEqual(sodium, portable, "\(seed) \(c.id): libsodium \(sodium)")
                }
            }
        }

        /// RFC 8032's vectors (Vectors/ed25519) and ed25519-speccheck and Wycheproof
        /// (external data), each case through both verifiers.
        func testExternalCasesAgree() throws {
            var cases: [(String, [UInt8], [UInt8], [UInt8])] = []
            for test in try XCTUnwrap(VectorFiles.json("ed25519/rfc8032/rfc8032-7.1.json")["tests"]?.arrayValue) {
                let pair = try Ed25519KeyPair(
                    seed: XCTUnwrap(test["secretKey"]?.stringValue.flatMap(Hex.decodeLowercase)))
                cases.append(
                    try (
                        "rfc8032", pair.publicKey.bytes,
                        XCTUnwrap(test["message"]?.stringValue.flatMap(Hex.decodeLowercase)),
                        XCTUnwrap(test["signature"]?.stringValue.flatMap(Hex.decodeLowercase))
                    ))
            }
            for (index, c) in try XCTUnwrap(ExternalVectors.json("speccheck/cases.json").arrayValue).enumerated() {
                let hex = { (name: String) in try XCTUnwrap(c[name]?.stringValue.flatMap(Hex.decodeLowercase)) }
                cases.append(try ("speccheck-\(index)", hex("pub_key"), hex("message"), hex("signature")))
            }
            let wycheproof = try ExternalVectors.json("wycheproof/ed25519_test.json")
            for group in try XCTUnwrap(wycheproof["testGroups"]?.arrayValue) {
                let key = try XCTUnwrap(group["publicKey"]?["pk"]?.stringValue.flatMap(Hex.decodeLowercase))
                for test in try XCTUnwrap(group["tests"]?.arrayValue) {
                    let hex = { (name: String) in try XCTUnwrap(test[name]?.stringValue.flatMap(Hex.decodeLowercase)) }
                    cases.append(try ("wycheproof-\(test["tcId"]?.numberValue ?? -1)", key, hex("msg"), hex("sig")))
                }
            }
            XCTAssertEqual(cases.count, 5 + 12 + 151)
            var accepted = 0
            for (id, key, message, signature) in cases {
                let (sodium, portable) = verdicts(key, message, signature)
                XCTAssertEqual(sodium, portable, "\(id): libsodium \(sodium)")
                if sodium { accepted += 1 }
            }
            XCTAssertEqual(accepted, 5 + 1 + 88)
        }

        /// Random and mutated signatures of every kind, from a seed: 3,400 here (every kind
        /// 200 times); CI runs 1,000,000 in the release build from a new seed each run.
        func testRandomAndMutatedSignaturesAgree() {
            let count = 200 * VerifierDifferential.Kind.allCases.count
            var differential = VerifierDifferential(seed: 0xD1FF)
            let counts = differential.run(count: count)
            XCTAssertEqual(counts.disagreements, [])
            XCTAssertEqual(counts.equal, count)
            XCTAssertEqual(counts.bothAccept + counts.bothReject, count)
            // Valid and mixed-order-key signatures are accepted, every other kind refused
            // almost always: both outcomes are well represented.
            XCTAssertGreaterThan(counts.bothAccept, 400)
            XCTAssertGreaterThan(counts.bothReject, 2000)
        }

        /// The kinds made to satisfy the equation do: libsodium refuses the small-order
        /// ones only for their small-order point (a lenient verifier accepts them, the
        /// classifier says) and accepts the mixed-order key; the strict verifier agrees.
        func testTheKindsMadeToSatisfyTheEquationDo() {
            var differential = VerifierDifferential(seed: 7)
            for kind in [VerifierDifferential.Kind.smallOrderAEquation, .mixedOrderASmallR, .mixedOrderA] {
                for _ in 0..<20 {
                    let c = differential.next(kind)
                    let verdict = SignaturePortability.classify(
                        publicKey: c.publicKey, message: c.message, signature: c.signature)
                    XCTAssertEqual(verdict.libsodiumAccepts, kind == .mixedOrderA, kind.rawValue)
                    XCTAssertTrue(verdict.libsodiumAccepts || verdict.platformDependent, kind.rawValue)
                    XCTAssertFalse(verdict.classes.contains(.invalid), kind.rawValue)
                    let (sodium, portable) = verdicts(c.publicKey, c.message, c.signature)
                    XCTAssertEqual(portable, sodium, kind.rawValue)
                }
            }
        }
    }
#endif
