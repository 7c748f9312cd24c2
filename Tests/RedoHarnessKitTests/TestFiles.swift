import Foundation
import XCTest

/// The repository, located from this file's path, so the tests run from any directory.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}

/// A fresh directory for one test's files, removed when the test ends.
func scratchDirectory(for test: XCTestCase) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("redo-harness-kit-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return directory
}

/// An inputs file's bytes: `format`, `version` and the given members.
func inputsData(_ members: [String: Any]) throws -> Data {
    var inputs: [String: Any] = ["format": "redo-conform/platform-inputs", "version": 1]
    inputs.merge(members) { _, new in new }
    return try JSONSerialization.data(withJSONObject: inputs, options: [.sortedKeys])
}

/// The members of an outputs file, as JSONSerialization reads them.
func outputsObject(_ data: Data) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// The bytes of hex text, or nil when it is not hex; independent of the kit's.
func bytes(hex text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
        let pair = String(decoding: digits[index...index + 1], as: UTF8.self)
        guard let byte = UInt8(pair, radix: 16) else { return nil }
        bytes.append(byte)
    }
    return bytes
}
