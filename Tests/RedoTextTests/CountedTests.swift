import RedoText
import XCTest

final class CountedTests: XCTestCase {
    func testCountsReadAsEnglish() {
        XCTAssertEqual(counted(1, "more finding"), "1 more finding")
        XCTAssertEqual(counted(0, "task"), "0 tasks")
        XCTAssertEqual(counted(2, "rejected node id"), "2 rejected node ids")
    }
}
