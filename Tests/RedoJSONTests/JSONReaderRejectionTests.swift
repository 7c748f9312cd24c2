import RedoJSON
import XCTest

/// One test per rejection class: each names the kind and the exact location.
final class JSONReaderRejectionTests: XCTestCase {
    private func rejects(
        _ bytes: [UInt8], _ kind: JSONSyntaxError.Kind, offset: Int, line: Int = 1, column: Int? = nil,
        limits: JSONLimits = .default, file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        do {
            let value = try JSONReader.parse(bytes, limits: limits)
            XCTFail("accepted: \(value)", file: file, line: lineNumber)
        } catch {
            XCTAssertEqual(error.kind, kind, error.description, file: file, line: lineNumber)
            XCTAssertEqual(error.offset, offset, error.description, file: file, line: lineNumber)
            XCTAssertEqual(error.line, line, error.description, file: file, line: lineNumber)
            if let column { XCTAssertEqual(error.column, column, error.description, file: file, line: lineNumber) }
            // The canonicalizer's tape path shares the parser core: same error, exactly.
            TapeParity.assertSameRejection(bytes, limits: limits, as: error, file: file, line: lineNumber)
        }
    }

    private func rejects(
        _ text: String, _ kind: JSONSyntaxError.Kind, offset: Int, line: Int = 1, column: Int? = nil,
        limits: JSONLimits = .default, file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        rejects(
            Array(text.utf8), kind, offset: offset, line: line, column: column, limits: limits, file: file,
            lineNumber: lineNumber)
    }

