import Foundation
import XCTest

/// redo-bench's options: a value that does not parse or is out of range, or a missing value,
/// stops the run with exit 2 and names the option, rather than measuring the default.
final class BenchUsageTests: XCTestCase {
    static var bench: URL {
        // The test bundle sits in the build products folder next to the executables.
        var folder = Bundle(for: BenchUsageTests.self).bundleURL
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("redo-bench")
    }

    func testABadNumberExitsTwoAndNamesTheOption() throws {
        let cases: [(arguments: [String], message: String)] = [
            (["live", "--nodes", "abc"], "redo-bench: --nodes: 'abc' is not a whole number of at least 1"),
            (["live", "--tasks", "0"], "redo-bench: --tasks: '0' is not a whole number of at least 1"),
            (["verify", "--seconds", "inf"], "redo-bench: --seconds: 'inf' is not a number of seconds"),
            (["verify", "--seconds", "nan"], "redo-bench: --seconds: 'nan' is not a number of seconds"),
            (["sha256", "--log", "x", "--rounds", "-3"], "redo-bench: --rounds: '-3' is not a whole number"),
            (["scale", "x", "--jobs", "two"], "redo-bench: --jobs: 'two' is not a whole number"),
            (["invariants", "--count", "1e3"], "redo-bench: --count: '1e3' is not a whole number"),
            (["invariants", "--seed", "-1"], "redo-bench: --seed: '-1' is not a whole number from 0 to 2^64-1"),
        ]
        try assertRefused(cases)
    }

    /// An option with no value, last or before another option, names itself; an unknown
    /// command prints the usage. Both on stderr, exit 2.
    func testAnOptionWithoutItsValueIsAUsageError() throws {
        let cases: [(arguments: [String], message: String)] = [
            (["live", "--nodes"], "redo-bench: --nodes needs a value"),
            (["live", "--nodes", "--tasks", "5"], "redo-bench: --nodes needs a value"),
            (["random-logs", "--out", "--count", "2"], "redo-bench: --out needs a value"),
            (["bogus"], "usage: redo-bench "),
        ]
        try assertRefused(cases)
    }

    /// Each case exits 2, its stderr starting with its message, and prints nothing on stdout.
    private func assertRefused(_ cases: [(arguments: [String], message: String)]) throws {
        for (arguments, message) in cases {
            let output = try ChildProcess.run(Self.bench, arguments, timeout: 60)
            let stderr = String(decoding: output.stderr, as: UTF8.self)
            XCTAssertEqual(output.status, 2, "\(arguments): \(stderr)")
            XCTAssertTrue(stderr.hasPrefix(message), "\(arguments): \(stderr)")
            XCTAssertTrue(output.stdout.isEmpty, "\(arguments)")
        }
    }
}
