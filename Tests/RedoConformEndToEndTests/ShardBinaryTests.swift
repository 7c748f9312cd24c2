import RedoTestSupport
import XCTest

/// validate --shard and merge-reports through the binary.
extension BinaryEndToEndTests {
    /// The binary end to end: shards as a scheduler runs them, then merge-reports.
    func testBinaryShardsAndMerge() throws {
        let folder = TempFiles.folder("binary-shards")
        let logs = VectorFiles.url("logs").path
        let whole = try BinaryEndToEndTests.run(["validate", logs, "--format", "junit"])
        var paths: [String] = []
        for index in 0..<3 {
            let path = "\(folder)/shard-\(index).json"
            let run = try BinaryEndToEndTests.run([
                "validate", logs, "--shard", "\(index)/3", "--format", "json", "--output", path, "--quiet",
            ])
            XCTAssertTrue([0, 1].contains(run.status), run.stderr)
            paths.append(path)
        }
        let merged = try BinaryEndToEndTests.run(["merge-reports"] + paths + ["--format", "junit"])
        XCTAssertEqual(merged.stdout, whole.stdout)
        XCTAssertEqual(merged.status, whole.status)
        let usage = try BinaryEndToEndTests.run(["validate", logs, "--shard", "3/3", "--format", "json"])
        XCTAssertEqual(usage.status, 2)
        let text = try BinaryEndToEndTests.run(["validate", logs, "--shard", "0/3"])
        XCTAssertEqual(text.status, 2)
        XCTAssertTrue(text.stderr.contains("--format json"), text.stderr)
        let html = try BinaryEndToEndTests.run(["merge-reports"] + paths + ["--format", "html"])
        XCTAssertEqual(html.status, 2)
        XCTAssertTrue(html.stderr.contains("without --shard"), html.stderr)
    }
}
