import RedoFixtures

/// One way a platform's writer, parser or model departs from RFC 8785, as a
/// transformation of the right value: what a bug class does to bytes. A class may have
/// several variants (which of two equivalent keys a dictionary keeps); a diagnosis picks
/// at most one per class. The order of the cases is the order classes are tried in, so
/// when two sets of the same size both explain a platform's bytes, the earlier wins and
/// the other is listed as possible (docs/platform-gate.md says so).
enum DriftQuirk: CaseIterable, Sendable {
    /// The app's own entry model: `data.fields` for `data.payload`, `"id":""` hashed.
    case entryShape
    /// The author's optional `email` and `deviceName` lost by a model that lacks them.
    case droppedFields
    /// Keys sorted by Unicode scalar (code point) instead of UTF-16 code unit.
    case keyOrderByScalar
    /// Keys sorted as Swift Strings compare (canonical equivalence, normalized scalars).
    case keyOrderBySwiftString
    /// Canonically equivalent keys merged: the first key and value kept.
    case equivalentKeysFirst
    /// … the first key with the last value (a Swift Dictionary assigned twice).
    case equivalentKeysFirstKeyLastValue
    /// … the last key and value.
    case equivalentKeysLast
    /// Whitespace stripped by a scanner that walks grapheme clusters.
    case graphemeScan
    /// `/` written as `\/`.
    case escapedSlash
    /// Control characters other than `\n`, `\r`, `\t` written raw.
    case unescapedControl
    /// Non-ASCII written as `\uXXXX` escapes.
    case asciiEscapes
    /// 0 and 1 inside `data` (payload and extensions, what a storage model keeps untyped)
    /// read back as false and true; the typed envelope (version, lamport) keeps its numbers.
    case numberBridging
    /// … every 0 and 1 of the document.
    case numberBridgingEverywhere
    /// An integral number beyond Int64 written as some other Int64.
    case integerOverflow
    /// An integer within Int64 written exactly as the source spelled it, not rounded to
    /// the nearest double.
    case exactIntegers
    /// Every number written as the source spelled it.
    case sourceSpelling
    /// A number that is not an integer within Int64 written as Swift's `Double.description`.
    case doubleDescription
    /// A number parsed to a neighbouring double (off in its last digits).
    case impreciseParsing

    var bugClass: BugClass {
        switch self {
        case .entryShape: return .entryShape
        case .droppedFields: return .droppedFields
        case .keyOrderByScalar: return .keyOrder
        case .keyOrderBySwiftString: return .normalizedKeyOrder
        case .equivalentKeysFirst, .equivalentKeysFirstKeyLastValue, .equivalentKeysLast: return .equivalentKeys
        case .graphemeScan: return .graphemeScan
        case .escapedSlash: return .escapedSlash
        case .unescapedControl: return .unescapedControl
        case .asciiEscapes: return .nonASCII
        case .numberBridging, .numberBridgingEverywhere: return .numberBridging
        case .integerOverflow: return .integerOverflow
        case .exactIntegers, .sourceSpelling: return .numberFormat
        case .doubleDescription: return .doubleDescription
        case .impreciseParsing: return .impreciseNumberParsing
        }
    }
}
