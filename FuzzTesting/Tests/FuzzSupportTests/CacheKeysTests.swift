import FuzzSupport
import RedoJSON
import XCTest

/// The keys of the caches: equal exactly when the bytes or ingredients are.
final class CacheKeysTests: XCTestCase {
    func testHashedBytesAreEqualExactlyWhenTheirBytesAre() {
        XCTAssertEqual(HashedBytes(Array("a record".utf8)), HashedBytes(Array("a record".utf8)))
        XCTAssertNotEqual(HashedBytes(Array("a record".utf8)), HashedBytes(Array("a recore".utf8)))
        XCTAssertNotEqual(HashedBytes([]), HashedBytes([0]))
        // Past the first word, and in the tail after the last whole word.
        XCTAssertNotEqual(HashedBytes(Array("0123456789abcdef-x".utf8)), HashedBytes(Array("0123456789abcdef-y".utf8)))
        XCTAssertTrue(sameBytes([], []))
        XCTAssertFalse(sameBytes([1, 2], [1, 2, 3]))
    }

    func testIngredientKeysTellApartWhatJSONWouldNot() {
        func key(_ build: (inout IngredientKey) -> Void) -> [UInt8] {
            var key = IngredientKey()
            build(&key)
            return key.bytes
        }
        // "K" and KELVIN SIGN are equal Strings but different titles.
        XCTAssertNotEqual(key { $0.append("K") }, key { $0.append("\u{212A}") })
        // Lengths keep strings apart.
        XCTAssertNotEqual(
            key {
                $0.append("ab")
                $0.append("c")
            },
            key {
                $0.append("a")
                $0.append("bc")
            })
        // Tags keep values apart.
        XCTAssertNotEqual(key { $0.append(JSONValue.string("1")) }, key { $0.append(JSONValue.number(1)) })
        XCTAssertNotEqual(key { $0.append(JSONValue.null) }, key { $0.append(JSONValue.bool(false)) })
        let payload = JSONValue.object(JSONObject([member("a", .array([num(1), .null]))]))
        XCTAssertEqual(key { $0.append(payload) }, key { $0.append(payload) })
    }
}
