import Foundation
import XCTest

/// The Swift code of a documentation article (a `.md` file in a library's DocC catalog). Each article has
/// a test that runs its code; that test also checks, with `assertMirrored`, that its own source still
/// holds every line of the article's code, so the article cannot drift from the code that is run.
public enum ArticleCode {
    /// The repository's root, from this source file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of the article's ```` ```swift ```` blocks, trimmed and without their trailing
    /// comments, leaving out blank lines, comment lines and `import` lines (a test file has its imports
    /// once, at the top). The comments are where an article shows results; the test asserts those.
    public static func lines(ofArticle relativePath: String) throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent(relativePath), encoding: .utf8)
        var lines: [String] = []
        var inSwiftBlock = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                inSwiftBlock = !inSwiftBlock && line == "```swift"
                continue
            }
            let code = withoutComment(line)
            if inSwiftBlock && !code.isEmpty && !code.hasPrefix("import ") { lines.append(code) }
        }
        return lines
    }

    /// The articles of the DocC catalog `catalog` (a path from the repository's root) that have Swift code,
    /// as paths from the repository's root, sorted.
    public static func articles(inCatalog catalog: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: repository.appendingPathComponent(catalog).path)
        return try names.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
            .filter { try !lines(ofArticle: $0).isEmpty }
    }

    /// The line up to a `//` comment that ends it (none of the articles' code has `//` in a string).
    static func withoutComment(_ line: String) -> String {
        guard let comment = line.range(of: "//") else { return line }
        return line[..<comment.lowerBound].trimmingCharacters(in: .whitespaces)
    }

    /// Fails unless every line of the article's Swift code is, trimmed and without comments, a line of
    /// `testFile` (the calling test's source by default).
    public static func assertMirrored(
        article relativePath: String, by testFile: StaticString = #filePath, line: UInt = #line
    ) throws {
        let articleLines = try lines(ofArticle: relativePath)
        XCTAssertFalse(articleLines.isEmpty, "\(relativePath) has no Swift code", file: testFile, line: line)
        let source = try String(contentsOfFile: "\(testFile)", encoding: .utf8)
        let testLines = Set(
            source.split(separator: "\n").map { withoutComment($0.trimmingCharacters(in: .whitespaces)) })
        let missing = articleLines.filter { !testLines.contains($0) }
        XCTAssertEqual(
            missing, [], "lines of \(relativePath)'s code that its test does not run", file: testFile, line: line)
    }
}
