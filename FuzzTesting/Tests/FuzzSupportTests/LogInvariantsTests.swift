import FuzzSupport
import RedoCore
import RedoJSON
import XCTest

/// The log target's invariants: they hold on the committed seeds, and a broken summary,
/// verdict or state is reported.
final class LogInvariantsTests: XCTestCase {
    private let validator = NodeValidator(profile: .synced)

    /// CREATE by A, UPDATE by B, CREATE_TODO, COMPLETE_TODO of that todo, a duplicate.
    private let program: [UInt8] = [
        0x00, 0x00, 0x00,  // CREATE of task 0
        0x11, 0x00, 0x02, 0x05,  // UPDATE by B
        0x03, 0x00, 0x01, 0x02,  // CREATE_TODO of todo 1, deadline from byte 2
        0x04, 0x00, 0x40, 0x03,  // COMPLETE_TODO of the todo an ancestor created
        0x0C, 0x01,  // the same bytes as record 1 again
    ]

    private func records(_ program: [UInt8]) -> [[UInt8]] {
        program.withUnsafeBufferPointer { LogBuild.records(of: $0, caches: LogCaches(enabled: false)) }
    }

    private func summary(_ records: [[UInt8]], order: [Int]? = nil) -> (Summary, LogVerdict) {
        let order = order ?? Array(records.indices)
        let checks = order.map { validator.check(bytes: records[$0]) }
        return summarize(checks, originalIndex: order, caches: LogCaches(enabled: false))
    }

    func testEveryCommittedSeedKeepsEveryInvariantWithTheCachesOnAndOff() throws {
        for caches in [LogCaches(enabled: false), LogCaches(enabled: true)] {
            for seed in try committedSeeds("log") {
                let broken = invariantsBroken {
                    let built = seed.bytes.withUnsafeBufferPointer { LogBuild.records(of: $0, caches: caches) }
                    let log = CheckedLog(built, caches: caches)
                    var random = seed.bytes.withUnsafeBufferPointer { SplitMix64(seed: fnv1a($0)) }
                    log.checkOrders(shuffledBy: &random)
                    log.checkBatches(sizedBy: &random)
                    if log.isNew {
                        log.remember()
                        log.checkWithoutDuplicates()
                    }
                }
                XCTAssertEqual(broken, [], "\(seed.name), caches \(caches.enabled ? "on" : "off")")
            }
        }
    }

    func testAListMetBeforeIsNotNew() {
        let built = records(program)
        let caches = LogCaches(enabled: true)
        let first = CheckedLog(built, caches: caches)
        XCTAssertTrue(first.isNew)
        first.remember()
        XCTAssertFalse(CheckedLog(built, caches: caches).isNew)
        XCTAssertTrue(CheckedLog(built, caches: LogCaches(enabled: false)).isNew)
    }

    func testTheProgramBuildsAValidLogWithADuplicate() {
        let (summary, verdict) = summary(records(program))
        XCTAssertEqual(verdict.records.map(\.status), [.valid, .valid, .valid, .valid, .duplicate])
        XCTAssertEqual(summary.nodeStatus.count, 4)
        XCTAssertTrue(summary.nodeStatus.values.allSatisfy { $0 == nil })
        XCTAssertEqual(summary.rejected, [])
    }

    func testSummariesOfReorderedRecordsAreEqual() {
        let built = records(program)
        let (reference, _) = summary(built)
        let (reversed, _) = summary(built, order: built.indices.reversed())
        XCTAssertEqual(reversed, reference)
        XCTAssertEqual(difference(reference, reversed), "")
    }

    func testABrokenPairOfSummariesIsReported() throws {
        let (reference, _) = summary(records(program))
        let id = try XCTUnwrap(reference.nodeStatus.keys.min { $0.text < $1.text })

        var rejectedNode = reference
        rejectedNode.nodeStatus[id] = .some(.some(.invalidSignature))
        XCTAssertNotEqual(rejectedNode, reference)
        XCTAssertEqual(
            difference(reference, rejectedNode), "node \(id): valid vs \(ErrorCode.invalidSignature.rawValue)")

        var missingNode = reference
        missingNode.nodeStatus[id] = nil
        XCTAssertEqual(difference(reference, missingNode), "node \(id): valid vs absent")
        XCTAssertEqual(difference(missingNode, reference), "node \(id): absent vs valid")

        var otherState = reference
        otherState.state = Array("{}".utf8)
        XCTAssertNotEqual(otherState, reference)
        XCTAssertTrue(difference(reference, otherState).hasPrefix("state: "))
    }

    func testAVerdictThatDiffersFromTheReferenceIsReported() {
        let built = records(program)
        let (_, whole) = summary(built)
        let (_, withoutDuplicate) = summary(Array(built.dropLast()))
        XCTAssertEqual(Fingerprint(whole), Fingerprint(summary(built).1))
        XCTAssertNotEqual(Fingerprint(whole), Fingerprint(withoutDuplicate))
        XCTAssertEqual(firstDifference(Fingerprint(whole), Fingerprint(withoutDuplicate)).prefix(2), "- ")
    }

    func testAStateThatIsNotCanonicalIsReported() {
        let built = records(program)
        let reconstruction = Reconstructor.reconstruct(summary(built).1)
        let state = StateRendering.canonicalBytes(reconstruction)
        XCTAssertEqual(invariantsBroken { checkCanonical(state, of: reconstruction) }, [])
        // The same JSON with a space after its first brace: neither canonical nor what
        // StateRendering writes.
        let spaced = [state[0], 0x20] + state.dropFirst()
        let broken = invariantsBroken { checkCanonical(spaced, of: reconstruction) }
        XCTAssertEqual(broken.count, 3, broken.joined())
        XCTAssertTrue(broken[0].contains("state written directly differs"), broken[0])
        XCTAssertTrue(broken[1].contains("reconstructed state is not canonical"), broken[1])
        XCTAssertTrue(broken[2].contains("not a tree fixed point"), broken[2])
    }
}
