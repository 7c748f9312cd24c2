import Foundation
import RedoJSON

/// Locates the shipped `Vectors/` folder from this source file's path, so tests run
/// from any working directory.
public enum VectorFiles {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors")

    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    public static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(relative)))
    }

    public static func json(_ relative: String) throws -> JSONValue {
        try JSONReader.parse(try bytes(relative))
    }

    public static func list(_ relative: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(relative).path).sorted()
    }
}

extension JSONValue {
    public subscript(key: String) -> JSONValue? { objectValue?[key] }
}
