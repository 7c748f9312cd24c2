import FuzzSupport
import RedoJSON
import XCTest

/// The json target's oracle and checks: the reference serializer spells what RFC 8785 says,
/// and the checks pass on the committed seeds.
final class JSONChecksTests: XCTestCase {
    func testTheReferenceSpellsNumbersAsECMAScriptDoes() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-1.5, "-1.5"), (100, "100"), (123.456, "123.456"),
            (1e21, "1e+21"), (1e20, "100000000000000000000"), (0.000001, "0.000001"), (1e-7, "1e-7"),
            (1.5e-7, "1.5e-7"), (.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (0.1 + 0.2, "0.30000000000000004"), (9_007_199_254_740_994, "9007199254740994"),
        ]
        for (value, text) in cases {
            XCTAssertEqual(ReferenceCanonicalJSON.number(value), text, "\(value)")
        }
    }

    func testTheReferenceEscapesStringsAsJSONStringifyDoes() {
        XCTAssertEqual(ReferenceCanonicalJSON.string("a\"b\\c"), #""a\"b\\c""#)
        XCTAssertEqual(ReferenceCanonicalJSON.string("\u{08}\u{0C}\n\r\t"), #""\b\f\n\r\t""#)
        XCTAssertEqual(ReferenceCanonicalJSON.string("\u{01}\u{1F}"), #""\u0001\u001f""#)
        XCTAssertEqual(ReferenceCanonicalJSON.string("é€😀\u{7F}/"), "\"é€😀\u{7F}/\"")
    }

    func testTheReferenceSortsKeysByUTF16CodeUnits() throws {
        // U+1F600 is D83D DE00 in UTF-16, before U+E000; by scalar value it would come after.
        let value = try JSONReader.parse(Array("{\"\u{E000}\":1,\"\u{1F600}\":2,\"b\":3,\"a\":[true,null]}".utf8))
        let text = "{\"a\":[true,null],\"b\":3,\"\u{1F600}\":2,\"\u{E000}\":1}"
        XCTAssertEqual(ReferenceCanonicalJSON.text(of: value), text)
        XCTAssertEqual(CanonicalJSON.bytes(of: value), Array(text.utf8))
    }

    func testARespellingReadsAsTheSameValue() throws {
        let value = try JSONReader.parse(Array(#"{"a":[1e-7,100,"x\ny"],"é😀":{"k":null,"l":false}}"#.utf8))
        let respelled = Respelling.text(of: value)
        XCTAssertNotEqual(Array(respelled.utf8), CanonicalJSON.bytes(of: value))
        XCTAssertTrue(respelled.contains(#"\u"#), respelled)
        XCTAssertEqual(try JSONReader.parse(Array(respelled.utf8)), value)
        XCTAssertEqual(try CanonicalJSON.canonicalize(Array(respelled.utf8)), CanonicalJSON.bytes(of: value))
    }

    func testThePathsAgreeOnAcceptedAndRejectedDocuments() {
        for text in [#"{"b":1,"a":2}"#, "[1,2", #"{"a":1,"a":2}"#, "\u{FEFF}{}", "1e400"] {
            let input = Array(text.utf8)
            let broken = invariantsBroken {
                input.withUnsafeBufferPointer { _ = canonicalPathsAgree($0, .default) }
            }
            XCTAssertEqual(broken, [], text)
        }
        let accepted = Array(#"{"b":1,"a":2}"#.utf8).withUnsafeBufferPointer { canonicalPathsAgree($0, .default) }
        XCTAssertEqual(accepted?.1, Array(#"{"a":2,"b":1}"#.utf8))
        XCTAssertNil(Array("[1,2".utf8).withUnsafeBufferPointer { canonicalPathsAgree($0, .default) })
    }

    func testEveryCommittedSeedKeepsEveryInvariant() throws {
        for seed in try committedSeeds("json") {
            let broken = invariantsBroken {
                seed.bytes.withUnsafeBufferPointer { input in
                    if let (value, canonical) = canonicalPathsAgree(input, .default) {
                        XCTAssertTrue(checkFixedPoint(canonical, of: value, input: input))
                        checkAgainstReference(value, canonical)
                        checkNumbers(value)
                        checkRespelling(of: value, canonical, input: input)
                        checkLoneNumber(value, input: input)
                    }
                }
            }
            XCTAssertEqual(broken, [], seed.name)
        }
    }

    func testADifferenceFromTheReferenceIsReported() throws {
        let value = try JSONReader.parse(Array(#"{"a":1}"#.utf8))
        let broken = invariantsBroken { checkAgainstReference(value, Array(#"{"a":1.0}"#.utf8)) }
        XCTAssertEqual(broken.count, 1)
        XCTAssertTrue(broken[0].contains("canonical bytes differ from the reference"), broken[0])
    }
}
