import RedoCore
import RedoJSON

/// The documented bug classes fixture flags name (Wycheproof-style): what goes wrong in
/// real clients, so a failing vector says which mistake a platform made.
package enum BugClass: String, CaseIterable, Sendable {
    case uppercaseHex = "uppercase-hex"
    case base58 = "base58"
    case base64 = "base64"
    case keyOrder = "key-order"
    case whitespace = "whitespace"
    case numberFormat = "number-format"
    case laxValidation = "lax-validation"
    case reservedName = "reserved-name"
    case timeFormat = "time-format"
    case notIJSON = "not-i-json"
    case userIdDerivation = "userid-derivation"
    case missingSignature = "missing-signature"
    case wrongSignature = "wrong-signature"
    case staleId = "stale-id"
    case uuidForm = "uuid-form"
    case mergeSemantics = "merge-semantics"
    case logStructure = "log-structure"
    case todoConsensus = "todo-consensus"
    case deletion = "deletion"
    case nonASCII = "non-ascii"
    case multipleFindings = "multiple-findings"
    // What Swift clients get wrong (a Foundation or Swift String behaviour behind each):
    // docs/platform-gate.md lists them with the vector that catches each.
    case normalizedKeyOrder = "normalized-key-order"
    case equivalentKeys = "equivalent-keys"
    case graphemeScan = "grapheme-scan"
    case escapedSlash = "escaped-slash"
    case unescapedControl = "unescaped-control"
    case integerOverflow = "integer-overflow"
    case doubleDescription = "double-description"
    case entryShape = "entry-shape"
    case droppedFields = "dropped-fields"
    case unknownAction = "unknown-action"
    case neverVerifies = "never-verifies"
    case fieldName = "field-name"
    case unicodeDigits = "unicode-digits"
    // What storage models get wrong when a node goes in and comes back out.
    case numberBridging = "number-bridging"
    case impreciseNumberParsing = "imprecise-number-parsing"

    package var summary: String {
        switch self {
        case .uppercaseHex: return "hex written in uppercase where REDO requires lowercase"
        case .base58: return "a key, id or signature in Base58 instead of lowercase hex"
        case .base64: return "a key, id or signature in Base64 instead of lowercase hex"
        case .keyOrder:
            return "object keys that a byte-order or code-point sort would order differently from UTF-16 order"
        case .whitespace: return "insignificant whitespace that must not reach the canonical form"
        case .numberFormat: return "numbers whose canonical spelling differs from the source (1.0, 1E2, -0)"
        case .laxValidation:
            return "a shape a lax validator accepts: wrong type, missing or extra key, out-of-range value"
        case .reservedName: return "an envelope or state name used as a payload key"
        case .timeFormat: return "a time not in strict YYYY-MM-DDTHH:MM:SS.mmmZ UTC, or no real instant"
        case .notIJSON: return "JSON that is not I-JSON (duplicate key, lone surrogate, non-finite number, BOM)"
        case .userIdDerivation: return "userId not the first 32 hex digits of the public key (e.g. a hash of it)"
        case .missingSignature: return "a synced node without a signature"
        case .wrongSignature: return "a signature over other bytes or by another key"
        case .staleId: return "an id that is not the hash of the content (edited after hashing, or hashed differently)"
        case .uuidForm: return "a taskId or todoTaskId that is not a lowercase UUID v4"
        case .mergeSemantics: return "a MERGE whose policy or resolutions cannot be applied"
        case .logStructure: return "parents, lamport or CREATE structure of the log"
        case .todoConsensus: return "todo references across branches"
        case .deletion: return "deletedChain and descendants of a DELETE"
        case .nonASCII: return "non-ASCII and astral text that must pass through unchanged"
        case .multipleFindings: return "a record breaking several rules: every finding, one primary code"
        case .normalizedKeyOrder:
            return "keys sorted as Swift Strings compare (by normalized scalars) instead of by UTF-16 code units"
        case .equivalentKeys:
            return
                "keys compared after Unicode normalization: a Swift Dictionary merges canonically equivalent keys and drops one pair"
        case .graphemeScan:
            return
                "a scanner walking grapheme clusters misses a quote followed by a combining mark and strips spaces inside strings"
        case .escapedSlash: return "\"/\" written as \"\\/\" (JSONEncoder without .withoutEscapingSlashes)"
        case .unescapedControl:
            return
                "a hand-rolled string writer that escapes only \\ \" \\n \\r \\t and writes other control characters raw (invalid JSON)"
        case .integerOverflow:
            return "an integral double beyond Int64 converted to an integer (NSNumber.intValue): a wrong value"
        case .doubleDescription:
            return "doubles written as Swift's description writes them (1e-07, 1.234e-06) instead of as ECMAScript does"
        case .entryShape:
            return
                "an app's own entry shape hashed instead of the node: data.fields for data.payload, and \"id\":\"\" inside the hashed bytes"
        case .droppedFields:
            return
                "optional fields the client's model lacks (author.email, author.deviceName) dropped when a node is re-encoded"
        case .unknownAction: return "an action the client's model lacks (MERGE): the node cannot be read at all"
        case .neverVerifies: return "a client that never verifies signatures accepts a node signed over other bytes"
        case .fieldName: return "a payload key spelled as the client names it (snoozeDays for daysToExtend)"
        case .unicodeDigits:
            return "a hex check using Character.isNumber and Character counts, which accepts non-ASCII digits"
        case .numberBridging:
            return
                "numbers 0 and 1 (also spelled 1.0 or 1e0) read back as false and true: a storage layer bridging numbers through a type that also holds booleans (NSNumber, a Firestore value)"
        case .impreciseNumberParsing:
            return
                "a number parser that does not round to the nearest double (swift-corelibs JSONSerialization): the value is off in its last digits"
        }
    }
}

