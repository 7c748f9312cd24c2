import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

final class CanonicalizeHashCommandTests: XCTestCase {
    private func file(_ text: String) throws -> InputPath {
        let path = TempFiles.path("doc") + ".json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return InputPath(path)
    }

    func testCanonicalizeWritesCanonicalBytes() throws {
        let captured = CapturedConsole()
        XCTAssertEqual(
            CanonicalizeCommand.run(try file(#"{ "b": [1.0, "\u00e9"], "a": null }"#), console: captured.console), .ok)
        XCTAssertEqual(captured.stdout, #"{"a":null,"b":[1,"é"]}"#)
    }

    func testCanonicalizeRejectsNonIJSONWithLocation() throws {
        let input = try file("{\"a\":1,\"a\":2}")
        let captured = CapturedConsole()
        XCTAssertEqual(CanonicalizeCommand.run(input, console: captured.console), .findings)
        XCTAssertEqual(captured.stdout, "")
        XCTAssertEqual(
            captured.stderr,
            "\(input.path): not I-JSON: line 1, column 8 (byte 7): duplicate object key \"a\" (I-JSON forbids duplicate names)\n"
        )
    }

    func testUnreadableFileIsAnIOError() {
        let captured = CapturedConsole()
        XCTAssertEqual(CanonicalizeCommand.run(InputPath("/no/such/file.json"), console: captured.console), .usageOrIO)
        XCTAssertEqual(captured.stderr, "error: /no/such/file.json: no such file or directory\n")
    }

    func testHashOfNodeIgnoresIdAndSignature() throws {
        let captured = CapturedConsole()
        XCTAssertEqual(
            HashCommand.run(try file(#"{"id":"x","signature":"y","a":1}"#), raw: false, console: captured.console), .ok)
        let other = CapturedConsole()
        XCTAssertEqual(HashCommand.run(try file(#"{"a":1}"#), raw: false, console: other.console), .ok)
        XCTAssertEqual(captured.stdout, other.stdout)
        XCTAssertTrue(captured.stdout.hasPrefix("sha256:"))
    }

    func testRawHashIsSHA256OfCanonicalForm() throws {
        let captured = CapturedConsole()
        XCTAssertEqual(HashCommand.run(try file("[1, 2]"), raw: true, console: captured.console), .ok)
        // printf '[1,2]' | sha256sum
        XCTAssertEqual(captured.stdout, "49a64717d5d4cb19952e6eac2946415cf6879adacf9908e7d872332d32c6e684\n")
    }

    func testHashOfANonObjectNodeIsAFinding() throws {
        let captured = CapturedConsole()
        XCTAssertEqual(HashCommand.run(try file("[1]"), raw: false, console: captured.console), .findings)
        XCTAssertTrue(captured.stderr.contains("a REDO node must be a JSON object, found an array"))
    }
}
