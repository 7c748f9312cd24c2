import Foundation
import RedoTestSupport
import XCTest

/// What a support engineer runs on a user's export, through the binary: wrapped exports
/// read with --nodes-at by every command that reads exports, warnings summed up by code in
/// validate's and merge-reports' text alike, deleted tasks listed by reconstruct with the
/// DELETE's device.
extension BinaryEndToEndTests {
    /// A log vector's nodes wrapped as `{"exportedAt": …, "nodes": […]}`, and the log.
    private func wrappedExport(_ folder: String) throws -> (wrapped: String, log: String) {
        let log = VectorFiles.url("logs").path + "/deleted-chain-order.jsonl"
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let wrapped = TempFiles.write(
            "{\"exportedAt\": \"2026-01-01T00:00:00Z\", \"nodes\": [" + lines.joined(separator: ",") + "]}",
            to: folder + "/export.json")
        return (wrapped, log)
    }

    func testBinaryReadsWrappedExportsWithNodesAt() throws {
        let folder = TempFiles.folder("binary-nodes-at")
        let (wrapped, log) = try wrappedExport(folder)
        let misread = try BinaryEndToEndTests.run(["validate", wrapped])
        XCTAssertEqual(misread.status, 2, misread.stdout)
        XCTAssertTrue(misread.stdout.contains("add --nodes-at /nodes"), misread.stdout)
        let plain = try BinaryEndToEndTests.run(["validate", log, "--format", "json"])
        let read = try BinaryEndToEndTests.run(["validate", wrapped, "--nodes-at", "/nodes", "--format", "json"])
        XCTAssertEqual(read.status, plain.status, read.stderr)
        XCTAssertTrue(read.stdout.contains("\"deletedTasks\":1"), read.stdout)
        for command in [
            ["reconstruct"], ["verify"], ["graph", "--format", "dot", "--task", "any"],
            ["validate", "--shard", "0/2", "--format", "json"],
        ] {
            let run = try BinaryEndToEndTests.run(
                [command[0], wrapped, "--nodes-at", "/nodes"] + command.dropFirst())
            XCTAssertFalse(run.stderr.contains("not an export"), "\(command): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("Unknown option"), "\(command): \(run.stderr)")
        }
        let diff = try BinaryEndToEndTests.run(["diff", wrapped, log, "--nodes-at", "/nodes"])
        XCTAssertEqual(diff.status, 0, diff.stdout + diff.stderr)
        let bad = try BinaryEndToEndTests.run(["validate", wrapped, "--nodes-at", "nodes"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("JSON Pointer"), bad.stderr)
        let missing = try BinaryEndToEndTests.run(["validate", wrapped, "--nodes-at", "/changes"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stdout.contains("no member \"changes\""), missing.stdout)
    }

    func testBinaryTextReportsSumWarningsAndMergeReportsMatches() throws {
        let folder = TempFiles.folder("binary-warnings")
        let log = TempFiles.write(
            try BinaryEndToEndTests.run([
                "vectors", "log", "--shape", "faulty", "--nodes", "3000", "--tasks", "600", "--seed", "support",
            ]).stdout, to: folder + "/faulty.jsonl")
        for extra in [[], ["--warnings"]] {
            let whole = try BinaryEndToEndTests.run(["validate", log] + extra)
            var paths: [String] = []
            for index in 0..<2 {
                let path = "\(folder)/shard-\(index)\(extra.count).json"
                _ = try BinaryEndToEndTests.run([
                    "validate", log, "--shard", "\(index)/2", "--format", "json", "--output", path, "--quiet",
                ])
                paths.append(path)
            }
            let merged = try BinaryEndToEndTests.run(["merge-reports"] + paths + extra)
            XCTAssertEqual(merged.stdout, whole.stdout, "\(extra)")
            XCTAssertEqual(merged.status, whole.status)
            XCTAssertEqual(
                whole.stdout.contains("X_DELETED_CHAIN_ORDER  deletedChain.order"), !extra.isEmpty, "\(extra)")
            XCTAssertTrue(whole.stdout.contains(" tasks deleted\n"), whole.stdout)
        }
        let reconstruct = try BinaryEndToEndTests.run(["reconstruct", log, "--format", "text"])
        XCTAssertTrue(reconstruct.stdout.contains("\ndeleted: "), reconstruct.stdout)
        // The DELETE's device is read again from its record; standard input cannot be.
        XCTAssertTrue(reconstruct.stdout.contains(" from device "), reconstruct.stdout)
        let piped = try BinaryEndToEndTests.run(
            ["reconstruct", "-", "--format", "text"], stdin: try String(contentsOfFile: log, encoding: .utf8))
        XCTAssertTrue(piped.stdout.contains("\ndeleted: "), piped.stdout)
        XCTAssertFalse(piped.stdout.contains(" from device "), piped.stdout)
    }
}
