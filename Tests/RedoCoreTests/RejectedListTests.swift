import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import XCTest

/// `LogVerdict.rejected` lists every claimed id no valid node holds, once, in the byte
/// order of its text. Well-formed ids are sorted as digests and malformed ones as text,
/// then merged: the list must read as one byte-ordered list whatever the mix.
final class RejectedListTests: XCTestCase {
    func testWellFormedAndMalformedIdsFormOneByteOrderedList() {
        let seed = "rejected list"
        var b = LogBuilder(
            factory: NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0)),
            task: FixtureKeys.uuid(seed: seed, "task"))
        let create = b.create()
        var records = [create]
        var expected: [String] = []
        // Nodes the log rules reject (a lamport gap): their well-formed ids are listed.
        for k in 0..<40 {
            let node = b.node(.update, parents: [create], [member("title", str("gap \(k)"))], lamport: 3)
            records.append(node)
            expected.append(node.idText)
        }
        // Tampered copies of nodes missing from the log: ids no passing record holds.
        for k in 0..<10 {
            let node = b.node(.update, parents: [create], [member("title", str("t \(k)"))])
            records.append(node.setting("data.payload.title", to: str("edited")))
            expected.append(node.idText)
        }
        // Malformed ids, chosen to fall before, between and after the well-formed ones:
        // a bare or short prefix, odd lengths, uppercase, non-hex, non-ASCII, and a
        // decomposed é that `String.<` would call equal to the precomposed one.
        let hex = create.idText.dropFirst(7)
        let malformed = [
            "sha256:", "sha256:8", "sha256:" + hex.dropLast(), "sha256:" + hex + "0", "SHA256:" + hex.uppercased(),
            "sha256:" + String(repeating: "g", count: 64), "zzz", "sha", "é", "e\u{301}", "sha256:\u{1F600}",
        ]
        for (k, text) in malformed.enumerated() {
            records.append(
                b.node(.update, parents: [create], [member("title", str("m \(k)"))]).setting("id", to: str(text)))
            expected.append(text)
        }
        let validator = NodeValidator()
        let verdict = LogValidator().validate(
            records.map { validator.check(bytes: OrderedJSONWriter.bytes(.object($0))) })

        let listed = verdict.rejected.map(\.id)
        XCTAssertEqual(listed.count, expected.count)
        XCTAssertEqual(Set(listed), Set(expected))
        XCTAssertEqual(listed, expected.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        // The malformed ids really are spread through the list, not bunched at one end.
        let positions = malformed.compactMap { listed.firstIndex(of: $0) }
        XCTAssertTrue(positions.contains { $0 > 0 && $0 < listed.count - 1 }, "\(positions)")
    }
}
