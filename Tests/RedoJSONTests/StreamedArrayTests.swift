import RedoJSON
import XCTest

/// `JSONReader.parse(_:streamingElementsOf:_:)`: the elements handed over are exactly the
/// array's elements, in order, and the tree is the document with that array emptied; only
/// the root object's member is streamed.
final class StreamedArrayTests: XCTestCase {
    private func stream(_ text: String) throws -> (root: JSONValue, elements: [JSONValue]) {
        final class Collected { var elements: [JSONValue] = [] }
        let collected = Collected()
        let bytes = Array(text.utf8)
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in
                try JSONReader.parse(buffer, streamingElementsOf: "records") { collected.elements.append($0) }
            }
        }
        return (try result.get(), collected.elements)
    }

    private func assertStreams(
        _ text: String, elements: String, root: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let (value, streamed) = try stream(text)
        XCTAssertEqual(value, try JSONReader.parse(root), text, file: file, line: line)
        XCTAssertEqual(streamed, try JSONReader.parse(elements).arrayValue, text, file: file, line: line)
    }

    func testElementsOfEveryKindInOrder() throws {
        try assertStreams(
            #"{"a":1,"records":[1,"x",{"b":[1,2],"records":[7]},[3,[4,{}]],null,true,[],{}],"z":{"records":[9]}}"#,
            elements: #"[1,"x",{"b":[1,2],"records":[7]},[3,[4,{}]],null,true,[],{}]"#,
            root: #"{"a":1,"records":[],"z":{"records":[9]}}"#)
    }

    func testOnlyTheRootObjectsArrayIsStreamed() throws {
        for text in [
            #"{"a":[1,2]}"#, #"{"records":{"records":[1]}}"#, #"{"records":5,"b":[1]}"#, #"[{"records":[1]}]"#,
            #"[["records",[1]]]"#, #""records""#, #"{"x":{"records":[1,2]},"records_":[3]}"#,
        ] {
            try assertStreams(text, elements: "[]", root: text)
        }
        try assertStreams(#"{"records":[]}"#, elements: "[]", root: #"{"records":[]}"#)
    }

    func testASyntaxErrorAfterElementsStillThrows() throws {
        let text = #"{"records":[{"a":1},{"a":2}],"records":[]}"#  // a duplicate key, after two elements
        var streamed: Error?
        var whole: Error?
        do { _ = try stream(text) } catch { streamed = error }
        do { _ = try JSONReader.parse(text) } catch { whole = error }
        XCTAssertNotNil(streamed)
        XCTAssertEqual(streamed.map { "\($0)" }, whole.map { "\($0)" })
        XCTAssertThrowsError(try stream(#"{"records":[1,2"#))
    }
}
