import XCTest

@testable import RedoCore

/// A log keeps every node's payload in a column of its `NodeStore` until its report is
/// written, so a payload's stride is memory per node (docs/benchmarks.md, "Where the
/// memory goes"); a `Node` exists for each passing record of a batch being checked. This
/// holds the layouts to what they were made: a MERGE's payload boxed, the action's byte
/// after the payload, and the first parent inline.
final class NodeLayoutTests: XCTestCase {
    func testNodeAndPayloadSizes() {
        XCTAssertLessThanOrEqual(MemoryLayout<Payload>.size, 51, "a payload is as large as its largest unboxed case")
        XCTAssertLessThanOrEqual(MemoryLayout<Payload>.stride, 56, "a payload column takes 56 bytes a node")
        XCTAssertEqual(MemoryLayout<NodeParents>.size, 40, "one id inline and a reference to the rest")
        XCTAssertLessThanOrEqual(MemoryLayout<Node>.stride, 176, "a node is its fields with no padding word")
    }
}
