import Foundation
import RedoCrypto
import RedoJSON
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// The vector set's stamp: its digest is recomputed from the shipped files, a set of
/// another seed says `custom`, and the version follows the bumping policy against the
/// last release's set (added vectors raise the minor, changed or removed ones the major).
final class VectorSetTests: XCTestCase {
    static let releasedFile = VectorFiles.repositoryRoot.appendingPathComponent(
        "Tests/RedoConformKitTests/released-vector-set.json"
    ).path

    func testTheShippedDigestIsRecomputedFromTheFiles() throws {
        let root = VectorRoot.shipped
        let stamp = try XCTUnwrap(VectorSetStamp(in: try root.json("platform/inputs.json")))
        XCTAssertEqual(stamp.version, VectorSetStamp.currentVersion)
        XCTAssertEqual(stamp.digest, VectorSetStamp.digest(of: VectorSetStamp.files(under: root.path)))
        XCTAssertEqual(
            VectorSetStamp.currentDigest, stamp.digest,
            "the shipped vectors changed: set VectorSetStamp.currentDigest to \(stamp.digest)")
        XCTAssertEqual(VectorSetStamp(in: try root.json("platform/expected.json")), stamp, "the reference echoes it")
        XCTAssertTrue(RedoConformVersion.long.contains("vector set \(stamp.version) (sha256 \(stamp.digest))"))
    }

    func testAnotherSeedIsCustom() throws {
        let inputs = try VectorGenerator.files(seed: "another").first { $0.path == "platform/inputs.json" }!
        let stamp = try XCTUnwrap(VectorSetStamp(in: try JSONReader.parse(inputs.bytes)))
        XCTAssertEqual(stamp.version, "custom")
    }

    /// A byte of any covered file changes the digest; the stamp member itself does not.
    func testTheDigestCoversEveryFileButNotItsOwnStamp() {
        let files: [(path: String, bytes: [UInt8])] = [
            ("platform/a.json", Array(#"{"vectorSet":{"version":"1.0","digest":"x"},"b":1}"#.utf8)), ("c.txt", [1, 2]),
            ("README.md", [9]),
        ]
        let digest = VectorSetStamp.digest(of: files)
        var restamped = files
        restamped[0].bytes = Array(#"{"b":1,"vectorSet":{"version":"2.0","digest":"y"}}"#.utf8)
        XCTAssertEqual(VectorSetStamp.digest(of: restamped), digest)
        var readme = files
        readme[2].bytes = [8]
        XCTAssertEqual(VectorSetStamp.digest(of: readme), digest, "Markdown is not a vector file")
        var changed = files
        changed[1].bytes = [1, 3]
        XCTAssertNotEqual(VectorSetStamp.digest(of: changed), digest)
    }

    /// The shipped set's version against the last release's: the same digest keeps the
    /// version; only added entries need a higher minor; a changed or removed entry needs a
    /// higher major. After a release, record its set:
    /// `REDO_RECORD_RELEASED_VECTOR_SET=VERSION swift test --filter VectorSetTests`
    /// (REDO_VECTOR_SET_ROOT names another root than the shipped one).
    func testTheVersionFollowsTheBumpingPolicy() throws {
        let environment = ProcessInfo.processInfo.environment
        if let version = environment["REDO_RECORD_RELEASED_VECTOR_SET"] {
            let root = environment["REDO_VECTOR_SET_ROOT"] ?? VectorRoot.shipped.path
            let files = VectorSetStamp.files(under: root)
            let index = VectorSetIndex.entries(of: files)
            let record = JSONValue.object(
                JSONObject([
                    member(
                        "comment",
                        str("The last release's vector set: its version, digest and index (entry → SHA-256).")),
                    member("version", str(version)), member("digest", str(VectorSetStamp.digest(of: files))),
                    member("index", .object(JSONObject(index.keys.sorted().map { member($0, str(index[$0]!)) }))),
                ]))
            _ = TempFiles.write(OrderedJSONWriter.bytes(record, pretty: true) + [0x0A], to: Self.releasedFile)
            return
        }
        let released = try JSONReader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: Self.releasedFile))))
            .objectValue!
        let lastVersion = released["version"]!.stringValue!
        let lastIndex = released["index"]!.objectValue!.members.reduce(into: [String: String]()) {
            $0[$1.key] = $1.value.stringValue
        }
        let root = VectorRoot.shipped
        let stamp = try XCTUnwrap(VectorSetStamp(in: try root.json("platform/inputs.json")))
        let index = VectorSetIndex.entries(of: VectorSetStamp.files(under: root.path))
        let changed = lastIndex.keys.filter { index[$0] != lastIndex[$0] }.sorted()
        let added = index.keys.filter { lastIndex[$0] == nil }.sorted()
        let (lastMajor, lastMinor) = try Self.parts(lastVersion)
        let (major, minor) = try Self.parts(stamp.version)
        if stamp.digest == released["digest"]?.stringValue {
            XCTAssertEqual(stamp.version, lastVersion, "the same set keeps its version")
        } else if !changed.isEmpty {
            XCTAssertGreaterThan(
                major, lastMajor,
                "changed or removed since \(lastVersion), so the major must rise: \(changed.prefix(10)) (\(changed.count))"
            )
        } else {
            XCTAssertTrue(
                major > lastMajor || (major == lastMajor && minor > lastMinor),
                "vectors added since \(lastVersion), so the minor must rise: \(added.prefix(10)) (\(added.count))")
        }
        // A bump that is not needed is a bump too far: one step from the last release.
        XCTAssertTrue(
            (major == lastMajor && minor <= lastMinor + 1) || (major == lastMajor + 1 && minor == 0),
            "\(stamp.version) is more than one step from \(lastVersion)")
    }

    /// compare refuses outputs of another vector set (exit 2) and reports its own.
    func testCompareRefusesOutputsOfAnotherVectorSet() throws {
        let folder = TempFiles.folder("vector-set")
        let expected = try VectorRoot.shipped.bytes("platform/expected.json")
        let text = String(decoding: expected, as: UTF8.self)
        let stamp = try XCTUnwrap(VectorSetStamp.shipped)
        let other = TempFiles.write(
            text.replacingOccurrences(of: stamp.digest, with: String(repeating: "0", count: 64)),
            to: folder + "/other.json")
        let console = CapturedConsole()
        var options = CompareCommand.Options()
        XCTAssertEqual(CompareCommand.run([other], options: options, console: console.console), .usageOrIO)
        XCTAssertTrue(console.stderr.contains("the outputs are of vector set"), console.stderr)
        let same = CapturedConsole()
        options.format = .json
        XCTAssertEqual(
            CompareCommand.run(
                [VectorRoot.shipped.url("platform/expected.json")], options: options, console: same.console),
            .ok)
        let report = try JSONReader.parse(same.stdoutBytes)
        XCTAssertEqual(VectorSetStamp(in: report), stamp, "the json report names the inputs' vector set")
    }

    static func parts(_ version: String) throws -> (Int, Int) {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        // A version the policy cannot read is a failure, never a skip.
        guard parts.count == 2 else { throw VersionNotMajorMinor(version: version) }
        return (parts[0], parts[1])
    }
}

