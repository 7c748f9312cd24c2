import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoValidation

/// Bad input never crashes or silently passes: each case gets a clear, located error and
/// every other record is still checked.
final class ValidationRunTests: XCTestCase {
    static let lines: [[UInt8]] = LogVectorFiles.named("valid-life").records

    private func run(_ operands: [String], _ configure: (inout ValidationOptions) -> Void = { _ in })
        -> ValidationResult
    {
        var options = ValidationOptions()
        configure(&options)
        return ValidationRun(options: options).run(operands)
    }

    private func goodFile(_ folder: String) -> String {
        TempFiles.write(Self.lines.flatMap { $0 + [0x0A] }, to: folder + "/good.jsonl")
    }

    func testUnreadablePathIsAProblemAndTheRestIsChecked() {
        let folder = TempFiles.folder("unreadable")
        let result = run([folder + "/missing.json", goodFile(folder)])
        XCTAssertEqual(result.problems.map(\.description), ["\(folder)/missing.json: no such file or directory"])
        XCTAssertEqual(result.verdict.records.count, 8)
        XCTAssertTrue(result.verdict.records.allSatisfy { $0.status == .valid })
        XCTAssertFalse(result.problems.isEmpty, "an input problem (validate exits 2)")
    }

    func testDirectoryWithoutJSON() {
        let folder = TempFiles.folder("empty-dir")
        TempFiles.write("not json", to: folder + "/notes.txt")
        let result = run([folder])
        XCTAssertEqual(result.problems.map(\.message), ["directory holds no .json, .jsonl or .ndjson files"])
    }

    /// An export that came out empty must not pass as "all valid": each input that holds no
    /// record is a problem naming what it held, and the others are still checked.
    func testInputsHoldingNoRecordAreProblems() {
        let folder = TempFiles.folder("no-records")
        let inputs: [(name: String, text: String, message: String)] = [
            ("empty.jsonl", "", "the file is empty: no records"),
            ("blank.ndjson", "\n  \r\n\n", "only blank lines: no records"),
            ("array.json", " [ ] ", "an empty JSON array: no records"),
            ("collection.json", "{}", "an empty JSON object: no records"),
            (
                "nested.json", #"{"users": {"u1": {"changes": {}}}}"#,
                "a nested export whose users hold no changes: no records"
            ),
        ]
        var operands = inputs.map { TempFiles.write($0.text, to: folder + "/" + $0.name) }
        operands.append(goodFile(folder))
        let result = run(operands)
        XCTAssertEqual(result.problems, inputs.map { InputProblem(path: folder + "/" + $0.name, message: $0.message) })
        XCTAssertEqual(result.verdict.records.count, 8)
        XCTAssertTrue(result.verdict.records.allSatisfy { $0.status == .valid })
        XCTAssertFalse(result.problems.isEmpty, "an input problem (validate exits 2)")
        // An empty .json document stays what it was: one rejected record, located.
        let document = run([TempFiles.write("", to: folder + "/empty.json")])
        XCTAssertEqual(document.problems, [])
        XCTAssertEqual(document.verdict.records.map(\.status), [.rejected])
    }

    func testDirectoriesAreWalkedRecursivelyInOrder() {
        let folder = TempFiles.folder("walk")
        try! FileManager.default.createDirectory(atPath: folder + "/b/c", withIntermediateDirectories: true)
        TempFiles.write(Self.lines[0] + [0x0A], to: folder + "/b/c/one.ndjson")
        TempFiles.write(Self.lines[1...].flatMap { $0 + [0x0A] }, to: folder + "/a.jsonl")
        let result = run([folder])
        XCTAssertEqual(
            result.files.map { $0.display.replacingOccurrences(of: folder + "/", with: "") },
            ["a.jsonl", "b/c/one.ndjson"])
        XCTAssertEqual(result.verdict.records.filter { $0.status == .valid }.count, 8)
    }

    func testBinaryFileIsAProblemAndTheRestIsChecked() {
        let folder = TempFiles.folder("binary")
        TempFiles.write([0x7B, 0x22, 0x00, 0xFF, 0xD8], to: folder + "/photo.json")
        let result = run([folder + "/photo.json", goodFile(folder)])
        XCTAssertEqual(result.problems.map(\.message), ["binary data at byte 2, not JSON"])
        XCTAssertEqual(result.verdict.records.count, 8)
    }

    func testTruncatedJSONLinesRecordIsLocated() {
        let folder = TempFiles.folder("truncated")
        var bytes: [UInt8] = Self.lines.flatMap { $0 + [0x0A] }
        bytes.removeLast(40)  // cut the last line short
        let path = TempFiles.write(bytes, to: folder + "/cut.jsonl")
        let result = run([path])
        XCTAssertEqual(result.verdict.records.count, 8)
        let last = result.verdict.records[7]
        XCTAssertEqual(last.status, .rejected)
        XCTAssertEqual(last.findings.first?.rule, .recordSyntax)
        XCTAssertTrue(last.findings.first!.message.hasPrefix("not I-JSON: column "), last.findings.first!.message)
        XCTAssertEqual(result.source(7), path + ":8")
        XCTAssertEqual(result.verdict.records.prefix(7).filter { $0.status == .valid }.count, 7)
    }

