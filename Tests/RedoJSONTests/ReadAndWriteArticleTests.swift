import RedoJSON
import RedoTestSupport
import XCTest

/// Runs the code of the article "Read strict I-JSON and write RFC 8785"
/// (Sources/RedoJSON/RedoJSON.docc/ReadStrictIJSONAndWriteRFC8785.md), section by section, and holds
/// every result the article prints: an API change that breaks the article breaks this test. Edit both
/// together.
final class ReadAndWriteArticleTests: XCTestCase {
    /// Section "Read a document".
    func testReadADocument() throws {
        let value = try JSONReader.parse(#"{"title": "Buy milk", "tags": ["home", "weekly"], "priority": 2.50}"#)
        let title = value.objectValue?["title"]?.stringValue  // "Buy milk"
        let tags = value.objectValue?["tags"]?.arrayValue?.compactMap(\.stringValue)  // ["home", "weekly"]
        let priority = value.objectValue?["priority"]?.numberValue  // 2.5

        XCTAssertEqual(title, "Buy milk")
        XCTAssertEqual(tags, ["home", "weekly"])
        XCTAssertEqual(priority, 2.5)
        XCTAssertEqual(value.objectValue?.keys, ["title", "tags", "priority"])
    }

    /// Section "Know what is refused": every row of the article's table.
    func testEveryRefusalInTheTable() {
        let table: [(String, JSONSyntaxError.Kind)] = [
            (#"{"a": 1, "a": 2}"#, .duplicateKey),
            (#"[1, 2,]"#, .trailingComma),
            ("// note\n{}", .comment),
            ("\u{FEFF}{}", .byteOrderMark),
            (#"[NaN]"#, .nonFiniteLiteral),
            (#"[1e400]"#, .numberOutOfRange),
            (#"[01]"#, .leadingZero),
            (#"["\ud800"]"#, .loneSurrogate),
            ("[\"a\u{0009}b\"]", .controlCharacter),
            (#"{} {}"#, .trailingContent),
            (#"{"a": 1, "\u0061": 2}"#, .duplicateKey),
        ]
        for (document, kind) in table {
            XCTAssertThrowsError(try JSONReader.parse(document), document) { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.kind, kind, document)
            }
        }
    }

    /// Section "Say where it failed".
    func testSayWhereItFailed() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let document = "{\n  \"a\": 1,\n  \"a\": 2\n}"
        do {
            _ = try JSONReader.parse(document)
        } catch {
            // `error` is a JSONSyntaxError: the reader's throws are typed.
            print(error.kind)  // duplicateKey
            print(error.kind.rawValue)  // "duplicate-key", a stable name for reports
            print(error.line, error.column, error.offset)  // 3 3 14
            print(error.description)
        }

        XCTAssertEqual(
            printed,
            [
                "duplicateKey", "duplicate-key", "3 3 14",
                #"line 3, column 3 (byte 14): duplicate object key "a" (I-JSON forbids duplicate names)"#,
            ])
    }

    /// Section "Bound the work".
    func testBoundTheWork() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let limits = JSONLimits(maxDepth: 16, maxDocumentBytes: 1 << 20, maxStringBytes: 64 << 10)
        let deep = String(repeating: "[", count: 17) + String(repeating: "]", count: 17)
        do {
            _ = try JSONReader.parse(deep, limits: limits)
        } catch {
            print(error.kind)  // depthLimit
        }

        XCTAssertEqual(printed, ["depthLimit"])
        XCTAssertNoThrow(try JSONReader.parse(deep))  // the default depth is 512
        XCTAssertEqual(JSONLimits.default, JSONLimits())
        XCTAssertEqual(JSONLimits.default.maxDepth, 512)
    }

    /// Section "Write the canonical form".
    func testWriteTheCanonicalForm() throws {
        let document = #"{"b": 1E3, "a": [0.1, -0, 1e-7, 1e21], "ﬁ": true, "😀": null}"#
        let canonical = try CanonicalJSON.canonicalize(Array(document.utf8))
        let text = String(decoding: canonical, as: UTF8.self)
        XCTAssertEqual(text, #"{"a":[0.1,0,1e-7,1e+21],"b":1000,"😀":null,"ﬁ":true}"#)

        // Canonicalizing canonical bytes changes nothing.
        XCTAssertEqual(try CanonicalJSON.canonicalize(canonical), canonical)
        // The same bytes through a parsed tree.
        XCTAssertEqual(CanonicalJSON.bytes(of: try JSONReader.parse(document)), canonical)
    }

    /// Section "Build values in code".
    func testBuildValuesInCode() {
        let task = JSONValue.object(
            JSONObject([
                JSONMember(key: "title", value: .string("Buy milk")),
                JSONMember(key: "done", value: .bool(false)),
            ]))
        let bytes = CanonicalJSON.bytes(of: task)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), #"{"done":false,"title":"Buy milk"}"#)

        var object = task.objectValue!
        object["id"] = .string("x")
        var body: [UInt8] = []
        CanonicalJSON.append(object, excluding: ["id"], to: &body)
        XCTAssertEqual(body, bytes)

        var quoted: [UInt8] = []
        StringEscaping.appendQuoted("tab\there \"quoted\"", to: &quoted)
        XCTAssertEqual(String(decoding: quoted, as: UTF8.self), #""tab\there \"quoted\"""#)
    }

    /// Section "Compare values".
    func testCompareValues() throws {
        let kelvinIsK = "\u{212A}" == "K"
        let kelvinValueIsK = JSONValue.string("\u{212A}") == .string("K")
        let orderMatters = try JSONReader.parse(#"{"a": 1, "b": 2}"#) != JSONReader.parse(#"{"b": 2.0, "a": 1}"#)

        XCTAssertTrue(kelvinIsK)  // KELVIN SIGN is canonically equivalent to K
        XCTAssertFalse(kelvinValueIsK)  // but its bytes differ
        XCTAssertFalse(orderMatters)
    }

    /// Every line of the article's code is a line of this file: the article shows only code run here.
    func testTheArticleShowsOnlyCodeRunHere() throws {
        try ArticleCode.assertMirrored(article: "Sources/RedoJSON/RedoJSON.docc/ReadStrictIJSONAndWriteRFC8785.md")
    }
}
