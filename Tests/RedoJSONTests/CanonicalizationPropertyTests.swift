import RedoTestSupport
import XCTest

@testable import RedoJSON

/// Properties over random documents: canonical output parses back to an equal value,
/// and canonicalizing canonical output changes nothing.
final class CanonicalizationPropertyTests: XCTestCase {
    static let alphabet: [String] = [
        "a", "b", "Z", "é", "\u{E000}", "😀", "\u{FFFF}", "\u{10000}", "\n", "\"", "\\", "/", "\u{7F}",
        "\u{2028}", "\u{1}", "ß", "\u{212A}", "K", "\u{1F}", " ", "日本",
    ]

    static func randomString(_ rng: inout SeededRandom) -> String {
        (0..<rng.below(6)).map { _ in alphabet[rng.below(alphabet.count)] }.joined()
    }

    static func randomValue(_ rng: inout SeededRandom, depth: Int) -> JSONValue {
        switch rng.below(depth > 4 ? 4 : 7) {
        case 0: return .null
        case 1: return .bool(rng.below(2) == 0)
        case 2:
            var d: Double
            repeat { d = Double(bitPattern: rng.next()) } while !d.isFinite
            return .number(rng.below(2) == 0 ? d : Double(Int64(bitPattern: rng.next()) >> rng.below(63)))
        case 3: return .string(randomString(&rng))
        case 4, 5:
            var members: [JSONMember] = []
            var seen = Set<BytewiseString>()
            for _ in 0..<rng.below(6) {
                let key = randomString(&rng)
                if seen.insert(BytewiseString(key)).inserted {
                    members.append(JSONMember(key: key, value: randomValue(&rng, depth: depth + 1)))
                }
            }
            return .object(JSONObject(members))
        default:
            return .array((0..<rng.below(5)).map { _ in randomValue(&rng, depth: depth + 1) })
        }
    }

    func testRoundTripAndIdempotence() throws {
        var rng = SeededRandom(for: self, seed: 8785)
        for round in rng.rounds(5_000) {
            let value = Self.randomValue(&rng, depth: 0)
            let canonical = CanonicalJSON.bytes(of: value)
            let reparsed = try JSONReader.parse(canonical)
            XCTAssertEqual(reparsed, value, "round \(round)")
            XCTAssertEqual(try CanonicalJSON.canonicalize(canonical), canonical, "round \(round)")
        }
    }

    func testKeysSortByUTF16CodeUnits() throws {
        // U+E000 and U+FFFF sort after the astral U+1F600 in UTF-16 order.
        let input = "{\"\u{E000}\":1,\"😀\":2,\"a\":3,\"\u{FFFF}\":4,\"\u{7F}\":5,\"é\":6}"
        let canonical = String(decoding: try CanonicalJSON.canonicalize(Array(input.utf8)), as: UTF8.self)
        XCTAssertEqual(canonical, "{\"a\":3,\"\u{7F}\":5,\"é\":6,\"😀\":2,\"\u{E000}\":1,\"\u{FFFF}\":4}")
    }

    func testStringEscapingMatchesJSONStringify() throws {
        let input = #"["\u0000\u001f\u007f\u2028\/\b\f\n\r\t\"\\é\ud83d\ude00"]"#
        let canonical = String(decoding: try CanonicalJSON.canonicalize(Array(input.utf8)), as: UTF8.self)
        XCTAssertEqual(canonical, "[\"\\u0000\\u001f\u{7F}\u{2028}/\\b\\f\\n\\r\\t\\\"\\\\é😀\"]")
    }

    func testWhitespaceIsDroppedAndNumbersNormalised() throws {
        let input = " { \"b\" : [ 1.0 , -0 , 1E2 , 0.000001 , 1e-7 ] ,\n\"a\":true } "
        XCTAssertEqual(
            String(decoding: try CanonicalJSON.canonicalize(Array(input.utf8)), as: UTF8.self),
            #"{"a":true,"b":[1,0,100,0.000001,1e-7]}"#)
    }
}
