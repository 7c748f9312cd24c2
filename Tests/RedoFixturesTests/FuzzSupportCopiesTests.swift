// The fuzz package (FuzzTesting/) keeps copies of fixture code of this package: SplitMix64,
// the ordered JSON writer (OrderedJSONWriter), the key and UUID derivation (FixtureKeys) and
// NodeFactory's signed nodes. It sees this package only through its library products, and
// RedoFixtures is none, so it cannot use the originals. The copies go once a fixtures
// library product can replace them.
//
// Until then both are held to the same outputs on fixed inputs, in one committed file,
// FuzzTesting/Tests/FuzzSupportTests/CopiesOfFixtures.json: this test checks the originals
// against it, and FuzzSupport's CopiesOfFixturesTests.swift (bash Scripts/fuzz.sh test) the
// copies. A change to the originals' output that is meant fails here: update the file, and
// the copies with it. The file's sections are described in CopiesOfFixturesTests.swift.
import Foundation
import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import XCTest

final class FuzzSupportCopiesTests: XCTestCase {
    private static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzTesting/Tests/FuzzSupportTests/CopiesOfFixtures.json")

    private func golden(_ section: String) throws -> [JSONObject] {
        let document = try JSONReader.parse(Array(try Data(contentsOf: Self.file)))
        let cases = try XCTUnwrap(document.objectValue?[section]?.arrayValue, section)
        XCTAssertFalse(cases.isEmpty, section)
        return try cases.map { try XCTUnwrap($0.objectValue, section) }
    }

    private func text(_ object: JSONObject, _ key: String) throws -> String {
        try XCTUnwrap(object[key]?.stringValue, key)
    }

    private func int(_ object: JSONObject, _ key: String) throws -> Int {
        Int(try XCTUnwrap(object[key]?.numberValue, key))
    }

    func testSplitMix64() throws {
        for entry in try golden("splitMix64") {
            let seed = try text(entry, "seed")
            var generator = SplitMix64(seed: try XCTUnwrap(UInt64(seed)))
            let expected = try XCTUnwrap(entry["first"]?.arrayValue).map { $0.stringValue ?? "" }
            XCTAssertEqual(expected.map { _ in String(generator.next()) }, expected, seed)
        }
    }

    func testOrderedJSONWriter() throws {
        for entry in try golden("orderedJSON") {
            let input = try text(entry, "input")
            let pretty = try XCTUnwrap(entry["pretty"]?.boolValue)
            let bytes = OrderedJSONWriter.bytes(try JSONReader.parse(Array(input.utf8)), pretty: pretty)
            XCTAssertEqual(
                String(decoding: bytes, as: UTF8.self), try text(entry, "bytes"), "\(input) pretty \(pretty)")
        }
    }

    func testFixtureKeys() throws {
        for entry in try golden("keys") {
            let (seed, index) = (try text(entry, "seed"), try int(entry, "index"))
            let pair = FixtureKeys.pair(seed: seed, index: index)
            XCTAssertEqual(pair.publicKey.hex, try text(entry, "publicKey"), "\(seed) \(index)")
            XCTAssertEqual(pair.publicKey.redoUserId, try text(entry, "userId"), "\(seed) \(index)")
            let signature = pair.sign(Array(try text(entry, "signed").utf8)).hex
            XCTAssertEqual(signature, try text(entry, "signature"), "\(seed) \(index)")
        }
    }

    func testFixtureUUIDs() throws {
        for entry in try golden("uuids") {
            let (seed, label) = (try text(entry, "seed"), try text(entry, "label"))
            XCTAssertEqual(FixtureKeys.uuid(seed: seed, label), try text(entry, "uuid"), "\(seed) \(label)")
        }
    }

    func testNodeFactory() throws {
        for entry in try golden("nodes") {
            let action = try XCTUnwrap(Action(rawValue: try text(entry, "action")))
            let factory = NodeFactory(
                key: FixtureKeys.pair(seed: try text(entry, "seed"), index: try int(entry, "index")),
                deviceId: try text(entry, "deviceId"))
            let node = factory.node(
                action, task: try text(entry, "task"),
                parents: try XCTUnwrap(entry["parents"]?.arrayValue).map { try XCTUnwrap($0.stringValue) },
                lamport: try int(entry, "lamport"), wall: try text(entry, "wall"),
                payload: try XCTUnwrap(entry["payload"]?.objectValue).members)
            let record = String(decoding: OrderedJSONWriter.bytes(.object(node)), as: UTF8.self)
            XCTAssertEqual(record, try text(entry, "record"), action.rawValue)
        }
    }
}
