import RedoFixtures
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// Runs the real `redo-conform` binary, as a user or a CI job does.
/// (`run` and `binary` are in BinaryRunner.swift.)
final class BinaryEndToEndTests: XCTestCase {
    func testNoArgumentsRunsCheckOnShippedVectors() throws {
        let result = try Self.run([])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("PASS  nodes/manifest.json"))
        XCTAssertTrue(result.stdout.hasSuffix("passed, 0 failed\n"))
    }

    func testCanonicalizeFromStdin() throws {
        let result = try Self.run(["canonicalize", "-"], stdin: #"{"z": 1e21, "a": [true, 0.1]}"#)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, #"{"a":[true,0.1],"z":1e+21}"#)
    }

    func testCanonicalizeBadInputExitsOneWithLocation() throws {
        let result = try Self.run(["canonicalize"], stdin: "[1,\n 2,]")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "<stdin>: not I-JSON: line 2, column 3 (byte 6): trailing comma before ']'\n")
    }

    func testHashOfSpecSampleNode() throws {
        let node =
            #"{"version":1,"parents":[],"timestamp":{"lamport":1,"wall":"2025-10-26T00:00:00.000Z"},"author":{"userId":"a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4","deviceId":"test_device","publicKey":"a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2"},"action":"CREATE","taskId":"550e8400-e29b-41d4-a716-446655440000","data":{"payload":{"title":"Test Task","priority":1}}}"#
        let result = try Self.run(["hash", "-"], stdin: node)
        XCTAssertEqual(result.stdout, "sha256:18c19e9a251e84004decb26b91403c613cef7f8577830168e50f93cbfcf6e889\n")
    }

    func testUsageErrorExitsTwo() throws {
        let result = try Self.run(["no-such-command"])
        XCTAssertEqual(result.status, 2, result.stderr)
        let missing = try Self.run(["check", "/no/such/dir"])
        XCTAssertEqual(missing.status, 2)
    }
}

extension BinaryEndToEndTests {
    func testValidateExitStatuses() throws {
        let folder = TempFiles.folder("e2e-validate")
        let valid = (try! LogCatalog.scenarios(seed: "e2e")).first { $0.id == "valid-life" }!
        let broken = (try! LogCatalog.scenarios(seed: "e2e")).first { $0.id == "broken-branch" }!
        let good = TempFiles.write(valid.records.flatMap { $0 + [0x0A] }, to: folder + "/good.jsonl")
        let bad = TempFiles.write(broken.records.flatMap { $0 + [0x0A] }, to: folder + "/bad.jsonl")
        XCTAssertEqual(try Self.run(["validate", good]).status, 0)
        let failing = try Self.run(["validate", good, bad])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stdout.contains("bad.jsonl:3"), failing.stdout)
        let missing = try Self.run(["validate", good, folder + "/nope.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stdout.contains("nope.json: no such file or directory"), missing.stdout)
        let junit = try Self.run(["validate", bad, "--format", "junit", "--output", folder + "/report.xml"])
        XCTAssertEqual(junit.status, 1)
        XCTAssertTrue(
            try String(contentsOfFile: folder + "/report.xml", encoding: .utf8).contains(
                "<failure type=\"E_HASH_MISMATCH\""))
        let stdin = try Self.run(
            ["validate", "-", "--format", "json"],
            stdin: String(decoding: valid.records.flatMap { $0 + [0x0A] }, as: UTF8.self))
        XCTAssertEqual(stdin.status, 0, stdin.stdout + stdin.stderr)
        XCTAssertTrue(stdin.stdout.contains("\"source\":\"<stdin>:8\""), stdin.stdout)
    }

    /// A path whose bytes are not UTF-8, given on the command line (through a shell, as a
    /// user would): Swift hands it over with U+FFFD in place of the bad bytes, so it cannot
    /// be opened; the error says why instead of "no such file or directory".
    func testANonUTF8PathOnTheCommandLineIsNamedAsSuch() throws {
        let folder = TempFiles.folder("e2e-non-utf8")
        let name = Array((folder + "/a").utf8) + [0xFF] + Array("b.jsonl".utf8)
        let fd = (name + [0]).withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644)
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let command = "\"$0\" validate \"$1$(printf '\\377')b.jsonl\""
        let shell = try ChildProcess.run(ChildProcessTests.shell, ["-c", command, Self.binary.path, folder + "/a"])
        let report = String(decoding: shell.stdout, as: UTF8.self)
        XCTAssertEqual(shell.status, 2, String(decoding: shell.stderr, as: UTF8.self))
        // The text report lists input problems (other formats send them to stderr).
        XCTAssertTrue(report.contains("a\u{FFFD}b.jsonl: the file name is not valid UTF-8"), report)
    }
}
