import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoCore

/// The log pass's id → position table finds every node it was given, at its position,
/// and nothing else, through every growth and a rebuild.
final class NodeIndexTests: XCTestCase {
    func testFindsEveryNodeAndNoOther() {
        var rng = SeededRandom(for: self, seed: 41)
        var nodes: [Node] = []
        var index = NodeIndex()
        for k in 0..<5000 {
            // Some ids share their first word, as no two SHA-256 digests should, to show
            // the table compares whole ids.
            let w0 = k % 7 == 0 ? 1 : rng.next()
            nodes.append(Self.node(SHA256Digest(w0: w0, w1: rng.next(), w2: rng.next(), w3: UInt64(k))))
            index.insert(Int32(k), in: nodes)
            if k % 997 == 0 {
                for (position, node) in nodes.enumerated() {
                    XCTAssertEqual(index.position(of: node.id, in: nodes), Int32(position))
                }
            }
        }
        XCTAssertEqual(index.count, nodes.count)
        for _ in 0..<1000 {
            let absent = NodeID(digest: SHA256Digest(w0: rng.next(), w1: rng.next(), w2: rng.next(), w3: 1 << 40))
            XCTAssertNil(index.position(of: absent, in: nodes))
        }
        var rebuilt = NodeIndex()
        nodes.withUnsafeBufferPointer { buffer in
            rebuilt.reserveCapacity(buffer.count, in: buffer)
            for position in buffer.indices.reversed() { rebuilt.insert(Int32(position), in: buffer) }
        }
        for (position, node) in nodes.enumerated() {
            XCTAssertEqual(rebuilt.position(of: node.id, in: nodes), Int32(position))
        }
        XCTAssertNil(NodeIndex().position(of: nodes[0].id, in: nodes))
    }

    private static func node(_ digest: SHA256Digest) -> Node {
        Node(
            id: NodeID(digest: digest), parents: [], lamport: 1, wall: UTCTime(millisecondsSinceEpoch: 0),
            authorUserId: UserId(String(repeating: "ab", count: 16))!, action: .update,
            taskId: UUIDv4("550e8400-e29b-41d4-a716-446655440000")!, payload: .archive)
    }
}
