import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoCore

/// Position tables find every entry they were given, at its position, and nothing else,
/// through every growth and a rebuild; a node store finds its nodes by id the same way.
final class PositionTableTests: XCTestCase {
    func testFindsEveryNodeAndNoOther() {
        var rng = SeededRandom(for: self, seed: 41)
        var nodes = NodeStore()
        for k in 0..<5000 {
            // Some ids share their first word, as no two SHA-256 digests should, to show
            // the table compares whole ids.
            let w0 = k % 7 == 0 ? 1 : rng.next()
            nodes.append(Self.node(RedoSHA256Digest(w0: w0, w1: rng.next(), w2: rng.next(), w3: UInt64(k))))
            if k % 997 == 0 {
                for position in nodes.indices {
                    XCTAssertEqual(nodes.position(of: nodes.id(at: position)), position)
                }
            }
        }
        for _ in 0..<1000 {
            let absent = NodeID(digest: RedoSHA256Digest(w0: rng.next(), w1: rng.next(), w2: rng.next(), w3: 1 << 40))
            XCTAssertNil(nodes.position(of: absent))
        }
        let ids = nodes.map(\.id)
        var rebuilt = PositionTable<StoredIdKey>()
        rebuilt.reserveCapacity(ids.count, in: ids)
        for position in ids.indices.reversed() { rebuilt.insert(Int32(position), in: ids) }
        XCTAssertEqual(rebuilt.count, ids.count)
        for (position, id) in ids.enumerated() {
            XCTAssertEqual(rebuilt.position(of: id, in: ids), Int32(position))
        }
        XCTAssertNil(PositionTable<StoredIdKey>().position(of: ids[0], in: ids))
    }

    /// Removed entries are gone and every other is still found, however the probe runs
    /// were laid out (ids sharing their first word share a home slot), and removed ids can
    /// be inserted again.
    func testRemoveKeepsEveryOtherEntry() {
        var rng = SeededRandom(for: self, seed: 43)
        var nodes = NodeStore()
        for k in 0..<3000 {
            let w0 = k % 5 == 0 ? 7 : rng.next()
            nodes.append(Self.node(RedoSHA256Digest(w0: w0, w1: rng.next(), w2: rng.next(), w3: UInt64(k))))
        }
        let ids = nodes.map(\.id)
        var table = PositionTable<StoredIdKey>()
        for position in ids.indices { table.insert(Int32(position), in: ids) }
        let removed = Set(ids.indices.filter { $0 % 3 == 0 || $0 % 5 == 0 })
        for position in removed.sorted(by: >) { table.remove(Int32(position), in: ids) }
        table.remove(Int32(0), in: ids)  // already gone: nothing changes
        XCTAssertEqual(table.count, ids.count - removed.count)
        for (position, id) in ids.enumerated() {
            XCTAssertEqual(table.position(of: id, in: ids), removed.contains(position) ? nil : Int32(position))
        }
        for position in removed { table.insert(Int32(position), in: ids) }
        for (position, id) in ids.enumerated() { XCTAssertEqual(table.position(of: id, in: ids), Int32(position)) }
    }

    /// By task: a CREATE replaced by an earlier one is found in its place; other tasks stay.
    func testReplaceMovesATaskToItsNewNode() {
        var rng = SeededRandom(for: self, seed: 42)
        let tasks = (0..<300).map { _ in Self.task(&rng) }
        var nodes = NodeStore()
        var table = PositionTable<TaskKey>()
        for (k, task) in tasks.enumerated() {
            nodes.append(Self.node(RedoSHA256Digest(w0: rng.next(), w1: 0, w2: 0, w3: UInt64(k)), task: task))
            table.insert(Int32(k), in: nodes)
        }
        for (k, task) in tasks.enumerated() where k % 3 == 0 {
            nodes.append(Self.node(RedoSHA256Digest(w0: rng.next(), w1: 1, w2: 0, w3: UInt64(k)), task: task))
            table.replace(with: Int32(nodes.count - 1), in: nodes)
        }
        XCTAssertEqual(table.count, tasks.count)
        for (k, task) in tasks.enumerated() {
            let expected = k % 3 == 0 ? tasks.count + k / 3 : k
            XCTAssertEqual(table.position(of: task, in: nodes), Int32(expected))
        }
        XCTAssertNil(table.position(of: Self.task(&rng), in: nodes))
    }

    /// By todo: the key is the task and the todo together, so one todo id in two tasks is
    /// two entries.
    func testTodoCreatorsAreKeyedByTaskAndTodo() {
        var rng = SeededRandom(for: self, seed: 43)
        let (first, second, todo) = (Self.task(&rng), Self.task(&rng), Self.task(&rng))
        var nodes = NodeStore()
        var table = PositionTable<TodoCreatorKey>()
        for (k, task) in [first, second].enumerated() {
            nodes.append(
                Self.node(
                    RedoSHA256Digest(w0: UInt64(k), w1: 0, w2: 0, w3: 0), task: task, action: .createTodo,
                    payload: .createTodo(todo: todo, deadline: UTCTime(millisecondsSinceEpoch: 0), notes: nil)))
            table.insert(Int32(k), in: nodes)
        }
        XCTAssertEqual(table.position(of: TodoKey(task: first, todo: todo), in: nodes), 0)
        XCTAssertEqual(table.position(of: TodoKey(task: second, todo: todo), in: nodes), 1)
        XCTAssertNil(table.position(of: TodoKey(task: todo, todo: first), in: nodes))
    }

    private static let someTask = UUIDv4("550e8400-e29b-41d4-a716-446655440000")!

    /// A random UUID v4: random hex with the version and variant digits in place.
    private static func task(_ rng: inout SeededRandom) -> UUIDv4 {
        let digits = (0..<32).map { k in k == 12 ? "4" : k == 16 ? "8" : String(rng.next() % 16, radix: 16) }
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { digits[$0].joined() }
        return UUIDv4(groups.joined(separator: "-"))!
    }

    private static func node(
        _ digest: RedoSHA256Digest, task: UUIDv4 = someTask, action: Action = .update, payload: Payload = .archive
    ) -> Node {
        Node(
            id: NodeID(digest: digest), parents: [], lamport: 1, wall: UTCTime(millisecondsSinceEpoch: 0),
            authorUserId: UserId(String(repeating: "ab", count: 16))!, action: action, taskId: task, payload: payload)
    }
}
