import RedoFixtures
import RedoTestSupport
import XCTest

@testable import RedoConformKit
@testable import RedoValidation

/// verify with a progress meter on one terminal.
final class VerifyProgressTests: XCTestCase {
    /// `verify` writes its failure lines to stdout while the line is drawn on stderr; on
    /// one terminal, each failure line must start on a clean line: the progress line is
    /// blanked first, never left for the failure text to run into.
    func testVerifyFailureLinesNeverShareTheProgressLine() throws {
        let screen = RecordedLines()
        let meter = ProgressMeter(write: screen.append, delay: 0, interval: 0.0005)
        var lines: [[UInt8]] = []
        LogGenerator(shape: .benign, nodes: 120, tasks: 24, seed: "progress").generate { lines.append($0) }
        // Every third record gets a wrong id: one failure line each.
        for k in stride(from: 0, to: lines.count, by: 3) {
            let text = String(decoding: lines[k], as: UTF8.self)
            let id = try XCTUnwrap(text.range(of: #""id":"sha256:"#)).upperBound
            lines[k] = Array(
                text.replacingCharacters(in: id..<text.index(after: id), with: text[id] == "0" ? "1" : "0").utf8)
        }
        let file = TempFiles.write(
            lines.flatMap { $0 + [0x0A] }, to: TempFiles.folder("progress-verify") + "/log.jsonl")
        let console = Console(
            writeOut: { screen.append("OUT:" + String(decoding: $0, as: UTF8.self)) }, writeErr: screen.append)
        var options = ValidationOptions()
        options.jobs = 1
        options.batchSize = 4
        XCTAssertEqual(VerifyCommand.run([file], options: options, console: console, progress: meter), .findings)
        let events = screen.all
        // In input order, though each batch is verified while the next is read.
        let failureLines = events.filter { $0.hasPrefix("OUT:") && $0.contains("id does not match") }
            .map { Int($0.prefix { $0 != " " }.split(separator: ":").last!)! }
        // the generated lines end in a newline: a blank line follows each
        XCTAssertEqual(failureLines, stride(from: 0, to: 120, by: 3).map { 2 * $0 + 1 })
        XCTAssertTrue(events.contains { $0.hasPrefix("\r  ") }, "the line was never drawn")
        // Follow the terminal: a drawn progress line stays until a blanking write.
        var lineShown = false
        for event in events {
            if event.hasPrefix("OUT:") {
                XCTAssertFalse(lineShown, "stdout written over the progress line: \(event)")
            } else {
                lineShown = !event.hasSuffix("\r")
            }
        }
        XCTAssertFalse(lineShown, "the line is blanked at the end")
        XCTAssertEqual(events.last, "OUT:120 records: 80 verified, 40 failed\n")
    }
}
