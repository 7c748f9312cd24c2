import RedoCore
import RedoJSON
import XCTest

@testable import RedoConformKit

/// `MergedReport.Text` keeps a record's source, id and task in as few bytes as give them
/// back exactly: every spelling, canonical or not, reads back byte for byte.
final class MergedReportTextTests: XCTestCase {
    private static func json(_ text: String?) -> [UInt8] {
        var out: [UInt8] = []
        if let text { StringEscaping.appendQuoted(text, to: &out) } else { out += Array("null".utf8) }
        return out
    }

    func testEverySpellingReadsBackByteForByte() {
        let id = "sha256:" + String(repeating: "0123456789abcdef", count: 4)
        let task = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let cases: [(source: String, id: String?, task: String?)] = [
            ("log.jsonl:1", id, task),
            ("log.jsonl:2", id.uppercased(), task.uppercased()),  // not the strict spellings: kept as text
            ("log.jsonl:3", nil, nil),
            ("export.json#users.u1.nodes.n1", "not an id", "not a task"),
            ("export.json", "", ""),  // a source with no line or key
            ("c:/logs/a:b.jsonl:10", id, task),  // the head is up to the last ':'
            ("caf\u{E9}.jsonl:4", id, task),  // two files whose names are canonically equivalent
            ("cafe\u{301}.jsonl:4", id, task),
            ("caf\u{E9}.jsonl:5", String(id.dropLast()), String(task.dropLast())),
        ]
        var text = MergedReport.Text()
        let stored = cases.map { text.append(source: $0.source, id: $0.id, task: $0.task) }
        for (k, strings) in stored.enumerated() {
            XCTAssertEqual(Array(text.source(strings).utf8), Array(cases[k].source.utf8), "case \(k) source")
            XCTAssertEqual(text.id(strings).map { Array($0.utf8) }, cases[k].id.map { Array($0.utf8) }, "case \(k) id")
            XCTAssertEqual(
                text.task(strings).map { Array($0.utf8) }, cases[k].task.map { Array($0.utf8) }, "case \(k) task")
            var json: [UInt8] = []
            text.appendIdJSON(strings, to: &json)
            text.appendTaskJSON(strings, to: &json)
            XCTAssertEqual(json, Self.json(cases[k].id) + Self.json(cases[k].task), "case \(k) as JSON")
        }
        // A strict id and task take their bits, not their text, and the file name is kept
        // once: the first record's bytes are ":1", 32 and 16; the second's keep all the text.
        XCTAssertEqual(stored[1].start - stored[0].start, 2 + 32 + 16)
        XCTAssertEqual(stored[2].start - stored[1].start, 2 + 71 + 36)
    }
}
