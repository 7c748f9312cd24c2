// FuzzSupport keeps copies of main-package fixture code: SplitMix64, OrderedJSON (the
// ordered JSON writer), FuzzKeys (key and UUID derivation) and SignedNodeBuilder (signed
// nodes). The fuzz package sees the main package only through its library products, and
// the originals are in RedoFixtures, which is none. The copies go once a fixtures library
// product can replace them.
//
// Until then both are held to the same outputs on fixed inputs, CopiesOfFixtures.json
// beside this file: this test checks the copies against it, and the main package's
// Tests/RedoFixturesTests/FuzzSupportCopiesTests.swift the originals. The file holds, per
// section: SplitMix64's first eight values for a few seeds (decimal strings); the ordered
// writer's text for a few documents, compact and pretty; for a few (seed, index) pairs the
// derived key's public key, user id and signature of a fixed text; UUIDs for a few (seed,
// label) pairs; and the records of a few nodes built from their ingredients.
import Foundation
import FuzzSupport
import RedoCore
import RedoCrypto
import RedoJSON
import XCTest

final class CopiesOfFixturesTests: XCTestCase {
    private func golden(_ section: String) throws -> [JSONObject] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("CopiesOfFixtures.json")
        let document = try JSONReader.parse(Array(try Data(contentsOf: url)))
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

    func testOrderedJSON() throws {
        for entry in try golden("orderedJSON") {
            let input = try text(entry, "input")
            let pretty = try XCTUnwrap(entry["pretty"]?.boolValue)
            let bytes = OrderedJSON.bytes(try JSONReader.parse(Array(input.utf8)), pretty: pretty)
            XCTAssertEqual(
                String(decoding: bytes, as: UTF8.self), try text(entry, "bytes"), "\(input) pretty \(pretty)")
        }
    }

    func testKeys() throws {
        for entry in try golden("keys") {
            let (seed, index) = (try text(entry, "seed"), try int(entry, "index"))
            let pair = FuzzKeys.pair(seed: seed, index: index)
            XCTAssertEqual(pair.publicKey.hex, try text(entry, "publicKey"), "\(seed) \(index)")
            XCTAssertEqual(pair.publicKey.redoUserId, try text(entry, "userId"), "\(seed) \(index)")
            let signature = pair.sign(Array(try text(entry, "signed").utf8)).hex
            XCTAssertEqual(signature, try text(entry, "signature"), "\(seed) \(index)")
        }
    }

    func testUUIDs() throws {
        for entry in try golden("uuids") {
            let (seed, label) = (try text(entry, "seed"), try text(entry, "label"))
            XCTAssertEqual(FuzzKeys.uuid(seed: seed, label), try text(entry, "uuid"), "\(seed) \(label)")
        }
    }

    func testSignedNodes() throws {
        for entry in try golden("nodes") {
            let action = try XCTUnwrap(Action(rawValue: try text(entry, "action")))
            let builder = SignedNodeBuilder(
                key: FuzzKeys.pair(seed: try text(entry, "seed"), index: try int(entry, "index")),
                deviceId: try text(entry, "deviceId"))
            let node = builder.node(
                action, task: try text(entry, "task"),
                parents: try XCTUnwrap(entry["parents"]?.arrayValue).map { try XCTUnwrap($0.stringValue) },
                lamport: try int(entry, "lamport"), wall: try text(entry, "wall"),
                payload: try XCTUnwrap(entry["payload"]?.objectValue).members)
            let record = String(decoding: OrderedJSON.bytes(.object(node)), as: UTF8.self)
            XCTAssertEqual(record, try text(entry, "record"), action.rawValue)
        }
    }
}
