import Foundation
import RedoCrypto
import RedoJSON

/// Which vector set a platform inputs file is: `vectorSet: {version, digest}`. The
/// version is `MAJOR.MINOR` (added vectors raise the minor, a changed or removed
/// expectation the major; a test holds the shipped set to this against the last
/// release's), or `custom` for a set generated with another seed or extra cases. The
/// digest pins every byte of the set.
///
/// The digest: for every file under the vectors root except Markdown, sorted by path
/// (bytewise), the line `HEX  PATH\n` as `sha256sum` writes it, where HEX is the SHA-256 of
/// the file's bytes; for the exchange files, which carry the stamp (`platform/*.json` and
/// `platform/recorded/*.json` but the baseline `expected-drift.json`), HEX is instead the
/// SHA-256 of the RFC 8785 form of the document without its `vectorSet` member, so the
/// member can hold the digest it is part of.
/// The vector set's digest is the SHA-256 of those lines, in lowercase hex.
package struct VectorSetStamp: Sendable, Equatable {
    package var version: String
    package var digest: String

    package init(version: String, digest: String) {
        self.version = version
        self.digest = digest
    }

    /// The shipped set's version.
    package static let currentVersion = "2.1"
    /// The shipped set's digest, which `--version` prints. A test fails, naming the new
    /// value, when the shipped files no longer have it.
    package static let currentDigest = "38e37b6481d50bb8dab82a533547631c820a86b36c9d7ad8dcfb87384f4c3df1"
    /// What a set generated with another seed, or with extra cases, calls itself.
    package static let custom = "custom"
    package static let member = "vectorSet"

    package var json: JSONValue {
        .object(
            JSONObject([
                JSONMember(key: "version", value: .string(version)), JSONMember(key: "digest", value: .string(digest)),
            ]))
    }

    /// The stamp a document carries, if it carries a well-formed one.
    package init?(in document: JSONValue?) {
        guard let object = document?.objectValue?[Self.member]?.objectValue,
            let version = object["version"]?.stringValue, let digest = object["digest"]?.stringValue
        else { return nil }
        self.init(version: version, digest: digest)
    }

    /// The shipped inputs' stamp (nil when the shipped vectors are not found).
    package static var shipped: VectorSetStamp? {
        VectorSetStamp(in: try? VectorRoot.shipped.json("platform/inputs.json"))
    }

    /// Whether the digest covers a file (by its path under the root).
    package static func covers(_ path: String) -> Bool { !path.hasSuffix(".md") }

    /// The digest of a set of files (paths relative to the root).
    package static func digest(of files: [(path: String, bytes: [UInt8])]) -> String {
        var lines: [UInt8] = []
        for file in files.filter({ covers($0.path) }).sorted(by: {
            $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
        }) {
            lines += Array("\(fileDigest(file.bytes, path: file.path))  \(file.path)\n".utf8)
        }
        return RedoSHA256.hash(lines).hex
    }

    /// Whether a file is an exchange file, which carries the stamp.
    package static func carriesStamp(_ path: String) -> Bool {
        path.hasPrefix("platform/") && path.hasSuffix(".json") && !path.hasSuffix("/expected-drift.json")
    }

    /// One file's digest: of its bytes, or (an exchange file) of its canonical form without
    /// the stamp.
    package static func fileDigest(_ bytes: [UInt8], path: String) -> String {
        if carriesStamp(path), case let .object(object)? = try? JSONReader.parse(bytes) {
            return RedoSHA256.hash(CanonicalJSON.bytes(of: .object(object.removing([member])))).hex
        }
        return RedoSHA256.hash(bytes).hex
    }

    /// Every file under `root` (paths relative to it), for the digest.
    package static func files(under root: String) -> [(path: String, bytes: [UInt8])] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [(path: String, bytes: [UInt8])] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = root + "/" + relative
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                let data = FileManager.default.contents(atPath: full)
            else { continue }
            files.append((relative, Array(data)))
        }
        return files
    }
}
