import Foundation
import RedoFixtures
import RedoTestSupport
import XCTest

/// The real binary, writing its output where the disk fills up or the process is killed
/// midway: the previous file stays, or there is none — never a truncated one.
final class InterruptedOutputTests: XCTestCase {
    private var binary: URL { BinaryEndToEndTests.binary }

    /// A tmpfs of `size` bytes mounted on a new folder, unmounted after the test. Mounting
    /// needs root (CAP_SYS_ADMIN): elsewhere the test is skipped, saying why — except under
    /// CI=true, where it must run.
    private func smallFileSystem(size: Int) throws -> String {
        let folder = TempFiles.folder("tmpfs")
        guard mount("tmpfs", folder, "tmpfs", 0, "size=\(size),mode=0755") == 0 else {
            let reason = String(cString: strerror(errno))
            let message = "cannot mount a \(size)-byte tmpfs on \(folder) (\(reason)): mounting needs root"
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail("\(message); CI=true, where this test must run")
            }
            throw XCTSkip.recorded(message)
        }
        addTeardownBlock { _ = umount2(folder, Int32(MNT_DETACH)) }
        return folder
    }

    private func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// A log whose JSON report (about 220 KB) cannot fit in 64 KiB.
    private static let largeLog: String = {
        let path = TempFiles.path("large") + ".jsonl"
        var bytes: [UInt8] = []
        LogGenerator(shape: .benign, nodes: 1000, tasks: 20, seed: "whole output").generate { bytes += $0 }
        return TempFiles.write(bytes, to: path)
    }()

    func testAFullDiskLeavesThePreviousReportOrNone() throws {
        let disk = try smallFileSystem(size: 64 * 1024)
        let report = disk + "/report.json"
        let arguments = ["validate", Self.largeLog, "--format", "json", "--output", report]
        let first = try BinaryEndToEndTests.run(arguments)
        XCTAssertEqual(first.status, 2, first.stderr)
        XCTAssertEqual(first.stderr, "error: \(report): no space left on device\n")
        XCTAssertNil(contents(report), "no report at all, rather than a truncated one")
        XCTAssertEqual(names(in: disk), [], "the temporary file is removed")

        TempFiles.write("previous report\n", to: report)
        let second = try BinaryEndToEndTests.run(arguments)
        XCTAssertEqual(second.status, 2, second.stderr)
        XCTAssertEqual(contents(report), "previous report\n")
        XCTAssertEqual(names(in: disk), ["report.json"])

        // Generated logs and vector files likewise.
        let log = disk + "/log.jsonl"
        let generated = try BinaryEndToEndTests.run(["vectors", "log", "--nodes", "400", "--out", log])
        XCTAssertEqual(generated.status, 2, generated.stderr)
        XCTAssertNil(contents(log))
        let vectors = try BinaryEndToEndTests.run(["vectors", "generate", "--out", disk + "/vectors"])
        XCTAssertEqual(vectors.status, 2, vectors.stderr)
        XCTAssertEqual(names(in: disk), ["report.json", "vectors"])

        // What fits is written as before.
        try FileManager.default.removeItem(atPath: disk + "/vectors")
        let small = try BinaryEndToEndTests.run(["vectors", "log", "--nodes", "10", "--out", log])
        XCTAssertEqual(small.status, 0, small.stderr)
        XCTAssertEqual(contents(log)?.split(separator: "\n").count, 10)
    }

    func testAKilledWriteLeavesThePreviousFileOrNone() throws {
        let folder = TempFiles.folder("killed")
        let previous = TempFiles.write("previous log\n", to: folder + "/old.jsonl")
        try killMidway(writing: previous, in: folder)
        XCTAssertEqual(contents(previous), "previous log\n")
        try killMidway(writing: folder + "/new.jsonl", in: folder)
        XCTAssertNil(contents(folder + "/new.jsonl"), "no log at all, rather than a truncated one")
    }

    /// Starts `vectors log` on a log far too large to finish, waits until its temporary
    /// file beside `path` holds bytes (the write is under way), then kills it with SIGKILL.
    private func killMidway(writing path: String, in folder: String) throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["vectors", "log", "--nodes", "5000000", "--out", path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let prefix = "." + (path as NSString).lastPathComponent + ".redo-conform-"
        let deadline = Date().addingTimeInterval(120)
        var underway = false
        while !underway && process.isRunning && Date() < deadline {
            usleep(10_000)
            underway = names(in: folder).contains { name in
                name.hasPrefix(prefix)
                    && ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
                        > 0
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertTrue(underway, "the temporary file never filled")
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    }
}
