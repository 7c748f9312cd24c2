import RedoCrypto
import XCTest

@testable import RedoCore

/// `NodeParents` keeps its first id inline: it must behave exactly as the array of the ids
/// it was made from, for no parent, one, and more.
final class NodeParentsTests: XCTestCase {
    private func id(_ k: UInt64) -> NodeID { NodeID(digest: RedoSHA256Digest(w0: k, w1: 0, w2: 0, w3: k)) }

    func testBehavesAsTheArrayItWasMadeFrom() {
        for ids in [[], [id(0)], [id(1)], [id(1), id(2)], [id(3), id(1), id(2)]] {
            let parents = NodeParents(ids)
            XCTAssertEqual(Array(parents), ids)
            XCTAssertEqual(parents.count, ids.count)
            XCTAssertEqual(parents.isEmpty, ids.isEmpty)
            XCTAssertEqual(parents.first, ids.first)
            XCTAssertEqual(parents.description, ids.description)
            for k in ids.indices { XCTAssertEqual(parents[k], ids[k]) }
        }
    }

    /// An all-zero first id is a parent like any other, not "no parent".
    func testAZeroIdIsAParent() {
        let zero = NodeParents([id(0)])
        XCTAssertEqual(zero.count, 1)
        XCTAssertNotEqual(zero, NodeParents([NodeID]()))
        XCTAssertNotEqual(zero.hashValue, NodeParents([NodeID]()).hashValue)
    }

    func testEqualityAndHashingFollowTheIdsInOrder() {
        XCTAssertEqual(NodeParents([id(1), id(2)]), [id(1), id(2)])
        XCTAssertNotEqual(NodeParents([id(1), id(2)]), [id(2), id(1)])
        XCTAssertNotEqual(NodeParents([id(1)]), [id(1), id(1)])
        XCTAssertEqual(Set([NodeParents([id(1), id(2)]), [id(1), id(2)], [id(2)]]).count, 2)
    }
}
