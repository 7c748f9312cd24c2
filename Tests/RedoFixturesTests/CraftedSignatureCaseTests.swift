#if REDO_LIBSODIUM
    import RedoCrypto
    import RedoFixtures
    import RedoTestSupport
    import XCTest

    /// The platform exchange's own signature cases: the classifier names exactly the classes
    /// each case's flags say, and together they cover every class it has.
    final class CraftedSignatureCaseTests: XCTestCase {
        /// The seed the shipped vectors are generated from (`vectors generate`'s default).
        private let shippedSeed = "redo-conform-v1"

        func testEveryCraftedCaseIsClassifiedAsItsFlagsSay() {
            for seed in [shippedSeed, "another seed"] {
                let cases = SignatureCases.crafted(seed: seed)
                XCTAssertEqual(Set(cases.map(\.id)).count, cases.count, "ids are unique")
                var covered = Set<SignatureClass>()
                for c in cases {
                    let verdict = SignaturePortability.classify(
                        publicKey: c.publicKey, message: c.message, signature: c.signature)
                    XCTAssertEqual(verdict.classes.map(\.rawValue), c.flags, "\(seed): \(c.id)")
                    // A class some common verifier accepts, unless the case is valid, invalid or
                    // of a wrong length.
                    let dependent = !verdict.classes.contains { [.valid, .invalid, .wrongLength].contains($0) }
                    XCTAssertEqual(verdict.platformDependent, dependent, "\(seed): \(c.id)")
                    XCTAssertEqual(verdict.libsodiumAccepts, c.flags == ["valid"], "\(seed): \(c.id)")
                    XCTAssertFalse(c.comment.isEmpty, c.id)
                    covered.formUnion(verdict.classes)
                }
                XCTAssertEqual(covered, Set(SignatureClass.allCases), seed)
            }
        }

        /// Every encoding of every small-order point, canonical or not, is the key of one case
        /// and the R of another.
        func testEverySmallOrderEncodingIsUsedAsAAndAsR() {
            let cases = SignatureCases.crafted(seed: shippedSeed)
            for point in Edwards25519.smallOrderPoints + Edwards25519.nonCanonicalSmallOrderEncodings {
                XCTAssertTrue(
                    cases.contains { $0.publicKey == point.bytes && $0.flags.first == "small-order-A" }, point.name)
                XCTAssertTrue(
                    cases.contains {
                        Array($0.signature.prefix(32)) == point.bytes
                            && $0.flags == ["small-order-R"]
                                + (Edwards25519.isCanonical(point.bytes) ? [] : ["non-canonical-R"])
                    }, point.name)
            }
        }

        /// The shipped exchange holds only these cases (no third-party data); --external adds
        /// the published ones after them.
        func testTheShippedExchangeHoldsOnlyCraftedSignatures() throws {
            let inputs = try VectorFiles.json("platform/inputs.json")
            let ids = inputs.objectValue?["signatures"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue }
            XCTAssertEqual(ids, SignatureCases.crafted(seed: shippedSeed).map(\.id))
        }
    }
#endif
