import XCTest

@testable import RedoConformKit

/// The binary's usage errors: every one exits 2 (as README and --help say), never the
/// argument parser's default 64, and names what is wrong on stderr.
extension BinaryEndToEndTests {
    func testEveryUsageErrorExitsTwo() throws {
        let cases: [[String]] = [
            ["validate"],
            ["validate", "x", "--format", "xml"],
            ["validate", "x", "--jobs", "abc"],
            ["sign", "s1.json"],
            ["keygen", "--seed-text", "a", "--seed", "00"],
            ["hash", "a", "b"],
            ["vectors", "bogus"],
            ["validate", "x", "--jobs", "0"],
            ["verify", "x", "--jobs", "1025"],
            ["reconstruct", "x", "--max-records", "0"],
            ["vectors", "log", "--shape", "fan", "--nodes", "0"],
            ["vectors", "log", "--shape", "far-merge", "--nodes", "3"],
        ]
        for arguments in cases {
            let result = try Self.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    func testHelpStillExitsZero() throws {
        for arguments in [["--help"], ["validate", "--help"], ["help", "vectors", "log"]] {
            let result = try Self.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("USAGE:"), "\(arguments)")
        }
        // --jobs names its range once and its default once (not the parser's core count too).
        let help = try Self.run(["validate", "--help"]).stdout
        XCTAssertTrue(help.contains("1024 (default: all cores)."), help)
        XCTAssertFalse(help.contains("all cores). (default"), help)
    }

    func testVersionPrintsOneLineAndExitsZero() throws {
        for arguments in [["--version"], ["validate", "--version"]] {
            let result = try Self.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, RedoConformVersion.text + "\n", "\(arguments)")
        }
    }

    func testAMistypedCommandIsAnUnknownCommand() throws {
        for arguments in [["validat", "x"], ["validat"], ["help", "bogus"]] {
            let result = try Self.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(
                result.stderr.contains("unknown command 'validat'")
                    || result.stderr.contains("unknown command 'bogus'"), result.stderr)
        }
    }

    func testAnUnreadableNumbersFileExitsTwo() throws {
        let result = try Self.run(["check", "--numbers", "/no/such/numbers.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: /no/such/numbers.txt: no such file or directory\n")
    }
}
