import Foundation
import RedoTestSupport
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

    /// The first line keeps its form (release.sh reads it); then the commit and the vector set.
    func testVersionNamesTheReleaseTheCommitAndTheVectorSet() throws {
        for arguments in [["--version"], ["validate", "--version"]] {
            let result = try Self.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 3, result.stdout)
            XCTAssertEqual(
                lines.first, "redo-conform \(RedoConformVersion.release)-dev (REDO protocol v1)", "a development build")
            XCTAssertTrue(lines[1].hasPrefix("commit "), result.stdout)
            XCTAssertNotEqual(lines[1], "commit unknown", "built inside a git work tree")
            let stamp = try XCTUnwrap(VectorSetStamp.shipped)
            XCTAssertEqual(lines[2], "vector set \(stamp.version) (sha256 \(stamp.digest))")
        }
    }

    /// The release number lives in Version.swift only: the README and docs name no other.
    func testReadmeAndDocsNameTheCurrentVersion() throws {
        let root = VectorFiles.repositoryRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let pattern = try NSRegularExpression(
            pattern: #"redo-conform[- ]v?([0-9]+\.[0-9]+\.[0-9]+)|redo-conform@v([0-9]+\.[0-9]+\.[0-9]+)"#)
        var named = 0
        for file in ["README.md"] + docs {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
                let version = (text as NSString).substring(with: range)
                XCTAssertEqual(
                    version, RedoConformVersion.release,
                    "\(file) names \((text as NSString).substring(with: match.range))")
                named += 1
            }
        }
        XCTAssertGreaterThan(named, 0, "the README says which archive to install")
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
