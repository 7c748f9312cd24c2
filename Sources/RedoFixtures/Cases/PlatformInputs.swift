import RedoCore
import RedoCrypto
import RedoJSON

/// The cross-platform exchange inputs (docs/platform-gate.md, "The exchange format"):
/// what every platform's harness reads. Generated from the seed, plus any extra signature
/// cases the caller adds (`vectors generate --external`).
package struct PlatformInputs {
    package let seed: String
    /// Verification cases added after the crafted ones (published third-party cases).
    package let extraSignatures: [SignatureCase]
    /// The reconstruction vectors of the same seed, each a log the exchange holds.
    package let reconstruction: [ReconstructionScenario]

    package init(seed: String, extraSignatures: [SignatureCase] = [], reconstruction: [ReconstructionScenario]) {
        self.seed = seed
        self.extraSignatures = extraSignatures
        self.reconstruction = reconstruction
    }

    /// Canonicalization inputs that stress platforms: key order across the BMP/astral
    /// boundary, escapes, numbers of every class, large integers, nesting.
    static let canonicalization: [(String, String, [BugClass], String)] = [
        (
            "c-key-order-utf16", "U+E000 and U+FFFF sort after an astral key in UTF-16 order",
            [.keyOrder, .normalizedKeyOrder, .nonASCII],
            #"{"\ue000":1,"\ud83d\ude00":2,"\uffff":3,"a":4,"\u00e9":5,"\u007f":6}"#
        ),
        (
            "c-key-order-case", "uppercase before lowercase, digits before letters", [.keyOrder],
            #"{"b":1,"B":2,"a":3,"A":4,"1":5,"_":6}"#
        ),
        ("c-key-prefixes", "a key sorts before its extensions", [.keyOrder], #"{"abc":1,"ab":2,"a":3,"":4}"#),
        (
            "c-nested", "nested objects and arrays keep array order", [.keyOrder],
            #"{"z":[3,{"y":1,"x":2},[]],"m":{},"a":[{}]}"#
        ),
        (
            "c-escapes", "control characters, quotes, backslash; slash and DEL literal",
            [.nonASCII, .escapedSlash, .unescapedControl],
            #"["\u0000\u0001\u001f","\b\f\n\r\t","\"\\","\/","\u007f","\u2028\u2029"]"#
        ),
        (
            "c-non-ascii", "non-ASCII text passes through as UTF-8, unnormalized", [.nonASCII],
            #"{"é":"e\u0301","日本":"語","\ud83c\udf31":"🌱","K":"\u212a"}"#
        ),
        (
            "c-integers", "integers: zero, negative zero, 2^53-1, 2^53, 2^53+1 (not a double), 2^64", [.numberFormat],
            #"[0,-0,1,-1,9007199254740991,9007199254740992,9007199254740993,18446744073709551616]"#
        ),
        (
            "c-exponent-boundaries", "plain below 1e21, exponent from 1e21; plain from 1e-6, exponent below",
            [.numberFormat, .doubleDescription, .integerOverflow],
            #"[1e20,1e21,123456789012345678901,1e-6,1e-7,0.000001234,0.0000001234]"#
        ),
        (
            "c-fractions", "shortest round-trip digits", [.numberFormat],
            #"[0.1,0.2,0.30000000000000004,1.5,-2.25,100.0,1E2,1e+2,5e-1]"#
        ),
        (
            "c-extremes", "the largest and smallest doubles, subnormals", [.numberFormat],
            #"[1.7976931348623157e308,2.2250738585072014e-308,5e-324,4.9e-324,-1.7976931348623157e308]"#
        ),
        (
            "c-precision", "more digits than a double holds round to the nearest double", [.numberFormat],
            #"[3.141592653589793238462643383279,0.1000000000000000055511151231257827,123456789012345678]"#
        ),
        (
            "c-normalized-key-order",
            "U+212B (Angstrom sign) sorts after U+00C6 in UTF-16 order, before it once normalized",
            [.keyOrder, .normalizedKeyOrder, .nonASCII], #"{"\u212b":1,"\u00c6":2,"a":3}"#
        ),
        (
            "c-equivalent-keys", "\"é\" precomposed and decomposed are two keys: both pairs stay",
            [.equivalentKeys, .nonASCII], #"{"\u00e9":"precomposed","e\u0301":"decomposed"}"#
        ),
        (
            "c-combining-mark-first", "strings that begin with a combining mark keep their spaces",
            [.graphemeScan, .whitespace, .nonASCII], #"{"a":"\u0301 one two","b":[" x ","\u0308 y z"]}"#
        ),
        (
            "c-slash", "a slash is written as itself, never escaped", [.escapedSlash],
            #"{"url":"https://example.com/a/b","path":"/"}"#
        ),
        (
            "c-control-characters", "every control character is escaped: short forms, else \\u00xx in lowercase",
            [.unescapedControl], #"["\u0001","bell\u0007","\u001f","\b\f","\u000b"]"#
        ),
        (
            "c-beyond-int64", "integral doubles beyond Int64 stay doubles (ECMAScript spelling)",
            [.integerOverflow, .numberFormat],
            #"[9223372036854775807,9223372036854775808,-9223372036854775809,1e19,-1e19,1e21,1e300]"#
        ),
        ("c-literals", "true, false, null, empty containers", [], #"{"t":true,"f":false,"n":null,"o":{},"a":[]}"#),
        (
            "c-whitespace", "insignificant whitespace everywhere", [.whitespace],
            " {\n\t\"b\" : [ 1 , 2 ] ,\r\n \"a\" : { } } \n"
        ),
        (
            "c-redo-payload", "a REDO-like payload with numbers and text", [.numberFormat, .nonASCII],
            #"{"title":"Gießen ☕","priority":5,"storyPoints":8.0,"frequencyDays":7,"extensions":{"ratio":0.5,"big":1e21}}"#
        ),
    ]

    /// Node vectors whose only fault is their signature: a platform must say it does not
    /// verify (a client that never verifies says it does).
    static let signatureOnlyNodes: Set<String> = ["signature-over-id"]

    package var json: JSONValue {
        let cases = NodeCases(seed: seed).all.filter {
            $0.profile == .synced && ($0.expected.status == .valid || Self.signatureOnlyNodes.contains($0.id))
        }
        let seedHex = Hex.encode(FixtureKeys.pair(seed: seed, index: 0).seed)
        let nodes: [JSONValue] = cases.map { c in
            .object(
                JSONObject([
                    member("id", str("n-\(c.id)")), member("comment", str(c.comment)),
                    member("flags", .array(c.flags.map { str($0.rawValue) })),
                    member("node", str(String(decoding: c.bytes, as: UTF8.self))), member("seed", str(seedHex)),
                ]))
        }
        let canon: [JSONValue] = Self.canonicalization.map { id, comment, flags, text in
            .object(
                JSONObject([
                    member("id", str(id)), member("comment", str(comment)),
                    member("flags", .array(flags.map { str($0.rawValue) })), member("json", str(text)),
                ]))
        }
        // Every reconstruction scenario, so a platform that hashes its state is held to
        // every replay and MERGE ruling, not only to the basic cases.
        let logs: [JSONValue] = reconstruction.map { s in
            .object(
                JSONObject([
                    member("id", str("l-\(s.id)")), member("comment", str(s.comment)),
                    member("flags", .array(s.flags.map { str($0.rawValue) })),
                    member("records", .array(s.records.map { str(String(decoding: $0, as: UTF8.self)) })),
                ]))
        }
        return .object(
            JSONObject([
                member("format", str("redo-conform/platform-inputs")),
                member("version", num(1)),
                member("seed", str(seed)),
                member("canonicalization", .array(canon)),
                member("nodes", .array(nodes)),
                member("signatures", .array((SignatureCases.crafted(seed: seed) + extraSignatures).map(\.json))),
                member("logs", .array(logs)),
                member("verdicts", .array(verdicts)),
                member("storage", .array(storage)),
            ]))
    }

    /// The node vectors a client's own acceptance check is judged on: every node vector
    /// whose text is I-JSON (a parser's rejection of the others is not an acceptance
    /// check) and that needs no limit of its own (`record-too-large`).
    static func verdictCases(seed: String) -> [NodeCase] {
        NodeCases(seed: seed).all.filter { $0.expected.rule != Rule.recordSyntax.id && $0.maxRecordBytes == nil }
    }

    private var verdicts: [JSONValue] {
        Self.verdictCases(seed: seed).map { c in
            .object(
                JSONObject([
                    member("id", str("v-\(c.id)")), member("comment", str(c.comment)),
                    member("flags", .array(c.flags.map { str($0.rawValue) })),
                    member("profile", str(c.profile.rawValue)),
                    member("node", str(String(decoding: c.bytes, as: UTF8.self))),
                    member(
                        "expected",
                        ExpectedVerdict(status: c.expected.status, code: c.expected.code, rule: c.expected.rule).json),
                ]))
        }
    }

    private var storage: [JSONValue] {
        StorageCases(seed: seed).all.map { c in
            .object(
                JSONObject([
                    member("id", str(c.id)), member("comment", str(c.comment)),
                    member("flags", .array(c.flags.map { str($0.rawValue) })),
                    member("node", str(String(decoding: c.bytes, as: UTF8.self))),
                ]))
        }
    }
}
