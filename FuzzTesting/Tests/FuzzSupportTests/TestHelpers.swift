// What the tests share: running a check without aborting, and reading committed files.
import Foundation
import FuzzSupport

/// The messages of the invariants `body` breaks (FuzzSupport's `invariant` aborts otherwise).
func invariantsBroken(by body: () -> Void) -> [String] {
    nonisolated(unsafe) var messages: [String] = []
    brokenInvariants = { messages.append($0) }
    defer { brokenInvariants = nil }
    body()
    return messages
}

/// `FuzzTesting/` of this checkout, found from this file's path.
let fuzzTestingFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The committed seeds of a target (`Corpus/TARGET/`), by file name.
func committedSeeds(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
    let folder = fuzzTestingFolder.appendingPathComponent("Corpus").appendingPathComponent(target)
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
        ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0))))
    }
}
