import XCTest

@testable import RedoCore

/// A log keeps one `Node` a node until its report is written, so its size is memory per
/// node (docs/benchmarks.md, "Where the memory goes"). This holds the layout to what it
/// was made: the action's byte after the payload, and a MERGE's payload boxed.
final class NodeLayoutTests: XCTestCase {
    func testNodeAndPayloadSizes() {
        XCTAssertLessThanOrEqual(MemoryLayout<Payload>.size, 58, "a payload is as large as its largest unboxed case")
        XCTAssertLessThanOrEqual(MemoryLayout<Node>.stride, 152, "a node is its fields with no padding word")
    }
}
