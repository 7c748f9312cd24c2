import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

/// A node from a device that was offline comes before nodes its task already holds in the
/// total order. The live log judges the nodes after the task's last valid node before it,
/// replays the task from there, and must still give the batch validator's verdicts and the
/// batch replay's state (`LiveLogCheck`), whatever the nodes after it write.
final class LiveLogLateNodeTests: XCTestCase {
    private static let key = FixtureKeys.pair(seed: "late node", index: 0)
    private static let task = FixtureKeys.uuid(seed: "late node", "task")
    private static func todo(_ name: String) -> String { FixtureKeys.uuid(seed: "late node", name) }

    private func builder() -> LogBuilder { LogBuilder(factory: NodeFactory(key: Self.key), task: Self.task) }

    private func createTodo(_ log: inout LogBuilder, _ name: String, parent: JSONObject) -> JSONObject {
        log.node(
            .createTodo, parents: [parent],
            [member("todoTaskId", str(Self.todo(name))), member("deadline", str("2026-03-01T00:00:00.000Z"))])
    }

    private func snooze(_ log: inout LogBuilder, _ name: String, days: Int, parent: JSONObject) -> JSONObject {
        log.node(
            .snooze, parents: [parent],
            [member("todoTaskId", str(Self.todo(name))), member("daysToExtend", num(Double(days)))])
    }

    /// Takes in `held`, then `late`; both steps are held to the batch validator and replay.
    /// Returns how many nodes the second step judged.
    @discardableResult
    private func assertLate(_ late: JSONObject, after held: [JSONObject], _ context: String) throws -> Int {
        let lines = { (nodes: [JSONObject]) in nodes.map { OrderedJSONWriter.bytes(.object($0)) } }
        let live = try LiveLogCheck.holds([lines(held)], context)
        var check = live
        let before = check.scopedNodes
        let rulesRunAgain = check.rulesRunAgain
        _ = try check.ingest(lines([late]))
        try LiveLogCheck.holds([lines(held), lines([late])], context)
        XCTAssertEqual(check.rulesRunAgain, rulesRunAgain, "\(context): the rules ran over the whole log")
        return check.scopedNodes - before
    }

    /// A relative SNOOZE after the late node is replayed once: the todo it writes is replayed
    /// from its writers, not the SNOOZE added again to the deadline the state holds.
    func testARelativeSnoozeAfterTheLateNodeCountsOnce() throws {
        var log = builder()
        let create = log.create()
        let todo = createTodo(&log, "a", parent: create)
        let late = log.node(
            .completeTodo, parents: [todo],
            [
                member("todoTaskId", str(Self.todo("a"))),
                member("completed", str(LogBuilder.wall(secondsAfterStart: 3))),
            ])
        let snoozed = snooze(&log, "a", days: 1, parent: todo)
        let update = log.node(.update, parents: [snoozed], [member("priority", num(2))])
        XCTAssertEqual(try assertLate(late, after: [create, todo, snoozed, update], "a late completion"), 3)
    }

    /// Relative SNOOZEs on concurrent branches both count, the late one among them.
    func testALateRelativeSnoozeAddsToTheOthers() throws {
        var log = builder()
        let create = log.create()
        let todo = createTodo(&log, "a", parent: create)
        let late = snooze(&log, "a", days: 2, parent: todo)
        let snoozed = snooze(&log, "a", days: 1, parent: todo)
        let again = snooze(&log, "a", days: 5, parent: snoozed)
        try assertLate(late, after: [create, todo, snoozed, again], "a late relative snooze")
    }

    /// A late CREATE_TODO takes its place among the todos, in total order of the
    /// CREATE_TODOs, and the current todo is still the latest uncompleted one.
    func testALateTodoTakesItsPlaceAmongTheTodos() throws {
        var log = builder()
        let create = log.create()
        let first = createTodo(&log, "a", parent: create)
        let late = createTodo(&log, "c", parent: create)
        let second = createTodo(&log, "b", parent: first)
        let update = log.node(.update, parents: [second], [member("title", str("Renamed"))])
        try assertLate(late, after: [create, first, second, update], "a late todo")
    }

    /// A late CREATE_TODO of a todo id that a newer node also creates takes the id: the
    /// newer one becomes a rejection, and the task is replayed with it gone.
    func testALateTodoTakesItsIdFromANewerOne() throws {
        var log = builder()
        let create = log.create()
        let update = log.node(.update, parents: [create], [member("priority", num(4))])
        let late = createTodo(&log, "a", parent: create)
        let newer = createTodo(&log, "a", parent: update)
        let below = log.node(.update, parents: [newer], [member("priority", num(1))])
        try assertLate(late, after: [create, update, newer, below], "a late todo id")
    }

    /// A late UPDATE writes the fields no newer node writes.
    func testALateUpdateWritesWhatNoNewerNodeWrites() throws {
        var log = builder()
        let create = log.create()
        let late = log.node(.update, parents: [create], [member("priority", num(5)), member("title", str("Late"))])
        let newer = log.node(.update, parents: [create], [member("priority", num(1))])
        let archived = log.node(.archive, parents: [newer])
        XCTAssertEqual(try assertLate(late, after: [create, newer, archived], "a late update"), 3)
    }
}