    func testHugeSparseFileIsRefusedQuickly() throws {
        let folder = TempFiles.folder("huge")
        let path = folder + "/export.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 2 << 30)  // 2 GiB of (sparse) zeros
        try handle.close()
        let result = run([path, goodFile(folder)])
        // Refused by its size, before a byte of it is read.
        XCTAssertEqual(
            result.problems.map(\.message),
            ["larger than the limit of 1073741824 bytes (split it, or use JSON Lines, which is streamed)"])
        XCTAssertEqual(result.verdict.records.count, 8)
    }

    func testDocumentOverTheLimit() {
        let folder = TempFiles.folder("big-doc")
        let path = TempFiles.write("[" + String(repeating: "1,", count: 100) + "1]", to: folder + "/big.json")
        let result = run([path]) { $0.maxDocumentBytes = 64 }
        XCTAssertEqual(
            result.problems.map(\.message),
            ["larger than the limit of 64 bytes (split it, or use JSON Lines, which is streamed)"])
    }

    func testFiftyMegabyteLineIsAFindingAndIsNotKept() {
        let folder = TempFiles.folder("long-line")
        var bytes: [UInt8] = Self.lines[0] + [0x0A]
        bytes += [0x7B, 0x22, 0x78, 0x22, 0x3A, 0x22] + [UInt8](repeating: 0x61, count: 50 << 20) + [0x22, 0x7D, 0x0A]
        bytes += Self.lines.dropFirst().flatMap { $0 + [UInt8(0x0A)] }
        let path = TempFiles.write(bytes, to: folder + "/long.jsonl")
        let result = run([path])
        XCTAssertEqual(result.verdict.records.count, 9)
        XCTAssertEqual(result.verdict.records[1].findings.map(\.rule), [.recordSize])
        XCTAssertEqual(
            result.verdict.records[1].findings.first?.message,
            "line of 52428808 bytes is over the record limit of 16777216")
        XCTAssertEqual(result.source(1), path + ":2")
        XCTAssertEqual(result.verdict.records.filter { $0.status == .valid }.count, 8)
    }

    func testMalformedJSONDocumentIsOneLocatedRecord() {
        let folder = TempFiles.folder("malformed")
        let path = TempFiles.write("[\n  {\"a\": 1},\n  {\"a\": 2,}\n]", to: folder + "/bad.json")
        let result = run([path])
        XCTAssertEqual(result.verdict.records.count, 1)
        XCTAssertEqual(
            result.verdict.records[0].findings.first?.message,
            "not I-JSON: line 3, column 10 (byte 23): trailing comma before '}'")
        XCTAssertEqual(result.source(0), path)
    }

    func testJSONLinesWithoutTheExtensionAreDetected() {
        let folder = TempFiles.folder("sniff")
        let path = TempFiles.write(Self.lines.flatMap { $0 + [0x0A] }, to: folder + "/export.json")
        let result = run([path])
        XCTAssertTrue(result.problems.isEmpty)
        XCTAssertEqual(result.verdict.records.count, 8)
        XCTAssertEqual(result.source(3), path + ":4")
    }

    func testSameVerdictOnOneAndManyJobs() {
        let folder = TempFiles.folder("jobs")
        let all = LogVectorFiles.all.flatMap(\.records)
        let path = TempFiles.write(all.flatMap { $0 + [0x0A] }, to: folder + "/all.jsonl")
        let one = run([path]) {
            $0.jobs = 1
            $0.batchSize = 7
        }
        let many = run([path]) {
            $0.jobs = 4
            $0.batchSize = 1000
        }
        XCTAssertEqual(one.verdict.records.map(\.code), many.verdict.records.map(\.code))
        XCTAssertEqual(one.verdict.records.map(\.status), many.verdict.records.map(\.status))
    }

    /// Records claiming ids that share their first 48 hex digits (all failing their hash)
    /// are each rejected for it, and the chain between them stays valid. (Their speed on a
    /// million records is the scale benchmark's shared-prefix shape.)
    func testClaimedIdsSharingAPrefixAreEachRejected() {
        var lines: [UInt8] = []
        LogGenerator(shape: .sharedPrefix, nodes: 2001, tasks: 1, seed: "shared prefix", jobs: 1).generate {
            lines += $0
        }
        let path = TempFiles.write(lines, to: TempFiles.folder("shared-prefix") + "/log.jsonl")
        let records = run([path]).verdict.records
        XCTAssertEqual(records.count, 2001)
        XCTAssertEqual(records.filter { $0.status == .valid }.count, 1001)
        XCTAssertEqual(records.filter { $0.code == .hashMismatch }.count, 1000)
        XCTAssertTrue(
            records.enumerated().allSatisfy { k, record in (k % 2 == 0 && k > 0) == (record.status == .rejected) })
    }
}
