import RedoFixtures
import XCTest

@testable import RedoConformKit

/// README's command table is the synopsis most people read: each row must name exactly
/// the options the command's --help lists, so neither can drift from the other.
extension BinaryEndToEndTests {
    private static func readmeRows() throws -> [(words: [String], row: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `redo-conform ") else { return nil }
            let synopsis = line.dropFirst("| `redo-conform ".count).prefix { $0 != "`" }
            let words = synopsis.split(separator: " ").prefix { $0.first?.isLowercase ?? false }.map(String.init)
            return (words, String(line))
        }
    }

    private static func options(in text: Substring) -> Set<String> {
        Set(
            text.split(whereSeparator: { !($0.isLetter || $0 == "-") }).filter { $0.hasPrefix("--") && $0.count > 2 }
                .map(String.init))
    }

    func testReadmeCommandTableMatchesEveryHelp() throws {
        let rows = try Self.readmeRows()
        XCTAssertEqual(rows.count, 11)  // every command but the bare `redo-conform`
        XCTAssertEqual(rows.filter { $0.words.isEmpty }.count, 0, "rows whose command was not read")
        for (words, row) in rows {
            let help = try Self.run(words + ["--help"]).stdout
            guard let usage = help.split(separator: "\n").first(where: { $0.hasPrefix("USAGE:") }) else {
                XCTFail("\(words): no USAGE")
                continue
            }
            let synopsis = row.dropFirst("| `redo-conform ".count).prefix { $0 != "`" }
            XCTAssertEqual(
                Self.options(in: synopsis), Self.options(in: usage),
                "README row vs --help of \(words.joined(separator: " "))")
            // Exit statuses are documented in --help as well as in README, for every command.
            XCTAssertTrue(
                help.contains("Exit status: 0"), "--help of \(words.joined(separator: " ")) states no exit status")
        }
        // Every shape vectors log accepts is named in its row.
        let logRow = try XCTUnwrap(rows.first { $0.words == ["vectors", "log"] }?.row)
        for shape in LogGenerator.Shape.allCases {
            XCTAssertTrue(logRow.contains("`\(shape.rawValue)`"), shape.rawValue)
        }
    }
}
