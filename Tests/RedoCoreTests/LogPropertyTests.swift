import RedoCore
import RedoFixtures
import RedoTestSupport
import XCTest

/// The verdict on a log depends only on its set of records: shuffling changes nothing,
/// duplicating records changes only the duplicate count.
final class LogPropertyTests: XCTestCase {
    /// All log scenarios as one big log (their tasks are distinct).
    static let records: [[UInt8]] = LogVectorFiles.all.flatMap(\.records)

    struct Summary: Equatable {
        var nodes: [String: String]
        var rejected: [String]
        var counts: [String: Int]
    }

    static func summarize(_ lines: [[UInt8]]) -> (Summary, duplicates: Int) {
        let validator = NodeValidator()
        let verdict = LogValidator().validate(lines.map { validator.check(bytes: $0) })
        var nodes: [String: String] = [:]
        for (node, status) in zip(verdict.nodes, verdict.nodeStatus) {
            nodes[node.id.text] = status?.rawValue ?? "valid"
        }
        var counts: [String: Int] = [:]
        for record in verdict.records where record.status != .duplicate {
            counts[record.code?.rawValue ?? "valid", default: 0] += 1
        }
        return (
            Summary(nodes: nodes, rejected: verdict.rejected.map { "\($0.id) \($0.code.rawValue)" }, counts: counts),
            verdict.duplicateCount
        )
    }

    func testShufflingChangesNothing() {
        let (reference, duplicates) = Self.summarize(Self.records)
        var rng = SeededRandom(for: self, seed: 20)
        for round in rng.rounds(20) {
            let (summary, shuffledDuplicates) = Self.summarize(Self.records.shuffled(using: &rng))
            XCTAssertEqual(summary, reference, "round \(round)")
            XCTAssertEqual(shuffledDuplicates, duplicates, "round \(round)")
        }
    }

    func testDuplicatingChangesOnlyTheDuplicateCount() {
        let (reference, duplicates) = Self.summarize(Self.records)
        var rng = SeededRandom(for: self, seed: 25)
        for round in rng.rounds(10) {
            let extra = (0..<25).map { _ in Self.records.randomElement(using: &rng)! }
            var lines = Self.records + extra
            lines.shuffle(using: &rng)
            let (summary, more) = Self.summarize(lines)
            XCTAssertEqual(summary.nodes, reference.nodes, "round \(round)")
            XCTAssertEqual(summary.rejected, reference.rejected, "round \(round)")
            // Extra copies of valid records become duplicates; extra copies of rejected
            // records are rejected again (they count as records, not as new nodes).
            XCTAssertGreaterThanOrEqual(more, duplicates, "round \(round)")
        }
    }
}
