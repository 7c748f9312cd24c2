import XCTest
import RedoCrypto

final class HashingTests: XCTestCase {
    func testSHA256KnownAnswers() {
        XCTAssertEqual(SHA256.hash([]).hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hash(Array("abc".utf8)).hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testHexIsStrictLowercase() {
        XCTAssertEqual(Hex.encode([0x00, 0xAB, 0xFF]), "00abff")
        XCTAssertEqual(Hex.decodeLowercase("00abff"), [0x00, 0xAB, 0xFF])
        XCTAssertNil(Hex.decodeLowercase("00ABFF"))
        XCTAssertNil(Hex.decodeLowercase("abc"))
        XCTAssertNil(Hex.decodeLowercase("zz"))
        XCTAssertTrue(Hex.isLowercase("0a", count: 2))
        XCTAssertFalse(Hex.isLowercase("0A", count: 2))
    }

    func testNodeIDOnlyFromValidText() {
        let hex = String(repeating: "0123456789abcdef", count: 4)
        let id = NodeID("sha256:" + hex)
        XCTAssertEqual(id?.text, "sha256:" + hex)
        XCTAssertNil(NodeID("sha256:" + hex.uppercased()))
        XCTAssertNil(NodeID("SHA256:" + hex))
        XCTAssertNil(NodeID("sha256:" + hex.dropLast()))
        XCTAssertNil(NodeID(hex))
        XCTAssertNil(NodeID("sha256:" + hex + "0"))
        XCTAssertNil(NodeID("sha256:" + String(repeating: "é", count: 32)))
    }

    func testNodeIDsSortLikeTheirText() {
        let texts = ["sha256:" + String(repeating: "f", count: 64), "sha256:" + String(repeating: "0", count: 63) + "1",
                     "sha256:" + String(repeating: "a", count: 64), "sha256:1" + String(repeating: "0", count: 63)]
        let ids = texts.map { NodeID($0)! }
        XCTAssertEqual(ids.sorted().map(\.text), texts.sorted())
    }
}
