import Foundation
import XCTest

/// The kit is one library a platform team adds without the rest of redo-conform: its target
/// depends on nothing of the package, and its sources import Foundation alone.
final class KitDependencyTests: XCTestCase {
    func testTheKitsTargetDependsOnNothing() throws {
        let manifest = try dumpedPackage()
        let targets = try XCTUnwrap(manifest["targets"] as? [[String: Any]])
        let kit = try XCTUnwrap(targets.first { $0["name"] as? String == "RedoHarnessKit" })
        XCTAssertEqual((kit["dependencies"] as? [Any])?.count, 0, "RedoHarnessKit's dependencies: \(kit)")
        XCTAssertEqual(kit["type"] as? String, "regular")
        let products = try XCTUnwrap(manifest["products"] as? [[String: Any]])
        let product = try XCTUnwrap(products.first { $0["name"] as? String == "RedoHarnessKit" })
        XCTAssertEqual(product["targets"] as? [String], ["RedoHarnessKit"])
        XCTAssertNotNil((product["type"] as? [String: Any])?["library"], "RedoHarnessKit is a library product")
    }

    func testTheKitImportsOnlyFoundation() throws {
        let sources = Repository.url("Sources/RedoHarnessKit")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty)
        // `import M`, `@preconcurrency import M`, `import struct M.T`, `@_exported import M` …
        let statement = try NSRegularExpression(
            pattern:
                #"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)"#,
            options: [.anchorsMatchLines])
        var modules = Set<String>()
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in statement.matches(in: text, range: range) {
                modules.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        XCTAssertTrue(modules.isSubset(of: ["Foundation", "Swift"]), "RedoHarnessKit imports \(modules.sorted())")
    }

    /// `swift package dump-package` of the repository, read as JSON. A scratch path of its
    /// own keeps it clear of the build that runs these tests.
    private func dumpedPackage() throws -> [String: Any] {
        let scratch = try scratchDirectory(for: self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", Repository.root.path, "--scratch-path", scratch.path,
            "dump-package",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting: the manifest's JSON is larger than a pipe's buffer.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, String(decoding: message, as: UTF8.self))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