struct VersionNotMajorMinor: Error, CustomStringConvertible {
    let version: String
    var description: String { "vector set version \(version) is not MAJOR.MINOR" }
}

/// The entries of a vector set, each with its SHA-256, for the bumping policy: every
/// element with an `id` of a top-level array (cases, scenarios, sections) and every member
/// of a top-level `results` object is an entry of its own (`PATH#MEMBER/ID`; an element's
/// `comment` and `flags` describe it and are left out); the rest of a
/// JSON file, without its stamp, is the entry `PATH`; any other file is one entry.
enum VectorSetIndex {
    static func entries(of files: [(path: String, bytes: [UInt8])]) -> [String: String] {
        var index: [String: String] = [:]
        for file in files where VectorSetStamp.covers(file.path) {
            guard file.path.hasSuffix(".json"), case var .object(object)? = try? JSONReader.parse(file.bytes) else {
                index[file.path] = RedoSHA256.hash(file.bytes).hex
                continue
            }
            var rest: [JSONMember] = []
            for m in object.members where m.key != VectorSetStamp.member {
                if let elements = m.value.arrayValue, !elements.isEmpty,
                    elements.allSatisfy({ $0.objectValue?["id"]?.stringValue != nil })
                {
                    for element in elements {
                        let id = element.objectValue!["id"]!.stringValue!
                        // What a vector expects, not how it is described: a new comment or
                        // flag changes no expectation.
                        let expectation = JSONValue.object(element.objectValue!.removing(["comment", "flags"]))
                        index["\(file.path)#\(m.key)/\(id)"] = RedoSHA256.hash(CanonicalJSON.bytes(of: expectation)).hex
                    }
                } else if m.key == "results", let results = m.value.objectValue {
                    for r in results.members {
                        index["\(file.path)#results/\(r.key)"] = RedoSHA256.hash(CanonicalJSON.bytes(of: r.value)).hex
                    }
                } else {
                    rest.append(m)
                }
            }
            object.members = rest
            index[file.path] = RedoSHA256.hash(CanonicalJSON.bytes(of: .object(object))).hex
        }
        return index
    }
}
