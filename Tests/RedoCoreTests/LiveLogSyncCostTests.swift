import RedoCore
import RedoFixtures
import RedoTestSupport
import XCTest

/// The usual sync, new nodes on the heads, costs its own nodes: the tasks they land on are
/// not judged or replayed again, however many nodes those tasks hold.
final class LiveLogSyncCostTests: XCTestCase {
    /// The counted work (`OperationCount`) of taking in a task's last node, a MERGE, after the
    /// rest of the task (layers of 10 UPDATEs, each closed by a MERGE): the same for a task of
    /// n nodes and of 4n. (Replay also costs the task's todos, which this task has none of.)
    func testAMergeOnALongTasksHeadsCostsItsOwnNode() throws {
        guard OperationCount.isCompiledIn else {
            throw XCTSkip.recorded("operation counts are compiled in debug builds only (swift test without -c release)")
        }
        let n = 240
        let steps = try [n, 4 * n].map(stepsOfTheLastNode)
        XCTAssertLessThanOrEqual(
            Double(steps[1]) / Double(steps[0]), 1.5,
            "\(steps[0]) steps for a task of \(n) nodes, \(steps[1]) at \(4 * n)")
    }

    /// The counted work of taking in the last node of a task of `size` nodes, after the rest;
    /// checks the state it gives against the batch replay of the whole task.
    private func stepsOfTheLastNode(_ size: Int) throws -> Int {
        let task = LiveLogCascadeTests.generated(.mergeStack, nodes: size, tasks: 1, seed: "sync-cost")
        var live = LiveLog()
        _ = try live.ingest(Array(task.dropLast()))
        let (update, steps) = try OperationCount.counting { try live.ingest([task.last!]) }
        XCTAssertEqual(update.verdicts.map(\.status), [.valid])
        let validator = NodeValidator()
        let whole = Reconstructor.reconstruct(LogValidator().validate(task.map { validator.check(bytes: $0) }))
        XCTAssertEqual(
            LiveLogCheck.rendered(try XCTUnwrap(update.changedTasks.first?.task)),
            LiveLogCheck.rendered(try XCTUnwrap(whole.tasks.first)))
        return steps
    }
}
