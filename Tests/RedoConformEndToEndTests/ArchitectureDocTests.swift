import Foundation
import RedoTestSupport
import XCTest

/// docs/architecture.md names real files and types: every path it quotes exists, and every
/// type name it quotes is declared in the sources or the tests. A rename or a move that
/// forgets the guide fails here.
final class ArchitectureDocTests: XCTestCase {
    private let root = VectorFiles.repositoryRoot

    /// The text between backticks, outside fenced code blocks.
    private func quotedNames() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var names: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if fenced { continue }
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            names += stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
        }
        return names
    }

    private func swiftSources() -> String {
        var all = ""
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".swift") {
                all += (try? String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)) ?? ""
            }
        }
        return all
    }

    func testEveryQuotedPathExists() throws {
        let paths = try quotedNames().filter { $0.contains("/") && !$0.contains(" ") }
        XCTAssertGreaterThan(paths.count, 20, "the guide names the folders it describes")
        for path in paths {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path),
                "docs/architecture.md names \(path), which does not exist")
        }
    }

    func testEveryQuotedTypeIsDeclared() throws {
        let types = Set(
            try quotedNames().filter { name in
                name.first?.isUppercase == true && name.allSatisfy { $0.isLetter || $0.isNumber }
            })
        XCTAssertGreaterThan(types.count, 30, "the guide follows a record through the real types")
        let sources = swiftSources()
        for type in types.sorted() {
            let declared = ["struct", "enum", "class", "protocol", "actor", "typealias"].contains { kind in
                sources.range(of: "\(kind) \(type)\\b", options: .regularExpression) != nil
            }
            XCTAssertTrue(declared, "docs/architecture.md names \(type), which no source declares")
        }
    }
}
