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

    /// The escaper that skips eight bytes at a time writes what a byte-by-byte escaper does,
    /// for any bytes at any offset: escapes next to, inside and after clean words, and bytes
    /// at or near the flagged values (0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xDC).
    func testEscaperMatchesTheByteByByteDefinition() {
        var rng = SeededRandom(for: self, seed: 85)
        let hex = Array("0123456789abcdef".utf8)
        func reference(_ bytes: [UInt8]) -> [UInt8] {
            var out: [UInt8] = [0x22]
            for byte in bytes {
                switch byte {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x08: out += [0x5C, UInt8(ascii: "b")]
                case 0x0C: out += [0x5C, UInt8(ascii: "f")]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                case ..<0x20: out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: out.append(byte)
                }
            }
            return out + [0x22]
        }
        let interesting: [UInt8] = [
            0x00, 0x08, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF,
        ]
        for round in 0..<4000 {
            let length = rng.below(40)
            let bytes: [UInt8] = (0..<length).map { _ in
                rng.below(4) == 0 ? interesting[rng.below(interesting.count)] : UInt8(ascii: "a") + UInt8(rng.below(26))
            }
            var out: [UInt8] = [0x2C]
            bytes.withUnsafeBufferPointer { StringEscaping.appendQuoted(utf8: $0, to: &out) }
            XCTAssertEqual(out, [0x2C] + reference(bytes), "round \(round): \(bytes)")
        }
        // Every byte value in every position of a word.
        for value in 0...255 {
            for position in 0..<16 {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 16)
                bytes[position] = UInt8(value)
                var out: [UInt8] = []
                bytes.withUnsafeBufferPointer { StringEscaping.appendQuoted(utf8: $0, to: &out) }
                XCTAssertEqual(out, reference(bytes), "byte \(value) at \(position)")
            }
        }
    }

    func testWhitespaceIsDroppedAndNumbersNormalised() throws {
        let input = " { \"b\" : [ 1.0 , -0 , 1E2 , 0.000001 , 1e-7 ] ,\n\"a\":true } "
        XCTAssertEqual(
            String(decoding: try CanonicalJSON.canonicalize(Array(input.utf8)), as: UTF8.self),
            #"{"a":true,"b":[1,0,100,0.000001,1e-7]}"#)
    }
}
