import RedoCrypto
import RedoTestSupport
import XCTest

@testable import RedoCore

/// Node ids: only strict text makes one; they sort and hash as their digests.
final class NodeIDTests: XCTestCase {
    func testIdTextHoldsTheDigestBytes() {
        let all = (0...255).map(UInt8.init)
        XCTAssertEqual(NodeID("sha256:" + Hex.encode(all[0..<32]))?.digest.bytes, Array(all[0..<32]))
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
        let texts = [
            "sha256:" + String(repeating: "f", count: 64), "sha256:" + String(repeating: "0", count: 63) + "1",
            "sha256:" + String(repeating: "a", count: 64), "sha256:1" + String(repeating: "0", count: 63),
        ]
        let ids = texts.map { NodeID($0)! }
        XCTAssertEqual(ids.sorted().map(\.text), texts.sorted())
    }

    /// Claimed ids are attacker-chosen until checked: ids that differ in one word only must
    /// still spread over a table's buckets as random ones do (4,096 random keys fill about
    /// 2,589 of 4,096 buckets; a hash that ignored the varying word would fill one).
    func testIdsDifferingInOneWordSpreadOverBuckets() {
        for varying in 0..<4 {
            var buckets = Set<Int>()
            for k in 0..<4096 {
                var words: [UInt64] = [0x0123_4567_89AB_CDEF, 0, 0, 0]
                words[varying] = UInt64(k)
                let id = NodeID(digest: RedoSHA256Digest(w0: words[0], w1: words[1], w2: words[2], w3: words[3]))
                buckets.insert(id._rawHashValue(seed: 0) & 4095)
            }
            XCTAssertGreaterThan(buckets.count, 2300, "varying word \(varying)")
        }
        let shared = RedoSHA256Digest(w0: 7, w1: 8, w2: 9, w3: 10)
        XCTAssertEqual(
            shared._rawHashValue(seed: 3), RedoSHA256Digest(w0: 7, w1: 8, w2: 9, w3: 10)._rawHashValue(seed: 3),
            "equal digests hash alike")
        var table: [NodeID: Int] = [:]
        for k in 0..<20_000 { table[NodeID(digest: RedoSHA256Digest(w0: 0, w1: 0, w2: 0, w3: UInt64(k)))] = k }
        XCTAssertEqual(table.count, 20_000)
        XCTAssertEqual(table[NodeID(digest: RedoSHA256Digest(w0: 0, w1: 0, w2: 0, w3: 12_345))], 12_345)
    }

    /// Ids are written straight into a string's storage: the text must be the hex of the bytes.
    func testDigestTextIsTheHexOfItsBytes() {
        var rng = SeededRandom(for: self, seed: 3)
        for _ in rng.rounds(200) {
            let digest = RedoSHA256Digest(w0: rng.next(), w1: rng.next(), w2: rng.next(), w3: rng.next())
            XCTAssertEqual(digest.hex, Hex.encode(digest.bytes))
            let id = NodeID(digest: digest)
            XCTAssertEqual(id.text, "sha256:" + Hex.encode(digest.bytes))
            XCTAssertEqual(NodeID(id.text), id)
        }
    }
}
