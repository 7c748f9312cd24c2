import Foundation
import RedoJSON

/// The shipped log vectors (`Vectors/logs`), read from their files in the manifest's
/// order: the cases every test target can use, whether a vector is written in Swift or is a
/// catalog scenario, without the scenario reader (which lower layers do not depend on).
package enum LogVectorFiles {
    /// One log vector: its id and its records, one per line, without newlines.
    package struct Vector: Sendable {
        package let id: String
        package let records: [[UInt8]]
    }

    /// Every log vector the manifest lists. A missing or unreadable file fails loudly:
    /// the shipped set is part of the repository.
    package static let all: [Vector] = {
        do {
            let manifest = try VectorFiles.json("logs/manifest.json")
            guard case let .array(entries)? = manifest["scenarios"] else {
                fatalError("Vectors/logs/manifest.json has no scenarios list")
            }
            return try entries.map { entry in
                guard let id = entry["id"]?.stringValue, let file = entry["file"]?.stringValue else {
                    fatalError("a Vectors/logs/manifest.json entry has no id or file")
                }
                let lines = try VectorFiles.bytes("logs/\(file)").split(separator: 0x0A).map(Array.init)
                return Vector(id: id, records: lines)
            }
        } catch {
            fatalError("cannot read Vectors/logs: \(error)")
        }
    }()

    /// The log vector with this id (the test's own fixture: a wrong id is a test bug).
    package static func named(_ id: String) -> Vector {
        guard let vector = all.first(where: { $0.id == id }) else { fatalError("no log vector \(id)") }
        return vector
    }
}
