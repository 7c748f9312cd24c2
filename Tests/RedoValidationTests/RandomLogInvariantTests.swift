import Foundation
import RedoCore
import RedoFixtures
import RedoInvariants
import RedoTestSupport
import XCTest

@testable import RedoValidation

/// Verdicts and the reconstructed state do not depend on how a log is laid out: random
/// logs on every run, each invariant counted in the test's output. The test suite checks
/// 200 (REDO_INVARIANT_LOGS sets another count: the suite also runs under both
/// sanitizers, where a log costs ten times as much); CI checks thousands more with a new
/// seed each run through the release build, `redo-bench invariants --count N --seed S`.
final class RandomLogInvariantTests: XCTestCase {
    static let count = ProcessInfo.processInfo.environment["REDO_INVARIANT_LOGS"].flatMap { Int($0) } ?? 200

    func testInvariantsHoldOnRandomLogs() {
        let rng = SeededRandom(for: self, seed: 0x1_0000)
        var lines: [String] = []
        let failure = RandomLogBatch.checkInvariants(count: Self.count, firstSeed: rng.seed) { lines.append($0) }
        print(lines.joined(separator: "\n"))
        if let failure {
            XCTFail("\(failure)\nreplay: redo-bench invariants --count 1 --seed \(failure.seed)")
            return
        }
        // Every invariant met a good share of the logs: a generator change that left a
        // shape unable to hold its logs would otherwise pass unseen.
        for line in lines.dropFirst() {
            let checked = Int(line.split(separator: ":").last!.split(separator: " ").first!) ?? 0
            XCTAssertGreaterThanOrEqual(checked, Self.count / 4, line)
        }
    }

    func testTheSameSeedGivesTheSameLog() {
        XCTAssertEqual(RandomLog(seed: 7).records, RandomLog(seed: 7).records)
        XCTAssertNotEqual(RandomLog(seed: 7).records, RandomLog(seed: 8).records)
    }

    /// The logs hold what they are for: every error code, MERGEs, DELETEs, warnings.
    func testTheLogsHoldEveryCodeAndAction() {
        var codes = Set<String>()
        var actions = Set<String>()
        for seed in UInt64(1)...300 {
            let log = RandomLog(seed: seed)
            let verdict = LogPipeline.validate(log.records)
            for record in verdict.records {
                for finding in record.findings { codes.insert(finding.code.rawValue) }
            }
            for node in verdict.validNodes { actions.insert(node.action.rawValue) }
        }
        XCTAssertEqual(codes, Set(ErrorCode.allCases.map(\.rawValue)))
        XCTAssertEqual(actions, Set(Action.allCases.map(\.rawValue)))
    }
}
