import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoCore

/// The log pass tracks field and todo history only for tasks that have a MERGE (the only
/// reader of a history, and only of its own task's). Held here to the verdict of tracking
/// every task, on one log holding every shipped log and reconstruction vector (MERGE
/// semantics, broken branches, deletes) beside generated tasks with and without MERGEs.
// Closures, not key paths: an optional-chained key path (`\.node?.taskId`) made the
// Swift runtime copy between overlapping stack slots, which AddressSanitizer rejects.
final class HistoryTrackingTests: XCTestCase {
    private func verdict(_ checks: [NodeCheck], everyTask: Bool) -> LogVerdict {
        var pass = LogPass([checks])
        pass.historyOfEveryTask = everyTask
        return pass.run()
    }

    func testTrackingOnlyTasksWithMergesGivesTheSameVerdict() throws {
        var lines: [[UInt8]] = []
        for folder in ["logs", "reconstruction"] {
            let names = try VectorFiles.list(folder).filter { $0.hasSuffix(".jsonl") }
            XCTAssertGreaterThanOrEqual(names.count, 18, "logs in Vectors/\(folder)")
            for name in names {
                lines += try VectorFiles.bytes("\(folder)/\(name)").split(separator: 0x0A).map(Array.init)
            }
        }
        for shape in [LogGenerator.Shape.benign, .mergeStack, .farMerge, .bigDelete, .mostlyRejected] {
            LogGenerator(shape: shape, nodes: 400, tasks: 40, seed: "history tracking \(shape)", jobs: 1).generate {
                lines.append($0)
            }
        }
        let validator = NodeValidator()
        let checks = lines.map { validator.check(bytes: $0) }
        let tracked = verdict(checks, everyTask: false)
        let every = verdict(checks, everyTask: true)

        let merges = checks.compactMap { $0.node }.filter { $0.action == .merge }
        XCTAssertGreaterThan(Set(merges.map { $0.taskId }).count, 10, "tasks with a MERGE")
        XCTAssertGreaterThan(
            Set(checks.compactMap { $0.node?.taskId }).count, Set(merges.map { $0.taskId }).count + 40, "tasks without")
        XCTAssertGreaterThan(
            every.records.filter { $0.findings.contains { $0.rule == .mergeUnresolvable } }.count, 0,
            "MERGEs the history rejects")
        let valid = zip(every.nodes, every.nodeStatus).filter { $0.0.action == .merge && $0.1 == nil }
        XCTAssertGreaterThan(valid.count, 20, "MERGEs the history decides")

        XCTAssertEqual(tracked.records.count, every.records.count)
        for (k, (a, b)) in zip(tracked.records, every.records).enumerated() {
            XCTAssertEqual(a.status, b.status, "record \(k)")
            XCTAssertEqual(a.findings, b.findings, "record \(k)")
        }
        XCTAssertEqual(tracked.nodeStatus, every.nodeStatus)
        XCTAssertEqual(tracked.order, every.order)
    }
}
