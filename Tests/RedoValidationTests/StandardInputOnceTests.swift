import XCTest

@testable import RedoValidation

/// Naming stdin twice is a usage error (it would be read once, then as an empty document).
final class StandardInputOnceTests: XCTestCase {
    func testStdinNamedTwiceIsAProblem() {
        XCTAssertNil(StandardInputOnce.usageProblem(["-", "a", "b"], givenAs: "PATH"))
        XCTAssertNil(StandardInputOnce.usageProblem([("a", "OUTPUT"), ("-", "--inputs")]))
        XCTAssertEqual(
            StandardInputOnce.usageProblem(["-", "a", "-"], givenAs: "PATH"),
            "- (stdin) is given 2 times, as PATH; stdin can be read only once")
        XCTAssertEqual(
            StandardInputOnce.usageProblem([("-", "OUTPUT"), ("b", "OUTPUT"), ("-", "--inputs")]),
            "- (stdin) is given 2 times, as OUTPUT and --inputs; stdin can be read only once")
    }
}
