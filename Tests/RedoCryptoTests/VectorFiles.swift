import Foundation
import RedoCrypto

/// Locates the shipped `Vectors/` folder from this source file's path, so tests run
/// from any working directory.
enum VectorFiles {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors")

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(relative)))
    }

    static func json(_ relative: String) throws -> JSONValue {
        try JSONReader.parse(try bytes(relative))
    }

    static func list(_ relative: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(relative).path).sorted()
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? { objectValue?[key] }
}
