import Dispatch
import RedoTestSupport
import XCTest

@testable import RedoJSON

/// The tape path (`CanonicalJSON.canonicalize`, `CanonicalJSONWriter`) against the tree
/// path (`JSONReader.parse` + `CanonicalJSON.bytes(of:)`): same bytes on every document,
/// same error on every rejected one.
final class TapeCanonicalizationTests: XCTestCase {
    // MARK: Random documents, written non-canonically

    /// Writes `value` as valid but deliberately non-canonical JSON: random whitespace,
    /// random escapes (short, \u with either hex case, surrogate pairs), several number
    /// spellings, keys in generator order.
    static func writeNoisy(_ value: JSONValue, _ rng: inout SeededRandom, to out: inout String) {
        func space() {
            if rng.below(4) == 0 { out += [" ", "\n", "\t", "\r\n", "  "][rng.below(5)] }
        }
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number):
            switch rng.below(4) {
            case 0: out += "\(number)"  // Swift's spelling: "1e-07", "-0.0", "5e-324"
            case 1 where number == number.rounded() && number.magnitude < 1e15: out += "\(Int64(number))e0"
            case 2: out += ESNumberFormat.string(number).replacingOccurrences(of: "e", with: "E")
            default: out += ESNumberFormat.string(number)
            }
        case .string(let text): writeNoisyString(text, &rng, to: &out)
        case .array(let elements):
            out += "["
            for (position, element) in elements.enumerated() {
                if position > 0 {
                    space()
                    out += ","
                }
                space()
                writeNoisy(element, &rng, to: &out)
                space()
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (position, member) in object.members.enumerated() {
                if position > 0 { out += "," }
                space()
                writeNoisyString(member.key, &rng, to: &out)
                space()
                out += ":"
                space()
                writeNoisy(member.value, &rng, to: &out)
                space()
            }
            out += "}"
        }
    }

    static func writeNoisyString(_ text: String, _ rng: inout SeededRandom, to out: inout String) {
        func hex(_ unit: UInt32) -> String {
            let digits = String(unit, radix: 16)
            let padded = String(repeating: "0", count: 4 - digits.count) + digits
            return rng.below(2) == 0 ? padded : padded.uppercased()
        }
        let escapeAll = rng.below(8) == 0
        out += "\""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let mustEscape = v < 0x20 || scalar == "\"" || scalar == "\\"
            if mustEscape || escapeAll || rng.below(6) == 0 {
                switch scalar {
                case "\"": out += rng.below(2) == 0 ? "\\\"" : "\\u" + hex(v)
                case "\\": out += rng.below(2) == 0 ? "\\\\" : "\\u" + hex(v)
                case "/": out += rng.below(2) == 0 ? "\\/" : "/"
                case "\n": out += rng.below(2) == 0 ? "\\n" : "\\u" + hex(v)
                case "\t": out += "\\t"
                default:
                    if v >= 0x10000 {
                        let high = 0xD800 + ((v - 0x10000) >> 10)
                        let low = 0xDC00 + ((v - 0x10000) & 0x3FF)
                        out += "\\u" + hex(high) + "\\u" + hex(low)
                    } else {
                        out += "\\u" + hex(v)
                    }
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// The property tests' generator, plus now and then an object wide enough for the
    /// hashed duplicate check (> 16 keys) and the non-insertion sort (> 24 members).
    static func randomDocument(_ rng: inout SeededRandom) -> JSONValue {
        guard rng.below(10) == 0 else { return CanonicalizationPropertyTests.randomValue(&rng, depth: 0) }
        var members: [JSONMember] = []
        var seen = Set<BytewiseString>()
        for _ in 0..<(10 + rng.below(80)) {
            var key = CanonicalizationPropertyTests.randomString(&rng)
            if rng.below(2) == 0 { key += String(rng.below(1000)) }
            if seen.insert(BytewiseString(key)).inserted {
                members.append(JSONMember(key: key, value: CanonicalizationPropertyTests.randomValue(&rng, depth: 3)))
            }
        }
        return .object(JSONObject(members))
    }

    func testTapeAndTreeAgreeOnRandomDocuments() {
        var rng = SeededRandom(for: self, seed: 0x7A9E)
        for _ in rng.rounds(6_000) {
            let value = Self.randomDocument(&rng)
            var text = ""
            Self.writeNoisy(value, &rng, to: &text)
            let bytes = Array(text.utf8)
            let outcome = TapeParity.assertAgree(bytes)
            // And both are the canonical form of the value we wrote.
            XCTAssertEqual(outcome, .canonical(CanonicalJSON.bytes(of: value)), TapeParity.show(bytes))
        }
    }

    /// Random byte edits of valid documents: both paths must accept the same documents
    /// with the same output and reject the rest with the same error.
    func testTapeAndTreeAgreeOnMutatedDocuments() {
        var rng = SeededRandom(for: self, seed: 0xBAD)
        let interesting: [UInt8] =
            Array("{}[]\",:\\u0aeE-+.1tfn /".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xED, 0xEF, 0xF0, 0xFF]
        var rejected = 0
        for _ in rng.rounds(6_000) {
            var text = ""
            Self.writeNoisy(Self.randomDocument(&rng), &rng, to: &text)
            var bytes = Array(text.utf8)
            for _ in 0..<(1 + rng.below(3)) where !bytes.isEmpty {
                let at = rng.below(bytes.count)
                switch rng.below(4) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(interesting[rng.below(interesting.count)], at: at)
                case 2: bytes[at] = interesting[rng.below(interesting.count)]
                // duplicate a slice
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + rng.below(12))], at: at)
                }
            }
            if case .rejected = TapeParity.assertAgree(bytes) { rejected += 1 }
        }
        XCTAssertGreaterThan(rejected, 2_000)  // the mutations do hit the error paths
    }

    func testRFC8785VectorsThroughBothPaths() throws {
        let names = try ExternalVectors.list("rfc8785/input").filter { $0.hasSuffix(".json") }
        XCTAssertEqual(names.count, 6, "the RFC's vectors")
        for name in names {
            let input = try ExternalVectors.bytes("rfc8785/input/\(name)")
            let expected = try ExternalVectors.bytes("rfc8785/output/\(name)")
            XCTAssertEqual(TapeParity.assertAgree(input), .canonical(expected), name)
            XCTAssertEqual(TapeParity.assertAgree(expected), .canonical(expected), "\(name) fixed point")
        }
    }

    func testWideObjectsSortAndDetectDuplicates() {
        // 60 keys: hashed duplicate check, stdlib sort; keys share long prefixes so the
        // 8-byte sort heads tie and the full comparison decides.
        let keys = (0..<60).map { "shared-prefix-\(($0 * 37) % 60)" }
        let body = keys.map { "\"\($0)\":\($0.count)" }.joined(separator: ",")
        let canonical = TapeParity.assertAgree(Array("{\(body)}".utf8))
        let sorted = keys.sorted().map { "\"\($0)\":\($0.count)" }.joined(separator: ",")
        XCTAssertEqual(canonical, .canonical(Array("{\(sorted)}".utf8)))

        // The duplicate written with an escape, late in a wide object.
        let duplicate = "{\(body),\"shared-prefix-\\u00357\":0}"  // "\u0035" is "5": shared-prefix-57
        guard case .rejected(let error) = TapeParity.assertAgree(Array(duplicate.utf8)) else {
            return XCTFail("accepted")
        }
        XCTAssertEqual(error.kind, .duplicateKey)
        XCTAssertEqual(error.offset, body.utf8.count + 2)
        XCTAssertEqual(error.message, "duplicate object key \"shared-prefix-57\" (I-JSON forbids duplicate names)")

        // Same length, same first 8 bytes, differing last byte: not duplicates (hashed path).
        let twins = (10..<50).map { "\"abcdefgh\($0)\":0" }.joined(separator: ",")
        guard case .canonical = TapeParity.assertAgree(Array("{\(twins)}".utf8)) else { return XCTFail("rejected") }

        // An escaped key first, its plain twin later, past the linear-scan limit.
        let escapedFirst = "{\"\\u0041\":0," + (0..<30).map { "\"k\($0)\":0" }.joined(separator: ",") + ",\"A\":1}"
        guard case .rejected(let second) = TapeParity.assertAgree(Array(escapedFirst.utf8)) else {
            return XCTFail("accepted")
        }
        XCTAssertEqual(second.kind, .duplicateKey)
    }

    func testTheEarliestFaultIsReported() {
        // A duplicate before a syntax error, and the other way round.
        TapeParity.assertAgree(Array(#"{"a":1,"a":2,]"#.utf8))
        TapeParity.assertAgree(Array(#"{"a":[1,],"a":2}"#.utf8))
        // Same keys in sibling and nested objects are not duplicates.
        XCTAssertEqual(
            TapeParity.assertAgree(Array(#"{"a":{"a":{"a":1}},"b":{"a":2}}"#.utf8)),
            .canonical(Array(#"{"a":{"a":{"a":1}},"b":{"a":2}}"#.utf8)))
        // Keys that differ only past 8 bytes, or only in length with NUL bytes. The
        // duplicate check is shared by both paths, so these pin absolute answers.
        XCTAssertEqual(
            TapeParity.assertAgree(Array(#"{"abcdefgh2":2,"abcdefgh1":1}"#.utf8)),
            .canonical(Array(#"{"abcdefgh1":1,"abcdefgh2":2}"#.utf8)))
        XCTAssertEqual(
            TapeParity.assertAgree(Array(#"{"abcdefghij2":2,"abcdefghij1":1}"#.utf8)),
            .canonical(Array(#"{"abcdefghij1":1,"abcdefghij2":2}"#.utf8)))
        guard
            case .rejected(let error) = TapeParity.assertAgree(
                Array(#"{"abcdefgh1":1,"abcdefgh2":2,"abcdefgh1":3}"#.utf8))
        else {
            return XCTFail("accepted")
        }
        XCTAssertEqual(error.kind, .duplicateKey)
        XCTAssertEqual(error.offset, 29)
        XCTAssertEqual(TapeParity.assertAgree(Array(#"{"":1,"a":2}"#.utf8)), .canonical(Array(#"{"":1,"a":2}"#.utf8)))
        guard case .rejected = TapeParity.assertAgree(Array(#"{"":1,"a":2,"":3}"#.utf8)) else {
            return XCTFail("accepted")
        }
        XCTAssertEqual(
            TapeParity.assertAgree(Array(#"{"a\u0000":1,"a":2,"a\u0000\u0000":3}"#.utf8)),
            .canonical(Array(#"{"a":2,"a\u0000":1,"a\u0000\u0000":3}"#.utf8)))
    }

    func testDeepDocumentsNeedNoRecursion() {
        let limits = JSONLimits(maxDepth: 200_000)
        let depth = 100_000
        let arrays = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        XCTAssertEqual(try CanonicalJSON.canonicalize(Array(arrays.utf8), limits: limits), Array(arrays.utf8))
        let objects = String(repeating: "{\"k\": ", count: depth) + "[]" + String(repeating: "}", count: depth)
        let expected = String(repeating: "{\"k\":", count: depth) + "[]" + String(repeating: "}", count: depth)
        XCTAssertEqual(try CanonicalJSON.canonicalize(Array(objects.utf8), limits: limits), Array(expected.utf8))
    }

    func testScalarsAndEmptyContainersAtTheTop() {
        for (input, output) in [
            ("null", "null"), (" true ", "true"), ("false", "false"), ("1E3", "1000"), ("-0", "0"),
            ("\"\\u00e9\"", "\"é\""), ("\"\"", "\"\""), ("[]", "[]"), ("{ }", "{}"), ("[{},[]]", "[{},[]]"),
        ] {
            XCTAssertEqual(TapeParity.assertAgree(Array(input.utf8)), .canonical(Array(output.utf8)), input)
        }
    }

    func testBufferOverloadAndWriterReuse() throws {
        let documents = [
            #"{"b":[1,2,{"d":"\n","c":null}],"a":"x"}"#, #"[1,2"#, #"{"é":1,"e":2}"#, "7", #"{"a":1,"a":2}"#,
        ]
        var writer = CanonicalJSONWriter()
        var out: [UInt8] = []
        for _ in 0..<3 {
            for document in documents {
                let bytes = Array(document.utf8)
                let expected = TapeParity.treeOutcome(bytes)
                out.removeAll(keepingCapacity: true)
                let viaBuffer: TapeParity.Outcome
                do {
                    viaBuffer = .canonical(
                        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                            try CanonicalJSON.canonicalize(buffer)
                        })
                } catch {
                    viaBuffer = .rejected(error)
                }
                XCTAssertEqual(viaBuffer, expected, document)
                do {
                    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                        try writer.canonicalize(buffer, appendingTo: &out)
                    }
                    XCTAssertEqual(.canonical(out), expected, document)
                } catch {
                    XCTAssertEqual(.rejected(error), expected, document)
                    XCTAssertTrue(out.isEmpty, "output touched on error")
                }
            }
        }
    }

    /// Copies of a writer are independent, and output far past the initial buffer
    /// (which grows while writing) comes out whole.
    func testWriterCopiesAndLargeOutput() throws {
        var first = CanonicalJSONWriter()
        let big = "[" + (0..<20_000).map { "{\"v\":\($0),\"s\":\"x\\n\($0)\"}" }.joined(separator: ",") + "]"
        let expected = CanonicalJSON.bytes(of: try JSONReader.parse(big))
        XCTAssertGreaterThan(expected.count, 100_000)
        XCTAssertEqual(try first.canonicalize(Array(big.utf8)), expected)
        var second = first
        XCTAssertEqual(try second.canonicalize(Array("{\"b\":1,\"a\":2}".utf8)), Array("{\"a\":2,\"b\":1}".utf8))
        var out: [UInt8] = []
        try Array(big.utf8).withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            try first.canonicalize(buffer, appendingTo: &out)
            try second.canonicalize(buffer, appendingTo: &out)
        }
        XCTAssertEqual(out, expected + expected)
    }

    /// `JSONTapeValue.parse` reuses one tape per thread: a parse nested in another's
    /// closure, a rejected document, a huge document and other threads must not disturb a
    /// tape still being read.
    func testTapeWorkspaceReuseIsInvisible() throws {
        @Sendable func parse(_ text: String, _ body: (JSONTapeValue) -> Void) throws {
            try Array(text.utf8).withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                try JSONTapeValue.parse(buffer) { body($0) }
            }
        }
        /// Parses a document that must parse (so `body` runs).
        @Sendable func parseValid(_ text: String, _ body: (JSONTapeValue) -> Void) {
            do { try parse(text, body) } catch { XCTFail("\(error): \(text.prefix(60))") }
        }
        let huge = "[" + (0..<100_000).map { "{\"k\":\"v\\n\($0)\"}" }.joined(separator: ",") + "]"
        for _ in 0..<3 {
            try parse(#"{"b":"outer\n","a":[1,2]}"#) { (outer: JSONTapeValue) -> Void in
                let rejected = (try? parse(#"{"x":1,"x":2}"#) { _ in XCTFail("a duplicate key parsed") }) == nil
                XCTAssertTrue(rejected)
                parseValid(#"{"b":"inner","z":true}"#) { inner in
                    XCTAssertEqual(inner.objectValue?["b"]?.stringValue, "inner")
                    XCTAssertEqual(inner.objectValue?.canonicalBytes(excluding: ["z"]), Array(#"{"b":"inner"}"#.utf8))
                }
                parseValid(huge) { value in XCTAssertEqual(value.arrayValue?.count, 100_000) }
                XCTAssertEqual(outer.objectValue?["b"]?.stringValue, "outer\n")
                XCTAssertEqual(
                    outer.objectValue?.canonicalBytes(excluding: []), Array(#"{"a":[1,2],"b":"outer\n"}"#.utf8))
            }
        }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for k in 0..<500 {
                let text = #"{"w":\#(worker),"k":"\#(k)\u0041"}"#
                parseValid(text) { value in
                    XCTAssertEqual(value.objectValue?["k"]?.stringValue, "\(k)A")
                    XCTAssertEqual(value.objectValue?.canonicalBytes(excluding: ["w"]), Array(#"{"k":"\#(k)A"}"#.utf8))
                }
            }
        }
    }

    // MARK: Key order heads

    /// The 8-byte sort heads never contradict `UTF16KeyOrder` (they may only tie).
    func testSortHeadsAgreeWithUTF16Order() {
        var rng = SeededRandom(for: self, seed: 16)
        let pieces = [
            "a", "b", "", "\u{0}", "\u{7F}", "é", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}",
            "\u{10000}", "😀", "\u{10FFFF}", "abcdefgh", "日本",
        ]
        var compared = 0
        for _ in rng.rounds(20_000) {
            let a = (0..<rng.below(5)).map { _ in pieces[rng.below(pieces.count)] }.joined()
            let b = (0..<rng.below(5)).map { _ in pieces[rng.below(pieces.count)] }.joined()
            let ha = Array(a.utf8).withUnsafeBufferPointer { TapeCanonicalizer.sortHead($0) }
            let hb = Array(b.utf8).withUnsafeBufferPointer { TapeCanonicalizer.sortHead($0) }
            if ha != hb {
                compared += 1
                XCTAssertEqual(ha < hb, UTF16KeyOrder.precedes(a, b), "\(a.debugDescription) vs \(b.debugDescription)")
                XCTAssertEqual(ha < hb, Array(a.utf16).lexicographicallyPrecedes(Array(b.utf16)))
            }
        }
        XCTAssertGreaterThan(compared, 10_000, "pairs the heads order on their own")
    }
}
