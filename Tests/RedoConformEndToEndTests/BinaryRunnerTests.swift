import Foundation
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// The runner moves a child's stdin, stdout and stderr at once: megabytes on each, in any
/// order, complete (a pipe holds 64 KiB).
final class ChildProcessTests: XCTestCase {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// The child writes 2 MB to stderr before it reads a byte of its 1.5 MB stdin, then
    /// copies stdin to stdout.
    func testMegabytesOnEveryStreamAtOnce() throws {
        let input = Data((0..<50_000).map { "line \($0) of the input\n" }.joined().utf8)
        XCTAssertGreaterThan(input.count, 1 << 20)
        let script = "head -c 2000000 /dev/zero | tr '\\000' e >&2; cat; echo end >&2"
        let output = try ChildProcess.run(Self.shell, ["-c", script], stdin: input)
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stdout.count, input.count)
        XCTAssertTrue(output.stdout == input, "stdout is stdin, in order")
        XCTAssertEqual(output.stderr.count, 2_000_000 + 4)
        XCTAssertEqual(output.stderr.suffix(5), Data("eend\n".utf8))
    }

    /// A child that exits without reading its stdin ends the run with its own status.
    func testAChildThatReadsNoInput() throws {
        let output = try ChildProcess.run(Self.shell, ["-c", "echo bye; exit 3"], stdin: Data(count: 4 << 20))
        XCTAssertEqual(output.status, 3)
        XCTAssertEqual(output.stdout, Data("bye\n".utf8))
        XCTAssertEqual(output.stderr, Data())
    }
}

extension BinaryEndToEndTests {
    /// `validate --format json` on a mostly rejected log read from stdin, beside 320 empty
    /// files 3,400 bytes deep: the report (over 1 MB) goes to stdout, then one error line
    /// per empty file (over 1 MB) to stderr.
    func testMegabytesOfReportAndOfErrorLinesComplete() throws {
        var log: [UInt8] = []
        LogGenerator(shape: .mostlyRejected, nodes: 3000, tasks: 300, seed: "large outputs", jobs: 1).generate { line in
            log += line
            if line.last != 0x0A { log.append(0x0A) }
        }
        XCTAssertGreaterThan(log.count, 1 << 20)
        let folder = TempFiles.folder("e2e-large-outputs")
        let deep = folder + String(repeating: "/" + String(repeating: "d", count: 240), count: 14)
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        for k in 0..<320 { TempFiles.write("", to: "\(deep)/empty-\(k).jsonl") }

        let stdin = String(decoding: log, as: UTF8.self)
        let result = try Self.run(["validate", "-", folder, "--format", "json"], stdin: stdin)
        XCTAssertEqual(result.status, 2, "inputs that hold no record are problems")
        XCTAssertGreaterThan(result.stdout.utf8.count, 1 << 20)
        XCTAssertGreaterThan(result.stderr.utf8.count, 1 << 20)
        let errorLines = result.stderr.split(separator: "\n")
        XCTAssertEqual(errorLines.count, 320)
        XCTAssertEqual(errorLines.filter { $0.hasPrefix("error: \(deep)/empty-") }.count, 320)
        XCTAssertEqual(errorLines.filter { $0.hasSuffix(".jsonl: the file is empty: no records") }.count, 320)
        let report = try JSONReader.parse(Array(result.stdout.utf8))
        XCTAssertEqual(report["summary"]?["records"], .number(3000))
        XCTAssertGreaterThan(report["summary"]?["rejected"]?.numberValue ?? 0, 2000)
        XCTAssertEqual(report["problems"]?.arrayValue?.count, 320)
    }
}
