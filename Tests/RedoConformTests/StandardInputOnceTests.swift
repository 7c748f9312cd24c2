import XCTest

@testable import RedoConformKit

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

extension BinaryEndToEndTests {
    func testEveryCommandRefusesStdinTwice() throws {
        let cases: [[String]] = [
            ["validate", "-", "-"],
            ["reconstruct", "-", "x", "-"],
            ["verify", "-", "-"],
            ["compare", "-", "--inputs", "-"],
            ["sign", "-", "--key", "-"],
        ]
        for arguments in cases {
            let result = try Self.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasPrefix("Error: - (stdin) is given 2 times"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }
}