/// What a vector expects of one record.
package struct ExpectedVerdict: Sendable, Equatable {
    package var status: RecordStatusName
    package var code: String?
    package var rule: String?
    /// The node ids the primary finding names (an inherited rejection's nearest root
    /// causes, the DELETE above an X_AFTER_DELETE), sorted; nil when the case does not
    /// decide them.
    package var related: [String]? = nil
    /// The codes of the record's warnings, sorted; a record must carry exactly these.
    package var warnings: [String] = []
    /// The codes of all the record's error findings, sorted, each once; nil when the case
    /// does not decide them. Set where the point of a case is a finding that must *not*
    /// be reported beside the primary one (a reserved name that is only an unknown key).
    package var codes: [String]? = nil

    /// The same verdict, with the ids its primary finding must name.
    package func naming(_ ids: [String]) -> ExpectedVerdict {
        var copy = self
        copy.related = ids.sorted()
        return copy
    }

    /// The same verdict, with the primary code as the record's only error code.
    package func alone() -> ExpectedVerdict {
        var copy = self
        copy.codes = code.map { [$0] } ?? []
        return copy
    }

    /// The same verdict, with one more warning the record must carry.
    package func warning(_ rule: RedoCoreRule) -> ExpectedVerdict {
        var copy = self
        copy.warnings = (warnings + [rule.code.rawValue]).sorted()
        return copy
    }

    /// The verdict as the vector manifests write it: status, then code, rule, related,
    /// warnings and codes where the case decides them.
    package var json: JSONValue {
        var members = [member("status", str(status.rawValue))]
        if let code { members.append(member("code", str(code))) }
        if let rule { members.append(member("rule", str(rule))) }
        if let related { members.append(member("related", .array(related.map { str($0) }))) }
        if !warnings.isEmpty { members.append(member("warnings", .array(warnings.map { str($0) }))) }
        if let codes { members.append(member("codes", .array(codes.map { str($0) }))) }
        return .object(JSONObject(members))
    }

    package static let valid = ExpectedVerdict(status: .valid, code: nil, rule: nil)
    package static let duplicate = ExpectedVerdict(status: .duplicate, code: nil, rule: nil)
    package static func rejected(_ rule: RedoCoreRule) -> ExpectedVerdict {
        ExpectedVerdict(status: .rejected, code: rule.code.rawValue, rule: rule.id)
    }
    package static func rejected(_ code: String, rule: String) -> ExpectedVerdict {
        ExpectedVerdict(status: .rejected, code: code, rule: rule)
    }
}

package enum RecordStatusName: String, Sendable { case valid, rejected, duplicate }

package typealias RedoCoreRule = Rule
