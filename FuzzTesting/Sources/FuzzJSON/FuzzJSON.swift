// libFuzzer target `json`: the strict I-JSON reader and both RFC 8785 paths.
//
// For every input:
//  - neither path crashes (ASan, traps);
//  - the tree path (CanonicalJSON.bytes(of: JSONReader.parse(x))) and the tape path
//    (CanonicalJSON.canonicalize(x)) both accept or both reject; when they reject, the
//    errors are equal (kind, message, offset, line, column);
//  - when they accept: identical bytes; the output is a fixed point of both paths; it
//    parses back to a value `==` to the original; it equals an independent RFC 8785
//    serializer (UTF-16 key sort, JSON.stringify escaping, ECMAScript
//    Number::toString over Swift's shortest digits); every number's canonical text reads
//    back with Swift's Double(_:); a lone number reads as Swift's Double(_:) reads it;
//    another spelling of the value (reversed members, \u-escaped keys and strings,
//    Swift-spelled numbers, whitespace) is accepted, equal, and canonicalizes the same;
//  - the same agreement holds under tight limits (depth 3, strings of 8 bytes, documents
//    one byte shorter than the input), where the limit errors must also match.
//
// The checks live in FuzzSupport (JSON/): CanonicalPaths, AcceptedDocumentChecks, and the
// oracle ReferenceCanonicalJSON.
import FuzzSupport
import RedoJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    if let (value, canonical) = canonicalPathsAgree(input, .default) {
        guard checkFixedPoint(canonical, of: value, input: input) else { return 0 }
        checkAgainstReference(value, canonical)
        checkNumbers(value)
        checkRespelling(of: value, canonical, input: input)
        checkLoneNumber(value, input: input)
    }
    // Limits: both paths must hit the same limit at the same place.
    canonicalPathsAgree(input, JSONLimits(maxDepth: 3, maxDocumentBytes: 1 << 20, maxStringBytes: 8))
    if size > 0 {
        canonicalPathsAgree(input, JSONLimits(maxDepth: 512, maxDocumentBytes: size - 1, maxStringBytes: 64))
    }
    return 0
}
