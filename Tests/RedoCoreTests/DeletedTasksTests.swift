import RedoFixtures
import XCTest

@testable import RedoCore

/// `DeletedTasks` finds the tasks reconstruction deletes, without replaying the others.
final class DeletedTasksTests: XCTestCase {
    private func verdict(_ shape: LogGenerator.Shape, nodes: Int, tasks: Int) -> LogVerdict {
        var lines: [[UInt8]] = []
        LogGenerator(shape: shape, nodes: nodes, tasks: tasks, seed: "deleted tasks", jobs: 1).generate {
            lines.append($0)
        }
        let validator = NodeValidator(profile: .synced)
        return LogValidator().validate(lines.map { validator.check(bytes: $0) })
    }

    func testTheSameTasksReconstructionDeletes() {
        // The faulty shape deletes tasks, some with a node below the DELETE (which then
        // survives nothing: it is rejected) and some with a broken DELETE (not deleted).
        let verdict = verdict(.faulty, nodes: 4000, tasks: 800)
        let found = DeletedTasks.find(in: verdict)
        XCTAssertEqual(found.map(\.taskId), StreamedReconstruction(verdict).deleted)
        XCTAssertGreaterThan(found.count, 50)
        for task in found {
            XCTAssertEqual(verdict.nodes.action(at: task.delete), .delete)
            XCTAssertEqual(verdict.nodes.taskId(at: task.delete), task.taskId)
            XCTAssertNil(verdict.nodeStatus[task.delete])
            XCTAssertNotNil(task.lastTitle)
        }
        let some = Set(found.prefix(10).map(\.taskId))
        XCTAssertEqual(Set(DeletedTasks.find(in: verdict) { some.contains($0) }.map(\.taskId)), some)
    }

    func testALogWithoutDeletesHasNone() {
        XCTAssertEqual(DeletedTasks.find(in: verdict(.chain, nodes: 50, tasks: 1)), [])
    }
}
