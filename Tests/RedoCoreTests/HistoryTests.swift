import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoCore

/// `History.todosWritten` finds the todos written on a MERGE's branches either by walking
/// the branches or by testing the task's todo writes, whichever is cheaper: both must give
/// the same todos, on random DAGs with todo writes and MERGE decisions.
final class HistoryTests: XCTestCase {
    func testBranchWalkAndTodoWriteTestsAgree() {
        var rng = SeededRandom(for: self, seed: 30)
        var queriesFindingSome = 0
        var queriesFindingNone = 0
        let task = UUIDv4("6002fd9f-b4e3-43cd-a11a-cb4678d29165")!
        let todos = (0..<6).map { UUIDv4(String(format: "%08x-0000-4000-8000-000000000000", $0))! }
        let user = UserId(String(repeating: "ab", count: 16))!
        for round in rng.rounds(30) {
            let size = 20 + round * 4
            var parents: [[Int32]] = [[]]
            var lamport: [Int64] = [1]
            var nodes: [Node] = []
            var decisions: [MergeDecisions?] = [nil]
            func make(_ k: Int, _ payload: Payload, _ action: Action) -> Node {
                let id = NodeID(digest: RedoSHA256.hash(Array("history \(round) \(k)".utf8)))
                return Node(
                    id: id, parents: [], lamport: lamport[k], wall: UTCTime(millisecondsSinceEpoch: Int64(k) * 1000),
                    authorUserId: user, action: action, taskId: task, payload: payload)
            }
            nodes.append(make(0, .create(TaskFieldValues()), .create))
            for n in 1..<size {
                let count =
                    n >= 2 && Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 2...min(4, n), using: &rng) : 1
                var chosen = Set<Int32>()
                while chosen.count < count { chosen.insert(Int32(Int.random(in: max(0, n - 10)..<n, using: &rng))) }
                parents.append(chosen.sorted().shuffled(using: &rng))  // sorted: a Set's order differs per process
                lamport.append(parents[n].map { lamport[Int($0)] }.max()! + 1)
                if count > 1 {
                    var merged = MergeDecisions()
                    if Bool.random(using: &rng) { merged.todos[todos.randomElement(using: &rng)!] = [:] }
                    decisions.append(merged)
                    nodes.append(make(n, .archive, .merge))
                } else {
                    decisions.append(nil)
                    let todo = todos.randomElement(using: &rng)!
                    nodes.append(
                        Int.random(in: 0..<3, using: &rng) == 0
                            ? make(n, .update(TaskFieldValues()), .update)
                            : make(
                                n, .createTodo(todo: todo, deadline: UTCTime(millisecondsSinceEpoch: 0), notes: nil),
                                .createTodo))
                }
            }
            // Positions follow the total order: lamport, then wall (= index here).
            let order = (0..<size).sorted { (lamport[$0], $0) < (lamport[$1], $1) }
            var position = [Int32](repeating: -1, count: size)
            for (p, n) in order.enumerated() { position[n] = Int32(p) }
            var ancestry = Ancestry()
            var history = History(nodes: NodeStore(nodes))
            for n in order {
                let mapped = parents[n].map { position[Int($0)] }
                ancestry.add(index: position[n], parents: mapped)
                history.register(Int32(n), parents: mapped, decisions: decisions[n])
            }
            for _ in 0..<200 {
                let base = Int32.random(in: 0..<Int32(size), using: &rng)
                let tips = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    Int32.random(in: 0..<Int32(size), using: &rng)
                }
                let walked = history.walkBranches(from: tips, above: base, ancestry: ancestry, budget: .max)
                let tested = history.testTodoWrites(of: task, from: tips, above: base, ancestry: ancestry)
                XCTAssertEqual(walked, tested, "round \(round): tips \(tips), base \(base)")
                if tested.isEmpty { queriesFindingNone += 1 } else { queriesFindingSome += 1 }
                XCTAssertEqual(history.todosWritten(onBranchesFrom: tips, above: base, ancestry: ancestry), tested)
            }
        }
        // Both answers were asked for, often.
        XCTAssertGreaterThan(queriesFindingSome, 2000)
        XCTAssertGreaterThan(queriesFindingNone, 300)
    }
}
