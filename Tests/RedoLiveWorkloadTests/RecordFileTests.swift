import Foundation
import RedoCore
import RedoLiveWorkload
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The account's file: written whole, read back a batch at a time as written, shared
/// between processes through a directory, and removed with its workload when it is its own.
final class RecordFileTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        var template = Array("\(NSTemporaryDirectoryPath())/redo-record-file-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        directory = String(cString: try XCTUnwrap(made))
    }

    override func tearDownWithError() throws {
        for name in [
            "a.jsonl", "signatures", "redo-live-account-bench-40-5-6.jsonl", "redo-live-account-bench-40-5-6.verified",
        ] {
            unlink("\(directory)/\(name)")
        }
        rmdir(directory)
    }

    func testRecordsComeBackAsWrittenWhateverTheBatch() throws {
        // A line longer than the reader's buffer and an empty one are records like the others;
        // a record given with its line break is written with that one.
        let records: [[UInt8]] = [Array("{}".utf8), [], [UInt8](repeating: 0x61, count: 3 << 20), Array("[1]".utf8)]
        let file = try RecordFile.write(to: "\(directory)/a.jsonl") { emit in
            for (index, record) in records.enumerated() { emit(index == 3 ? record + [0x0A] : record) }
        }
        for size in [1, 3, 10] {
            let reader = try file.reader()
            var read: [[UInt8]] = []
            while case let batch = try reader.next(size), !batch.isEmpty { read += batch }
            XCTAssertEqual(read, records)
            XCTAssertEqual(try reader.next(size), [])
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file.path)).count, 3 + 1 + (3 << 20) + 1 + 4)
        XCTAssertThrowsError(try RecordFile(path: "\(directory)/missing").reader()) { error in
            XCTAssertEqual("\(error)", "\(directory)/missing: cannot open: no such file or directory")
        }
    }

    func testADirectoryAndAnEmptyCascadeFileAreNamedWithWhatFailed() throws {
        // The error names the path once, then what failed and why.
        XCTAssertThrowsError(try RecordFile(path: directory).reader()) { error in
            XCTAssertEqual("\(error)", "\(directory): cannot open: is a directory")
        }
        let account = try LoadedAccount(LiveLogWorkload(nodes: 40, tasks: 5, heldBack: 6, directory: directory))
        let empty = try RecordFile.write(to: "\(directory)/a.jsonl") { _ in }
        XCTAssertThrowsError(try account.hold(empty.reader())) { error in
            XCTAssertEqual("\(error)", "\(directory)/a.jsonl: cannot find a trigger: no record left to read")
        }
    }

    func testSharedWorkloadIsGeneratedOnceAndItsSignaturesKept() throws {
        let first = try LiveLogWorkload(nodes: 40, tasks: 5, heldBack: 6, directory: directory)
        let written = try Data(contentsOf: URL(fileURLWithPath: first.file.path))
        let signatures = try first.verifiedSignatures()
        XCTAssertEqual(signatures.count, 40)
        // A second process of the run reads both instead of making them again.
        let second = try LiveLogWorkload(nodes: 40, tasks: 5, heldBack: 6, directory: directory)
        XCTAssertEqual(second.file.path, first.file.path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: second.file.path)), written)
        let kept = try second.verifiedSignatures()
        XCTAssertEqual(kept.count, 40)
        try signatures.write(to: "\(directory)/signatures")
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: "\(directory)/signatures")),
            try Data(contentsOf: URL(fileURLWithPath: "\(directory)/redo-live-account-bench-40-5-6.verified")))
        XCTAssertEqual(try second.load(verified: kept).verdicts, try second.load().verdicts)
        XCTAssertEqual(try second.heldBackRecords().count, 6)
    }

    func testOwnWorkloadFileGoesWithIt() throws {
        var path = ""
        do {
            let workload = try LiveLogWorkload(nodes: 20, tasks: 2, heldBack: 0)
            path = workload.file.path
            XCTAssertTrue(workload.file.exists)
            XCTAssertEqual(try workload.load().verdicts.count, 20)
        }
        XCTAssertFalse(RecordFile(path: path).exists)
    }

    func testReloadStartsAgainFromTheAccount() throws {
        let account = try LoadedAccount(LiveLogWorkload(nodes: 300, tasks: 30, heldBack: 20, directory: directory))
        let firstBatch = try account.nextHeldBack(10)
        _ = try account.ingest(firstBatch)
        let cascade = CascadeWorkload.releasingChain(nodes: 50, seed: "reload")
        try account.hold(cascade)
        XCTAssertEqual(account.cascadeNodesHeld, 50)
        try account.reload()
        XCTAssertEqual(account.live.verdicts.count, 300)
        XCTAssertEqual(account.cascadesHeld, 0)
        XCTAssertEqual(account.cascadeNodesHeld, 0)
        XCTAssertEqual(try account.nextHeldBack(10), firstBatch)
        // The same cascade again: its signatures are in the store, its verdicts the same.
        try account.hold(cascade)
        XCTAssertEqual(try account.trigger(cascade).changedVerdicts.count, 49)
    }

    func testCascadeHeldFromItsFileAsFromMemory() throws {
        let account = try LoadedAccount(LiveLogWorkload(nodes: 300, tasks: 30, heldBack: 0, directory: directory))
        let cascade = CascadeWorkload.releasingChain(nodes: 1_200, seed: "file")
        // Read back after its name is gone, and again after a rewind.
        let reader = try cascade.write(to: "\(directory)/a.jsonl").reader()
        unlink("\(directory)/a.jsonl")
        for _ in 0..<2 {
            try reader.rewind()
            let trigger = try account.hold(reader)
            XCTAssertEqual(trigger, Array(cascade.trigger.prefix { $0 != 0x0A }))  // read back without its line break
            XCTAssertEqual(account.cascadeNodesHeld, cascade.held.count)
            XCTAssertEqual(account.live.verdicts.count, 300 + cascade.held.count)
            XCTAssertEqual(try account.trigger(trigger).changedVerdicts.count, 1_199)
            try account.reload()
        }
    }
}

private func NSTemporaryDirectoryPath() -> String {
    getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
}
