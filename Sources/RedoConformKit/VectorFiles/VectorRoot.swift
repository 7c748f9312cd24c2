import Foundation
import RedoCrypto
import RedoJSON

/// A vectors folder: the shipped `Vectors/` or one given on the command line.
package struct VectorRoot: Sendable {
    package let path: String

    package init(path: String) { self.path = path }

    /// The shipped `Vectors/`: found next to the working directory when run from the
    /// package, else next to this source file (a build made from a checkout).
    package static var shipped: VectorRoot {
        if FileManager.default.fileExists(atPath: "Vectors/ATTRIBUTION.md") {
            return VectorRoot(path: "Vectors")
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return VectorRoot(path: packageRoot.appendingPathComponent("Vectors").path)
    }

    package func url(_ relative: String) -> String { relative.isEmpty ? path : path + "/" + relative }

    package func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative)) }

    package func files(in relative: String, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(relative))) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    package func bytes(_ relative: String) throws -> [UInt8] {
        try InputFile.readAll(InputPath(url(relative)))
    }

    package func json(_ relative: String) throws -> JSONValue {
        let data = try bytes(relative)
        do { return try JSONReader.parse(data) } catch { throw InputError(path: url(relative), reason: error.description) }
    }
}
