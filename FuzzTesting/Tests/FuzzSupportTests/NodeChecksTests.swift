import FuzzSupport
import RedoCore
import RedoJSON
import XCTest

/// The node target's checks: they hold on valid and re-sealed nodes, and re-sealing takes a
/// changed node past its hash.
final class NodeChecksTests: XCTestCase {
    private let validator = NodeValidator(profile: .synced)

    private func node() -> JSONObject {
        authors[0].node(
            .create, task: taskIds[0], parents: [], lamport: 1, wall: wallText(1), payload: [member("title", str("T"))])
    }

    func testAValidNodeKeepsEveryInvariant() {
        let record = OrderedJSON.bytes(.object(node()))
        let check = validator.check(bytes: record)
        XCTAssertTrue(check.passed)
        let broken = invariantsBroken {
            checkPassingRecord(check, record)
            checkTreeReading(of: node(), agreesWith: check, record, validator)
            checkCanonicalSpelling(of: node(), agreesWith: check, record, validator)
            XCTAssertTrue(checkResealed(node(), validator).passed)
        }
        XCTAssertEqual(broken, [])
    }

    /// Both verifiers judge a valid signature valid and a changed body's signature invalid,
    /// so `checkVerifiersAgree` reports nothing on either; a record without hex key or
    /// signature reaches no verifier.
    func testTheVerifiersAgreeOnValidAndBrokenSignatures() {
        let changed = node().setting("data.payload.title", to: str("changed"))
        var verdicts: [Bool?] = []
        let broken = invariantsBroken {
            verdicts.append(checkVerifiersAgree(on: node()))
            verdicts.append(checkVerifiersAgree(on: changed))
            verdicts.append(checkVerifiersAgree(on: node().setting("signature", to: str("not hex"))))
        }
        XCTAssertEqual(broken, [])
        XCTAssertEqual(verdicts, [true, false, nil])
    }

    func testResealingTakesAChangedNodePastItsHash() {
        let changed = node().setting("data.payload.title", to: str("changed"))
        let check = validator.check(bytes: OrderedJSON.bytes(.object(changed)))
        // Its id no longer hashes, and its signature no longer covers its body.
        XCTAssertEqual(
            check.findings.filter { $0.severity == .error }.map(\.rule.id).sorted(),
            [Rule.idHash.id, Rule.signatureInvalid.id].sorted())
        let sealed = validator.check(bytes: resealed(changed))
        XCTAssertTrue(sealed.passed, "\(sealed.findings)")
        XCTAssertEqual(ruleIds(sealed), ruleIds(validator.check(bytes: OrderedJSON.bytes(.object(node())))))
    }

    func testARecordWhoseBodyDoesNotHashToItsIdIsReported() {
        let record = OrderedJSON.bytes(.object(node()))
        let passing = validator.check(bytes: record)
        let other = OrderedJSON.bytes(.object(node().setting("timestamp.lamport", to: num(2))))
        let broken = invariantsBroken { checkPassingRecord(passing, other) }
        XCTAssertEqual(broken.count, 1, broken.joined())
        XCTAssertTrue(broken.first?.contains("does not hash to its id") == true, broken.joined())
    }

    func testEveryCommittedSeedKeepsEveryInvariant() throws {
        for seed in try committedSeeds("node") {
            let broken = invariantsBroken {
                let check = validator.check(bytes: seed.bytes)
                checkPassingRecord(check, seed.bytes)
                guard case let .object(object)? = try? JSONReader.parse(seed.bytes) else { return }
                checkTreeReading(of: object, agreesWith: check, seed.bytes, validator)
                checkCanonicalSpelling(of: object, agreesWith: check, seed.bytes, validator)
                _ = checkResealed(object, validator)
            }
            XCTAssertEqual(broken, [], seed.name)
        }
    }
}
