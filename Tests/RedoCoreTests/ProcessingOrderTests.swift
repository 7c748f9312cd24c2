import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoCore

/// The log pass visits nodes parents first, smallest ready node first. Its fast path (the
/// nodes sorted by the total order, used when that order is topological) must give exactly
/// what Kahn's algorithm gives, and must step aside whenever it is not topological.
final class ProcessingOrderTests: XCTestCase {
    func testSortedOrderEqualsKahnWheneverItIsTopological() {
        var rng = SeededRandom(for: self, seed: 300)
        var fastPathTaken = 0
        var fallbackTaken = 0
        for round in rng.rounds(300) {
            let size = 2 + round % 60
            // Parents among earlier nodes.
            var parents: [[Int32]] = []
            var lamport: [Int64] = []
            for n in 0..<size {
                var chosen = Set<Int32>()
                if n > 0 {
                    for _ in 0..<Int.random(in: 0...3, using: &rng) {
                        chosen.insert(Int32.random(in: 0..<Int32(n), using: &rng))
                    }
                }
                let list = chosen.sorted()  // a Set's order differs per process
                parents.append(list)
                lamport.append((list.map { lamport[Int($0)] }.max() ?? 0) + 1)
            }
            // A third of the rounds scramble some lamports (a rejected node's may be anything).
            if round % 3 == 0 {
                for _ in 0..<max(1, size / 5) {
                    lamport[Int.random(in: 0..<size, using: &rng)] = Int64.random(in: 1...8, using: &rng)
                }
            }
            // Nodes listed in a shuffled order: positions are not the creation order.
            let shuffle = Array(0..<size).shuffled(using: &rng)
            // Parents named by id, as nodes name them; one node in eight also names an id no
            // node of the log holds. Stored in the shuffled order, so that some parents come
            // after their children.
            let nodes = NodeStore(
                shuffle.map { n in
                    var ids = parents[n].map { Self.id(Int($0)) }
                    if Int.random(in: 0..<8, using: &rng) == 0 { ids.append(Self.id(size + n)) }
                    return Self.node(n, lamport: lamport[n], wall: Int64.random(in: 0...2, using: &rng), parents: ids)
                })
            let kahn = LogPass.topologicalOrder(nodes)
            XCTAssertEqual(kahn.count, size)
            if let sorted = LogPass.totalOrderIfTopological(nodes) {
                fastPathTaken += 1
                XCTAssertEqual(sorted, kahn, "round \(round)")
            } else {
                fallbackTaken += 1
                // Not topological: some node sorts before one of its parents.
                XCTAssertNotEqual(Self.sorted(nodes).map(Int32.init), kahn, "round \(round)")
            }
        }
        XCTAssertGreaterThan(fastPathTaken, 150)
        XCTAssertGreaterThan(fallbackTaken, 20)
    }

    /// Ids that share their first 64 bits, at one lamport and wall: the order keys'
    /// inline word ties, and the whole id decides, in the sort and in the heap alike.
    func testIdsSharingTheirFirstWordSortByTheWholeId() {
        let words: [UInt64] = [7, 3, 9, 1, 5, 2, 8]
        let nodes = words.enumerated().map { k, w1 in
            Node(
                id: NodeID(digest: RedoSHA256Digest(w0: 42, w1: w1, w2: UInt64(k), w3: 0)), parents: [], lamport: 3,
                wall: UTCTime(millisecondsSinceEpoch: 1000), authorUserId: UserId(String(repeating: "ab", count: 16))!,
                action: .update, taskId: UUIDv4("550e8400-e29b-41d4-a716-446655440000")!, payload: .archive)
        }
        let expected = nodes.indices.sorted { nodes[$0].id < nodes[$1].id }.map(Int32.init)
        let store = NodeStore(nodes)
        XCTAssertEqual(LogPass.totalOrderIfTopological(store), expected)
        XCTAssertEqual(LogPass.topologicalOrder(store), expected)
    }

    private static func sorted(_ nodes: NodeStore) -> [Int] {
        (0..<nodes.count).sorted {
            nodes[$0].precedes(nodes[$1])
        }
    }

    private static func id(_ n: Int) -> NodeID { NodeID(digest: RedoSHA256.hash(Array("node \(n)".utf8))) }

    private static func node(_ n: Int, lamport: Int64, wall: Int64, parents: [NodeID]) -> Node {
        Node(
            id: id(n), parents: NodeParents(parents), lamport: lamport,
            wall: UTCTime(millisecondsSinceEpoch: wall), authorUserId: UserId(String(repeating: "ab", count: 16))!,
            action: .update, taskId: UUIDv4("550e8400-e29b-41d4-a716-446655440000")!, payload: .archive)
    }
}
