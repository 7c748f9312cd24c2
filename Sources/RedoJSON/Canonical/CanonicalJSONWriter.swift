/// Parse + canonicalize many documents with one set of buffers: the parser's stacks, the
/// tape and the canonicalizer's stacks are kept between calls, so once they have grown
/// to the largest document seen, canonicalizing another one allocates nothing (append
/// to an `out` array whose capacity you keep, e.g. with `removeAll(keepingCapacity:)`).
///
/// The output is byte-identical to `CanonicalJSON.bytes(of: JSONReader.parse(document))`
/// and every rejection is the same error (kind, offset, line, column, message), but no
/// `JSONValue` tree is built. A writer is a value: copies share nothing observable.
package struct CanonicalJSONWriter {
    private var parser: JSONParser<JSONTapeBuilder>
    private var canonicalizer = TapeCanonicalizer()

    package init(limits: JSONLimits = .default) {
        parser = JSONParser(sink: JSONTapeBuilder(), limits: limits)
    }

    package var limits: JSONLimits { parser.limits }

    /// Parses `document` strictly (I-JSON) and appends its canonical bytes to `out`. On
    /// error `out` is left unchanged.
    package mutating func canonicalize(_ document: UnsafeBufferPointer<UInt8>, appendingTo out: inout [UInt8])
        throws(JSONSyntaxError)
    {
        parser.sink.reset()
        try parser.parse(document)
        canonicalizer.write(parser.sink.tape, input: document, to: &out)
    }

    /// Parses `document` strictly (I-JSON) and returns its canonical bytes.
    package mutating func canonicalize(_ document: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(document.count)
        try canonicalize(document, appendingTo: &out)
        return out
    }

    package mutating func canonicalize(_ document: [UInt8]) throws(JSONSyntaxError) -> [UInt8] {
        let result: Result<[UInt8], JSONSyntaxError> = document.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try canonicalize(buffer) }
        }
        return try result.get()
    }
}
