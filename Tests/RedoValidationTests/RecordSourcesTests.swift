import XCTest

@testable import RedoValidation

/// The compact table of record sources gives back each source as it was appended: its
/// file through runs of records, its line, and its key only where it had one.
final class RecordSourcesTests: XCTestCase {
    func testEverySourceComesBackAsAppended() {
        let appended = [
            RecordSource(file: 0, line: 1), RecordSource(file: 0, line: 2), RecordSource(file: 1, line: 0, key: "a"),
            RecordSource(file: 1, line: 0, key: ""), RecordSource(file: 2, line: 7), RecordSource(file: 0, line: 3),
            RecordSource(file: 0, line: 4), RecordSource(file: 3, line: 0, key: "users/u/changes/c"),
        ]
        var sources = RecordSources()
        XCTAssertTrue(sources.isEmpty)
        for source in appended { sources.append(source) }
        XCTAssertEqual(sources.count, appended.count)
        for (record, source) in appended.enumerated() {
            XCTAssertEqual(sources[record].file, source.file, "record \(record)")
            XCTAssertEqual(sources.file(of: record), source.file, "record \(record)")
            XCTAssertEqual(sources[record].line, source.line, "record \(record)")
            XCTAssertEqual(sources[record].key, source.key, "record \(record)")
        }
        XCTAssertEqual(sources.map(\.line), appended.map(\.line))
    }
}
