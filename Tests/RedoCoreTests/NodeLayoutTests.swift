import XCTest

@testable import RedoCore

/// A log keeps one `Node` a node until its report is written, so its size is memory per
/// node (docs/benchmarks.md, "Where the memory goes"). This holds the layout to what it
/// was made: the action's byte after the payload, a MERGE's payload boxed, and the first
/// parent inline.
final class NodeLayoutTests: XCTestCase {
    func testNodeAndPayloadSizes() {
        XCTAssertLessThanOrEqual(MemoryLayout<Payload>.size, 51, "a payload is as large as its largest unboxed case")
        XCTAssertEqual(MemoryLayout<NodeParents>.size, 40, "one id inline and a reference to the rest")
        XCTAssertLessThanOrEqual(MemoryLayout<Node>.stride, 176, "a node is its fields with no padding word")
    }
}
