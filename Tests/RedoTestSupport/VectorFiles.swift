import Foundation
import RedoJSON
import XCTest

/// Locates the shipped `Vectors/` folder from this source file's path, so tests run
/// from any working directory.
public enum VectorFiles {
    /// The repository's root folder.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

/// Third-party test data (RFC 8785, Wycheproof, ed25519-speccheck), which the repository
/// does not hold: `../shared/external-vectors` beside the repository root, located from
/// this source file's path. Its README names sources and licences.
///
/// A test that needs it calls `require()` first. When the folder is missing, under CI
/// (CI=true) the test fails saying so; elsewhere it is skipped, naming the folder. Absent
/// data is always reported, never passed over.
public enum ExternalVectors {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/external-vectors")

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// Throws XCTSkip (or, under CI, an error that fails the test) when the folder is missing.
    public static func require() throws {
        var directory: ObjCBool = false
        guard !FileManager.default.fileExists(atPath: root.path, isDirectory: &directory) || !directory.boolValue else {
            return
        }
        let problem =
            "external test data not found at \(root.path): the RFC 8785, Wycheproof and speccheck files kept beside the repository (Vectors/README.md, \"External test data\")"
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            throw Missing(description: problem + "; CI must have it")
        }
        throw XCTSkip.recorded(problem)
    }

    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    public static func bytes(_ relative: String) throws -> [UInt8] {
        try require()
        return Array(try Data(contentsOf: url(relative)))
    }

    public static func json(_ relative: String) throws -> JSONValue {
        try JSONReader.parse(try bytes(relative))
    }

    public static func list(_ relative: String) throws -> [String] {
        try require()
        return try FileManager.default.contentsOfDirectory(atPath: url(relative).path).sorted()
    }
}
