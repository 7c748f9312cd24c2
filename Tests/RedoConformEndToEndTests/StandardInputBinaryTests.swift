import XCTest

/// Every command that reads several inputs refuses standard input named twice.
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
