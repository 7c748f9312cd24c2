import Foundation
import RedoFixtures
import RedoTestSupport
import XCTest

@testable import RedoValidation

/// The progress line counts records whose every check is done, signature included, so it
/// reaches 100% when the work does; it is drawn only for work that lasts.
final class ProgressMeterTests: XCTestCase {
    typealias Counts = ProgressMeter.Counts

    func testRecordsWaitingForTheirSignatureAreNotDone() {
        // Half the bytes read, 100 records read and checked, 60 signatures still pending.
        let counts = Counts(
            totalBytes: 1000, bytesRead: 500, recordsRead: 100, recordsChecked: 100, signaturesPending: 60)
        XCTAssertEqual(ProgressMeter.line(counts, elapsed: 2), "  40 records  20/s  20%  ETA 8s")
    }

    func testTheTotalIsExactOnceReadingIsOver() {
        var counts = Counts(
            totalBytes: 1000, bytesRead: 1000, recordsRead: 300, recordsChecked: 300, signaturesPending: 150,
            readingDone: true)
        XCTAssertEqual(ProgressMeter.line(counts, elapsed: 3), "  150 records  50/s  50%  ETA 3s")
        counts.signaturesPending = 0
        counts.logRules = true
        XCTAssertEqual(ProgressMeter.line(counts, elapsed: 4), "  300 records  75/s  100%  log rules…")
    }

    func testAPipeShowsCountAndRateOnly() {
        let counts = Counts(totalBytes: 0, bytesRead: 4096, recordsRead: 50, recordsChecked: 50, signaturesPending: 10)
        XCTAssertEqual(ProgressMeter.line(counts, elapsed: 2), "  40 records  20/s")
    }

    func testShortWorkDrawsNothing() {
        let lines = RecordedLines()
        let meter = ProgressMeter(write: lines.append, delay: 3600, interval: 0.001)
        let result = ValidationRun(options: ValidationOptions(), progress: meter).run([logFile(records: 40)])
        XCTAssertEqual(result.verdict.records.count, 40)
        XCTAssertEqual(meter.snapshot.recordsChecked, 40, "the meter was told of the work")
        XCTAssertEqual(lines.all, [])
    }

    /// One verifier thread behind a reader that is far ahead (the backlog holds the whole
    /// log): the line still ends at every record, checked and verified, and then is blanked.
    func testTheLineEndsWhenEverySignatureIsVerified() throws {
        let lines = RecordedLines()
        let meter = ProgressMeter(write: lines.append, delay: 0, interval: 0.001)
        var options = ValidationOptions()
        options.jobs = 1
        options.batchSize = 16
        let result = ValidationRun(options: options, progress: meter).run([logFile(records: 200)])
        XCTAssertEqual(result.verdict.records.count, 200)
        let drawn = lines.all
        let blank = try XCTUnwrap(drawn.last)
        XCTAssertEqual(blank, "\r" + String(repeating: " ", count: blank.count - 2) + "\r")
        XCTAssertGreaterThan(blank.count, 2)
        let last = try XCTUnwrap(drawn.dropLast().last)
        XCTAssertTrue(last.hasPrefix("\r  200 records "), last)
        XCTAssertTrue(last.contains("  100%"), last)
        // Counts never go back, and never pass the log.
        let counts = drawn.dropLast().map { Int($0.dropFirst(3).prefix { $0.isNumber })! }
        XCTAssertEqual(counts, counts.sorted())
        XCTAssertLessThanOrEqual(counts.max()!, 200)
    }

    func testVerifierReportsEverySignature() {
        let meter = ProgressMeter(write: { _ in }, delay: 3600)
        let lines = logLines(records: 30)
        var options = ValidationOptions()
        options.jobs = 2
        options.batchSize = 7
        _ = ValidationRun(options: options, progress: meter).run([
            TempFiles.write(lines.flatMap { $0 + [0x0A] }, to: TempFiles.folder("progress-counts") + "/log.jsonl")
        ])
        let counts = meter.snapshot
        XCTAssertEqual(counts.recordsRead, 30)
        XCTAssertEqual(counts.recordsChecked, 30)
        XCTAssertEqual(counts.signaturesPending, 0)
        XCTAssertEqual(counts.bytesRead, counts.totalBytes)
        XCTAssertTrue(counts.readingDone && counts.logRules)
    }

    private func logLines(records: Int) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        LogGenerator(shape: .benign, nodes: records, tasks: max(1, records / 5), seed: "progress").generate {
            lines.append($0)
        }
        return lines
    }

    private func logFile(records: Int) -> String {
        TempFiles.write(
            logLines(records: records).flatMap { $0 + [0x0A] }, to: TempFiles.folder("progress") + "/log.jsonl")
    }
}
