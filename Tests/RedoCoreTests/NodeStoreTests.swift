import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoCore

/// A node store gives back every node it was given, field for field, whatever order the
/// nodes came in; parents it holds are found by position, the others keep their ids.
final class NodeStoreTests: XCTestCase {
    func testGivesBackEveryNodeFieldForField() {
        var rng = SeededRandom(for: self, seed: 51)
        for round in rng.rounds(40) {
            let nodes = Self.randomDAG(size: 1 + round % 90, rng: &rng)
            // Shuffled: some parents are stored after their children.
            let stored = nodes.shuffled(using: &rng)
            let store = NodeStore(stored)
            XCTAssertEqual(store.count, stored.count)
            for (position, node) in stored.enumerated() {
                Self.assertSame(store[position], node, "round \(round), node \(position)")
                XCTAssertEqual(store.position(of: node.id), position)
                XCTAssertEqual(store.id(at: position), node.id)
                XCTAssertEqual(store.taskId(at: position), node.taskId)
                XCTAssertEqual(store.authorUserId(at: position), node.authorUserId)
                XCTAssertEqual(store.lamport(at: position), node.lamport)
                XCTAssertEqual(store.wall(at: position), node.wall)
                XCTAssertEqual(store.action(at: position), node.action)
                let range = store.parentRange(of: position)
                XCTAssertEqual(range.map(store.parentId), Array(node.parents))
                for k in range {
                    // A parent the store holds is found by position, once every node is in.
                    XCTAssertEqual(store.parentPosition(k), store.position(of: store.parentId(k)).map(Int32.init) ?? -1)
                }
            }
        }
    }

    /// Before `resolveLaterParents`, a parent added after its child still reads back as its
    /// id; after, it is found by position. Adding more nodes and resolving again finds those.
    func testParentsAddedLaterAreResolved() {
        let root = Self.node(1, parents: [])
        let child = Self.node(2, parents: [root.id])
        let grandchild = Self.node(3, parents: [child.id, Self.absentId])
        var store = NodeStore()
        store.append(grandchild)
        store.append(child)
        XCTAssertEqual(Array(store[0].parents), [child.id, Self.absentId])
        XCTAssertEqual(store.parentPosition(store.parentRange(of: 0).lowerBound), -1)
        store.resolveLaterParents()
        XCTAssertEqual(store.parentRange(of: 0).map(store.parentPosition), [1, -1])
        XCTAssertEqual(store.parentRange(of: 1).map(store.parentPosition), [-1])
        store.append(root)
        store.resolveLaterParents()
        XCTAssertEqual(store.parentRange(of: 1).map(store.parentPosition), [2])
        XCTAssertEqual(Array(store[1].parents), [root.id])
        XCTAssertEqual(Array(store[0].parents), [child.id, Self.absentId])
    }

    /// A store made from a sequence keeps the first node of each id.
    func testKeepsTheFirstNodeOfEachId() {
        let a = Self.node(1, parents: [])
        var b = Self.node(1, parents: [])
        b = Node(
            id: b.id, parents: b.parents, lamport: 9, wall: b.wall, authorUserId: b.authorUserId, action: b.action,
            taskId: b.taskId, payload: b.payload)
        let store = NodeStore([a, b])
        XCTAssertEqual(store.count, 1)
        XCTAssertEqual(store[0].lamport, a.lamport)
    }

    private static let absentId = NodeID(digest: RedoSHA256.hash(Array("not in the store".utf8)))
    private static let tasks = (0..<5).map { UUIDv4("550e8400-e29b-41d4-a716-44665544000\($0)")! }
    private static let authors = (0..<3).map { UserId(String(repeating: "a\($0)", count: 16))! }

    private static func node(_ n: Int, parents: [NodeID], task: Int = 0, author: Int = 0) -> Node {
        let payloads: [Payload] = [
            .archive, .createTodo(todo: tasks[4], deadline: UTCTime(millisecondsSinceEpoch: Int64(n)), notes: "n\(n)"),
            .delete(deletedChain: parents), .snooze(todo: tasks[3], change: .days(n + 1), notes: nil),
        ]
        let actions: [Action] = [.archive, .createTodo, .delete, .snooze]
        return Node(
            id: NodeID(digest: RedoSHA256.hash(Array("store node \(n)".utf8))), parents: NodeParents(parents),
            lamport: Int64(n), wall: UTCTime(millisecondsSinceEpoch: Int64(1000 * n)), authorUserId: authors[author],
            action: actions[n % 4], taskId: tasks[task], payload: payloads[n % 4])
    }

    /// Nodes with up to three parents each among earlier nodes, and sometimes an id outside.
    private static func randomDAG(size: Int, rng: inout SeededRandom) -> [Node] {
        var nodes: [Node] = []
        for n in 0..<size {
            var parents = Set<Int>()
            if n > 0 {
                for _ in 0..<Int.random(in: 0...3, using: &rng) { parents.insert(Int.random(in: 0..<n, using: &rng)) }
            }
            var ids = parents.sorted().map { nodes[$0].id }
            if Int.random(in: 0..<6, using: &rng) == 0 { ids.append(absentId) }
            nodes.append(
                node(
                    n, parents: ids, task: Int.random(in: 0..<tasks.count, using: &rng),
                    author: Int.random(in: 0..<authors.count, using: &rng)))
        }
        return nodes
    }

    private static func assertSame(_ a: Node, _ b: Node, _ message: String) {
        XCTAssertEqual(a.id, b.id, message)
        XCTAssertEqual(a.parents, b.parents, message)
        XCTAssertEqual(a.lamport, b.lamport, message)
        XCTAssertEqual(a.wall, b.wall, message)
        XCTAssertEqual(a.authorUserId, b.authorUserId, message)
        XCTAssertEqual(a.action, b.action, message)
        XCTAssertEqual(a.taskId, b.taskId, message)
        XCTAssertEqual("\(a.payload)", "\(b.payload)", message)
    }
}