    func testInvalidUTF8() {
        rejects([0x22, 0xC3, 0x28, 0x22], .invalidUTF8, offset: 1)  // bad continuation
        rejects([0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, offset: 1)  // overlong '/'
        rejects([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, offset: 1)  // above U+10FFFF
        rejects([0x22, 0xE2, 0x82, 0x22], .invalidUTF8, offset: 1)  // truncated
        rejects([0x5B, 0xFF, 0x5D], .invalidUTF8, offset: 1)  // outside a string
    }

    func testByteOrderMark() {
        rejects([0xEF, 0xBB, 0xBF, 0x7B, 0x7D], .byteOrderMark, offset: 0)
    }

    func testDuplicateKeysComparedAfterUnescaping() {
        rejects(#"{"a":1,"a":2}"#, .duplicateKey, offset: 7, column: 8)
        rejects(#"{"a":1,"\u0061":2}"#, .duplicateKey, offset: 7)
        // Many keys switch the reader to a hash set; the rule must not change.
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        rejects("{\(many),\"k39\":0}", .duplicateKey, offset: many.utf8.count + 2)
        // Canonically equivalent but different code points are different keys.
        XCTAssertNoThrow(try JSONReader.parse("{\"\u{212A}\":1,\"K\":2}"))
        XCTAssertNoThrow(try JSONReader.parse("{\"\u{E9}\":1,\"e\u{301}\":2}"))
    }

    func testLoneSurrogates() {
        rejects(#""\ud800""#, .loneSurrogate, offset: 1)
        rejects(#""\udc00""#, .loneSurrogate, offset: 1)
        rejects(#""\ud800\u0041""#, .loneSurrogate, offset: 1)
        rejects(#""x\ud83d""#, .loneSurrogate, offset: 2)
        rejects([0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, offset: 1)  // raw UTF-8-encoded surrogate
        XCTAssertEqual(try JSONReader.parse(#""\ud83d\ude00""#), .string("😀"))
    }

    func testNonFiniteLiterals() {
        rejects("NaN", .nonFiniteLiteral, offset: 0)
        rejects("[Infinity]", .nonFiniteLiteral, offset: 1)
        rejects("-Infinity", .nonFiniteLiteral, offset: 0)
    }

    func testLeadingZeros() {
        rejects("01", .leadingZero, offset: 0)
        rejects("[-007]", .leadingZero, offset: 1)
        XCTAssertEqual(try JSONReader.parse("0.07"), .number(0.07))
    }

    func testNumbersThatOverflowADouble() {
        rejects("1e309", .numberOutOfRange, offset: 0)
        rejects("[-1.8e308]", .numberOutOfRange, offset: 1)
        rejects("1" + String(repeating: "0", count: 400), .numberOutOfRange, offset: 0)
        XCTAssertEqual(try JSONReader.parse("1e-400"), .number(0))  // underflow to zero is finite
        XCTAssertEqual(try JSONReader.parse("1.7976931348623157e308"), .number(.greatestFiniteMagnitude))
    }

    func testMalformedNumbers() {
        rejects("-", .invalidNumber, offset: 0)
        rejects("1.", .invalidNumber, offset: 0)
        rejects("1e", .invalidNumber, offset: 0)
        rejects("1.5.2", .invalidNumber, offset: 0)
        rejects(".5", .unexpectedCharacter, offset: 0)
        rejects("+1", .unexpectedCharacter, offset: 0)
    }

    func testTrailingCommas() {
        rejects("[1,2,]", .trailingComma, offset: 4)
        rejects(#"{"a":1 , }"#, .trailingComma, offset: 7)
    }

    func testComments() {
        rejects("// hi\n1", .comment, offset: 0)
        rejects("[1 /* x */]", .comment, offset: 3)
    }

    func testControlCharactersInStrings() {
        rejects("\"a\tb\"", .controlCharacter, offset: 2)
        rejects([0x22, 0x00, 0x22], .controlCharacter, offset: 1)
        rejects("[\"a\nb\"]", .controlCharacter, offset: 3)
    }

    func testTrailingGarbage() {
        rejects("{} x", .trailingContent, offset: 3)
        rejects("1 2", .trailingContent, offset: 2)
        rejects("{}\n\n  ]", .trailingContent, offset: 6, line: 3, column: 3)
    }

    func testInvalidEscapesAndStructure() {
        rejects(#""\x""#, .invalidEscape, offset: 1)
        rejects(#""\u12G4""#, .invalidEscape, offset: 1)
        rejects("\"abc", .unexpectedEnd, offset: 0)
        rejects("[1, 2", .unexpectedEnd, offset: 5)
        rejects("", .unexpectedEnd, offset: 0)
        rejects("   ", .unexpectedEnd, offset: 3)
        rejects(#"{"a" 1}"#, .unexpectedCharacter, offset: 5)
        rejects(#"{1:2}"#, .unexpectedCharacter, offset: 1)
        rejects("tru", .unexpectedCharacter, offset: 0)
        rejects("[1 2]", .unexpectedCharacter, offset: 3)
    }

    func testColumnsCountCharactersNotBytes() {
        rejects("{\"é😀\":1,}", .trailingComma, offset: 11, column: 8)
    }

    func testDepthLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        rejects(deep, .depthLimit, offset: 512)
        let limits = JSONLimits(maxDepth: 4)
        XCTAssertNoThrow(try JSONReader.parse("[[[[1]]]]", limits: limits))
        rejects("[[[[[1]]]]]", .depthLimit, offset: 4, limits: limits)
        rejects(
            String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600), .depthLimit,
            offset: 512 * 5)
    }

    func testSizeLimits() {
        rejects("[1,2,3]", .sizeLimit, offset: 0, limits: JSONLimits(maxDocumentBytes: 6))
        rejects("[\"abcdef\"]", .stringLimit, offset: 1, limits: JSONLimits(maxStringBytes: 5))
        rejects("[\"ab\\\\cdef\"]", .stringLimit, offset: 1, limits: JSONLimits(maxStringBytes: 5))
        XCTAssertNoThrow(try JSONReader.parse("[\"abcde\"]", limits: JSONLimits(maxStringBytes: 5)))
    }

    func testErrorDescriptionIsLocated() {
        do {
            _ = try JSONReader.parse("{\n  \"a\": [1,]\n}")
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(error.description, "line 2, column 10 (byte 11): trailing comma before ']'")
        }
    }
}
