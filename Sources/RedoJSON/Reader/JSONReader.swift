/// A strict reader that accepts exactly I-JSON (RFC 7493): RFC 8259 JSON in UTF-8 with
/// no duplicate keys, no lone surrogates and only numbers that are finite doubles.
///
/// It works on UTF-8 bytes directly, in one pass, with an explicit stack instead of
/// recursion, so deep input can only hit `JSONLimits.maxDepth`, never the machine's
/// stack. Every rejection carries the byte offset, line and column of the fault.
/// `CanonicalJSON.canonicalize` reads with the same parser, so it accepts and rejects
/// exactly the same documents, with the same errors.
public enum JSONReader {
    /// Parses one JSON document, given as UTF-8 bytes, into a value tree. Time and memory
    /// are linear in the document's size; `limits` bounds both (see `JSONLimits`).
    /// - Throws: `JSONSyntaxError` for anything that is not exactly one I-JSON value
    ///   (whitespace around it is allowed, a byte-order mark is not), or that exceeds a limit.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = .default) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try parse(buffer, limits: limits) }
        }
        return try result.get()
    }

    /// The same, reading the bytes where they lie (no copy of the document).
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default)
        throws(JSONSyntaxError) -> JSONValue
    {
        var parser = JSONParser(sink: JSONTreeBuilder(), limits: limits)
        try parser.parse(buffer)
        return parser.sink.takeValue()
    }

    /// The same, except for the array stored under `key` in the root object: `element` gets
    /// each of its elements as soon as it is read, and the tree returned holds an empty
    /// array there. Memory then follows the largest element, not the array (a report's
    /// records). The document is still checked whole: a syntax error after elements were
    /// handed over throws all the same.
    package static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, streamingElementsOf key: JSONKey, limits: JSONLimits = .default,
        _ element: @escaping (JSONValue) -> Void
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(sink: JSONStreamedArrayBuilder(streaming: key, element: element), limits: limits)
        try parser.parse(buffer)
        return parser.sink.takeValue()
    }

    /// The same, for a document held as a `String` (its UTF-8 is parsed).
    public static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }
}
