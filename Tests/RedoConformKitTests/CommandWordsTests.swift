import XCTest

@testable import RedoConformKit

final class CommandWordsTests: XCTestCase {
    let words = CommandWords([
        "check": CommandWords(), "validate": CommandWords(),
        "vectors": CommandWords(["log": CommandWords(), "generate": CommandWords()]),
    ])

    func testKnownCommandsOptionsAndDirectoriesPassToTheParser() {
        let noDirectories: (String) -> Bool = { _ in false }
        XCTAssertNil(words.unknownCommand(in: [], isDirectory: noDirectories))
        XCTAssertNil(words.unknownCommand(in: ["validate", "x"], isDirectory: noDirectories))
        XCTAssertNil(words.unknownCommand(in: ["--numbers", "x"], isDirectory: noDirectories))
        XCTAssertNil(words.unknownCommand(in: ["Vectors"], isDirectory: { $0 == "Vectors" }))
        XCTAssertNil(words.unknownCommand(in: ["help", "vectors", "log"], isDirectory: noDirectories))
    }

    func testAMistypedCommandIsNamed() throws {
        let problem = try XCTUnwrap(words.unknownCommand(in: ["validat", "x"], isDirectory: { _ in false }))
        XCTAssertTrue(problem.hasPrefix("unknown command 'validat' (commands: check, validate, vectors)"), problem)
    }

    func testHelpForAnUnknownCommandIsRefused() throws {
        XCTAssertNotNil(words.unknownCommand(in: ["help", "bogus"], isDirectory: { _ in true }))
        let nested = try XCTUnwrap(words.unknownCommand(in: ["help", "vectors", "bogus"], isDirectory: { _ in false }))
        XCTAssertTrue(nested.contains("'bogus' under 'vectors' (commands: generate, log)"), nested)
    }
}
