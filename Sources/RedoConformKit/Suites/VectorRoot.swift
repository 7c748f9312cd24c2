import Foundation
import RedoCrypto

/// A vectors folder: the shipped `Vectors/` or one given on the command line.
public struct VectorRoot: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The shipped `Vectors/`: found next to the working directory when run from the
    /// package, else next to this source file (a build made from a checkout).
    public static var shipped: VectorRoot {
        if FileManager.default.fileExists(atPath: "Vectors/ATTRIBUTION.md") {
            return VectorRoot(path: "Vectors")
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return VectorRoot(path: packageRoot.appendingPathComponent("Vectors").path)
    }

    public func url(_ relative: String) -> String { relative.isEmpty ? path : path + "/" + relative }

    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative)) }

    public func files(in relative: String, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(relative))) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    public func bytes(_ relative: String) throws -> [UInt8] {
        try InputFile.readAll(InputPath(url(relative)))
    }

    public func json(_ relative: String) throws -> JSONValue {
        let data = try bytes(relative)
        do { return try JSONReader.parse(data) } catch { throw InputError(path: url(relative), reason: error.description) }
    }
}
