/// What `JSONParser` reports while it reads a document: a flat stream of events in
/// source order. The parser does every check (grammar, UTF-8, escapes, surrogates,
/// numbers, limits, duplicate keys) before it emits an event, so a sink only ever sees
/// I-JSON and never has to validate; it only decides what to build (a `JSONValue` tree,
/// a tape). The parser is generic over its sink and is specialized for each one, so the
/// events cost a direct, usually inlined, call.
///
/// Event grammar: a value is a scalar event, `beginArray` value* `endArray`, or
/// `beginObject` (`key` value)* `endObject`. After an error no further events arrive and
/// the sink's contents are unspecified.
protocol JSONEventSink {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// An object key, unescaped. The bytes are only valid during the call.
    mutating func key(_ text: JSONStringBytes)
    /// A string value, unescaped. The bytes are only valid during the call.
    mutating func string(_ text: JSONStringBytes)
    /// The correctly rounded, finite double the number text denotes.
    mutating func number(_ value: Double)
    mutating func bool(_ value: Bool)
    mutating func null()
}

/// The unescaped UTF-8 bytes of a string or key, as the parser hands them to a sink.
struct JSONStringBytes {
    /// Valid UTF-8, already unescaped. Borrowed: valid only during the event call.
    var bytes: UnsafeBufferPointer<UInt8>
    /// When the source string had no escapes, `bytes` lie inside the parsed input at
    /// `inputOffset` (the byte after the opening quote); otherwise `inputOffset` is nil and
    /// `bytes` are in the parser's scratch buffer. A verbatim string contains no `"`, `\`
    /// or control character (the grammar forbids them raw), so its canonical form is the
    /// bytes between quotes, unchanged.
    var inputOffset: Int?
}
