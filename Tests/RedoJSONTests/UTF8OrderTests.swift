import RedoJSON
import RedoTestSupport
import XCTest

/// The byte order of strings that listings use: it must equal comparing the UTF-8 bytes
/// one by one, for small (inline) and large strings, ASCII or not.
final class UTF8OrderTests: XCTestCase {
    static func reference(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }

    func testAgreesWithComparingBytes() {
        let pieces = [
            "", "a", "b", "sha256:", "0", "f", "é", "e\u{301}", "\u{E000}", "\u{1F600}", "\u{7F}", "Z",
            String(repeating: "x", count: 20),
        ]
        var rng = SeededRandom(for: self, seed: 7)
        var strings = pieces
        for _ in 0..<400 {
            strings.append((0..<rng.below(6)).map { _ in pieces[rng.below(pieces.count)] }.joined())
        }
        for a in strings {
            for b in strings.prefix(60) {
                XCTAssertEqual(
                    a.utf8Precedes(b), Self.reference(a, b), "\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
        XCTAssertTrue("e\u{301}".utf8Precedes("é"))  // canonically equivalent, different bytes
        XCTAssertFalse("é".utf8Precedes("e\u{301}"))
    }

    func testSortedByUTF8IsTheStableByteOrder() {
        var rng = SeededRandom(for: self, seed: 11)
        let words = ["sha256:", "sha256:0", "sha256:00", "SHA256:", "é", "e\u{301}", "z", ""]
        let entries = (0..<500).map { k in (key: words[rng.below(words.count)] + String(rng.below(3)), rank: k) }
        let sorted = entries.sortedByUTF8 { $0.key }
        // Reference: a stable sort by bytes (insertion order breaks ties).
        let expected = entries.enumerated().sorted { x, y in
            Self.reference(x.element.key, y.element.key)
                || (!Self.reference(y.element.key, x.element.key) && x.offset < y.offset)
        }.map(\.element)
        XCTAssertEqual(sorted.map(\.key), expected.map(\.key))
        XCTAssertEqual(sorted.map(\.rank), expected.map(\.rank))
        XCTAssertEqual([(key: String, rank: Int)]().sortedByUTF8 { $0.key }.count, 0)
    }
}
