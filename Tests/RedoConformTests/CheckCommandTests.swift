import XCTest
@testable import RedoConformKit

final class CheckCommandTests: XCTestCase {
    func testShippedVectorsAllPass() {
        let captured = CapturedConsole()
        let status = CheckCommand.run(root: .shipped, console: captured.console)
        XCTAssertEqual(status, .ok, captured.stdout)
        XCTAssertTrue(captured.stdout.contains("PASS  numbers/es-numbers-100k.txt"), captured.stdout)
        XCTAssertTrue(captured.stdout.contains("100000 checks"), captured.stdout)
        XCTAssertTrue(captured.stdout.contains("PASS  ed25519/wycheproof/ed25519_test.json  151 checks"), captured.stdout)
        XCTAssertFalse(captured.stdout.contains("FAIL"))
    }

    func testAFolderWithoutSuitesIsAnIOError() throws {
        let empty = TempFiles.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.run(root: VectorRoot(path: empty), console: captured.console), .usageOrIO)
        XCTAssertTrue(captured.stderr.contains("no vector suites"))
    }

    func testADriftedVectorFailsItsSuite() throws {
        let root = TempFiles.path("drift")
        let folder = root + "/canonicalization/rfc8785"
        try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/output", withIntermediateDirectories: true)
        try Data(#"{"b":1,"a":2}"#.utf8).write(to: URL(fileURLWithPath: folder + "/input/x.json"))
        try Data(#"{"b":1,"a":2}"#.utf8).write(to: URL(fileURLWithPath: folder + "/output/x.json")) // not canonical
        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.run(root: VectorRoot(path: root), console: captured.console), .findings)
        XCTAssertTrue(captured.stdout.contains("FAIL  canonicalization/rfc8785"), captured.stdout)
        XCTAssertTrue(captured.stdout.contains("x.json: canonical bytes differ at offset 2"), captured.stdout)
    }

    func testAnUnreadableNumberStreamIsAnIOError() {
        let missing = TempFiles.path("no-such-numbers") + ".txt"
        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.runNumbers(InputPath(missing), console: captured.console), .usageOrIO)
        XCTAssertEqual(captured.stderr, "error: \(missing): no such file or directory\n")
        XCTAssertEqual(captured.stdout, "")
    }

    func testNumberStreamReportsTheBadLine() throws {
        let path = TempFiles.path("numbers") + ".txt"
        try Data("3ff0000000000000,1\n3ff8000000000000,1.50\n".utf8).write(to: URL(fileURLWithPath: path))
        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.runNumbers(InputPath(path), console: captured.console), .findings)
        XCTAssertTrue(captured.stdout.contains("line 2: 3ff8000000000000,1.50 — we print 1.5"), captured.stdout)
    }
}
