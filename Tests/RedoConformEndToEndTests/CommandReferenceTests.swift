import RedoFixtures
import XCTest

@testable import RedoConformKit

/// docs/cli.md's command table is the synopsis most people read: it must list every
/// command the binary has, and each row must name exactly the options that command's
/// --help lists, so neither can drift from the other.
extension BinaryEndToEndTests {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    private static func referenceRows() throws -> [(words: [String], row: String)] {
        let reference = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        return reference.split(separator: "\n").compactMap { line in
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

    /// The subcommand names a --help lists under SUBCOMMANDS (empty for a leaf command).
    private static func subcommands(inHelp help: String) -> [String] {
        var names: [String] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") {
                inSection = true
                continue
            }
            guard inSection else { continue }
            // A name sits at two spaces of indent; wrapped abstracts are indented further.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let first = line.split(separator: " ").first
            else { continue }
            if first.allSatisfy({ $0.isLowercase || $0 == "-" }) { names.append(String(first)) }
        }
        return names.filter { $0 != "help" && $0 != "see" }
    }

    /// Every leaf command of the binary, found by walking --help.
    private static func leafCommands() throws -> [[String]] {
        var leaves: [[String]] = []
        var pending: [[String]] = [[]]
        while let words = pending.popLast() {
            let children = subcommands(inHelp: try run(words + ["--help"]).stdout)
            if children.isEmpty {
                leaves.append(words)
            } else {
                pending += children.map { words + [$0] }
            }
        }
        return leaves.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }

    func testCommandReferenceListsEveryCommandWithItsHelpOptions() throws {
        let rows = try Self.referenceRows()
        XCTAssertEqual(rows.filter { $0.words.isEmpty }.count, 0, "rows whose command was not read")
        XCTAssertEqual(
            rows.map { $0.words.joined(separator: " ") }.sorted(),
            try Self.leafCommands().map { $0.joined(separator: " ") },
            "docs/cli.md's command table against the commands --help lists")
        for (words, row) in rows {
            let help = try Self.run(words + ["--help"]).stdout
            guard let usage = help.split(separator: "\n").first(where: { $0.hasPrefix("USAGE:") }) else {
                XCTFail("\(words): no USAGE")
                continue
            }
            let synopsis = row.dropFirst("| `redo-conform ".count).prefix { $0 != "`" }
            XCTAssertEqual(
                Self.options(in: synopsis), Self.options(in: usage),
                "docs/cli.md row vs --help of \(words.joined(separator: " "))")
            // Exit statuses are documented in --help as well as in docs/cli.md, for every command.
            XCTAssertTrue(
                help.contains("Exit status: 0"), "--help of \(words.joined(separator: " ")) states no exit status")
        }
        // Every shape vectors log accepts is named in the reference.
        let reference = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        for shape in LogGenerator.Shape.allCases {
            XCTAssertTrue(
                reference.contains("| `\(shape.rawValue)` |"), "docs/cli.md has no row for shape \(shape.rawValue)")
        }
    }

    /// The README stays a front door: short enough to read in two minutes.
    func testReadmeIsShort() throws {
        let readme = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertLessThanOrEqual(readme.split(separator: "\n", omittingEmptySubsequences: false).count, 150)
    }
}
