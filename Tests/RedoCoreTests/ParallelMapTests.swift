import XCTest

@testable import RedoCore

/// Every item mapped once, into its own place, whatever the number of items and jobs
/// (ranges are handed out to whichever thread asks first).
final class ParallelMapTests: XCTestCase {
    func testEveryItemIsMappedOnceInItsPlace() {
        for count in [0, 1, 2, 31, 32, 33, 1000, 4097] {
            let items = Array(0..<count)
            for jobs in [1, 2, 3, 8] {
                XCTAssertEqual(ParallelMap.map(items, jobs: jobs) { $0 * 3 + 1 }, items.map { $0 * 3 + 1 }, "\(count)")
                let (first, second) = ParallelMap.map(items, jobs: jobs) { ($0, String($0)) }
                XCTAssertEqual(first, items, "\(count) \(jobs)")
                XCTAssertEqual(second, items.map(String.init), "\(count) \(jobs)")
            }
        }
    }

    /// Results that are objects come out alive and once each: the slots hand them over.
    func testObjectResultsAreHandedOver() {
        final class Box: Sendable {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        let boxes = ParallelMap.map(Array(0..<500), jobs: 4) { Box($0) }
        XCTAssertEqual(boxes.map(\.value), Array(0..<500))
        var first = boxes[0]
        _ = consume boxes
        XCTAssertTrue(isKnownUniquelyReferenced(&first))
    }
}
