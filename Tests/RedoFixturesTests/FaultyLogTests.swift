import RedoCore
import RedoFixtures
import XCTest

/// The `faulty` shape holds what the reports are measured on: every code, forks, MERGEs
/// and DELETEs, about 5% of nodes broken on their own and descendants hanging below them.
final class FaultyLogTests: XCTestCase {
    func testTheFaultyShapeBreaksNodesInEveryWayWithDescendantsBelow() {
        var lines: [[UInt8]] = []
        LogGenerator(shape: .faulty, nodes: 6000, tasks: 1200, seed: "faulty test", jobs: 1).generate {
            lines.append($0)
        }
        XCTAssertEqual(lines.count, 6000)
        let validator = NodeValidator(profile: .synced)
        let verdict = LogValidator().validate(lines.map { validator.check(bytes: $0) })
        var byCode: [ErrorCode: Int] = [:]
        for record in verdict.records where record.status == .rejected { byCode[record.code!, default: 0] += 1 }
        for code in ErrorCode.allCases where code != .deletedChainOrder {
            XCTAssertGreaterThan(byCode[code] ?? 0, 0, "\(code)")
        }
        let own = byCode.filter { $0.key < .ancestorRejected }.values.reduce(0, +)
        XCTAssertEqual(Double(own) / 6000, 0.05, accuracy: 0.015, "about 5% of nodes broken on their own")
        XCTAssertTrue(verdict.records.contains { $0.findings.contains { $0.code == .deletedChainOrder } })
        XCTAssertTrue(verdict.nodes.contains { $0.action == .merge })
        XCTAssertTrue(verdict.nodes.contains { $0.action == .delete })
    }

    /// Reports must keep warnings from burying errors: the shape holds tasks whose only
    /// finding is a reversed deletedChain (the warning), not only reversed chains with a
    /// rejected node below them.
    func testSomeTasksHaveTheChainOrderWarningAsTheirOnlyFinding() {
        var lines: [[UInt8]] = []
        LogGenerator(shape: .faulty, nodes: 6000, tasks: 1200, seed: "faulty test", jobs: 1).generate {
            lines.append($0)
        }
        let validator = NodeValidator(profile: .synced)
        let verdict = LogValidator().validate(lines.map { validator.check(bytes: $0) })
        var warned = Set<UUIDv4>()
        var rejected = Set<UUIDv4>()
        for record in verdict.records where record.node >= 0 {
            let task = verdict.nodes.taskId(at: Int(record.node))
            if record.status == .rejected { rejected.insert(task) }
            if record.findings.contains(where: { $0.code == .deletedChainOrder }) { warned.insert(task) }
        }
        let warningOnly = warned.subtracting(rejected)
        XCTAssertGreaterThan(warningOnly.count, 20, "tasks whose only finding is X_DELETED_CHAIN_ORDER")
        XCTAssertFalse(warned.intersection(rejected).isEmpty, "and reversed chains with a rejected node below")
    }
}
