import RedoFixtures
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// Output that did not reach stdout ends the run with 2 and one line naming stdout.
final class StdoutFailureTests: XCTestCase {
    func testSettleTurnsAFailedStdoutIntoTwoWithOneLine() {
        let failing = CapturedConsole(failingStdout: "no space left on device")
        let status = KeygenCommand.run(seedHex: nil, seedText: "a", out: nil, force: false, console: failing.console)
        XCTAssertEqual(failing.console.settle(status), .usageOrIO)
        XCTAssertEqual(failing.stderr, "error: stdout: no space left on device\n")
        // Findings do not hide it either: the report is incomplete, and 2 wins.
        XCTAssertEqual(CapturedConsole(failingStdout: "x").console.settle(.findings), .usageOrIO)
    }

    func testSettleKeepsTheStatusWhenStdoutWorked() {
        let console = CapturedConsole()
        XCTAssertEqual(console.console.settle(.findings), .findings)
        XCTAssertEqual(console.console.settle(.ok), .ok)
        XCTAssertEqual(console.stderr, "")
    }
}

extension BinaryEndToEndTests {
    func testEveryCommandFailsWhenStdoutIsFull() throws {
        let folder = TempFiles.folder("e2e-full")
        let valid = (try! LogCatalog.scenarios(seed: "e2e")).first { $0.id == "valid-life" }!
        let log = TempFiles.write(valid.records.flatMap { $0 + [0x0A] }, to: folder + "/good.jsonl")
        let key = folder + "/key.json"
        XCTAssertEqual(try Self.run(["keygen", "--seed-text", "a", "--out", key]).status, 0)
        let node = TempFiles.write(#"{"version":1}"#, to: folder + "/node.json")
        let cases: [[String]] = [
            ["keygen", "--seed-text", "a"],
            ["validate", log],
            ["validate", log, "--format", "json"],
            ["reconstruct", log],
            ["verify", log],
            ["canonicalize", node],
            ["hash", "--raw", node],
            ["sign", node, "--key", key],
            ["vectors", "log", "--nodes", "3"],
            ["--help"],
        ]
        for arguments in cases {
            let result = try Self.runToFullDevice(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasSuffix("error: stdout: no space left on device\n"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(
                result.stderr.components(separatedBy: "error: stdout").count, 2, "one line: \(result.stderr)")
        }
    }
}
