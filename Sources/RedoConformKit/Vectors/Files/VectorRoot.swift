import Foundation
import RedoCrypto
import RedoJSON
import RedoValidation

/// A vectors folder: the shipped `Vectors/`, one given on the command line, or the
/// external test data beside the repository (`ExternalVectorFolder`).
package struct VectorRoot: Sendable {
    package let path: String

    package init(path: String) { self.path = path }

    /// The shipped `Vectors/`: the first of `searchOrder` that holds the project's own
    /// vectors, else the source checkout's (whose absence `check` then reports).
    package static var shipped: VectorRoot {
        let places = searchOrder(executable: executableURL, checkout: checkoutVectors)
        return VectorRoot(path: places.first(where: isShippedVectors) ?? checkoutVectors)
    }

    /// Where the shipped vectors are looked for, in order (Vectors/README.md says the same):
    /// next to the executable (a release archive puts the binary and `Vectors/` side by
    /// side), an installed `share/redo-conform/Vectors`, the working directory, the source
    /// checkout this was built from.
    package static func searchOrder(executable: URL?, checkout: String) -> [String] {
        var places: [String] = []
        if let folder = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            places.append(folder.appendingPathComponent("Vectors").path)
            places.append(folder.deletingLastPathComponent().appendingPathComponent("share/redo-conform/Vectors").path)
        }
        return places + ["Vectors", checkout]
    }

    /// A folder holds the shipped vectors when it has their README and the node manifest
    /// (the project's own files; no test data of others marks it).
    package static func isShippedVectors(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/README.md")
            && FileManager.default.fileExists(atPath: path + "/nodes/manifest.json")
    }

    static var executableURL: URL? { Bundle.main.executableURL }

    /// `Vectors/` of the checkout this file was compiled from. A release build names no
    /// build folder (its vectors lie beside it, and two clones of one commit must give the
    /// same binary), so there it is the working directory's.
    static var checkoutVectors: String {
        #if REDO_CONFORM_RELEASE
            return "Vectors"
        #else
            // This file is Sources/RedoConformKit/Vectors/Files/VectorRoot.swift: five levels
            // below the checkout's root.
            return URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("Vectors").path
        #endif
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
        do { return try JSONReader.parse(data) } catch {
            throw InputError(path: url(relative), reason: error.description)
        }
    }
}
