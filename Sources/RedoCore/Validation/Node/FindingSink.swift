import RedoCrypto
import RedoJSON
import RedoText

/// Collects the findings of one record and offers the typed reads every rule file uses,
/// each of which reports a precise finding when the value is not what it must be.
struct FindingSink {
    var findings: [Finding] = []

    mutating func add(_ rule: Rule, _ message: String, at path: String, related: [String] = []) {
        findings.append(Finding(rule, message, path: path, related: related))
    }

    var hasErrors: Bool { findings.hasErrors }

    /// The largest magnitude an integer field may have: 2^53 - 1.
    static let maxSafeInteger = 9_007_199_254_740_991.0

    static func integer<V: JSONReadable>(_ value: V) -> Int64? {
        guard let d = value.numberValue, d == d.rounded(.towardZero), d.magnitude <= maxSafeInteger else { return nil }
        return Int64(d)
    }

    /// Checks that `object` has only `allowed` keys; an extra key is `unknownRule`, or
    /// E_FORBIDDEN_FIELD when `reservedIsForbidden` and the key is a reserved name.
    /// Returns which allowed keys it has (bit i: allowed[i]), for the required-key checks.
    @discardableResult
    mutating func checkKeys<O: JSONObjectReadable>(
        _ object: O, at path: String, allowed: [JSONKey], unknownRule: Rule, reservedIsForbidden: Bool = false,
        what: @autoclosure () -> String
    ) -> KeyScan {
        // Bytewise: "public\u{212A}ey" is not "publicKey", though Swift's == says it is.
        let scan = object.scanKeys(allowed)
        for key in scan.others {
            if reservedIsForbidden && ReservedNames.contains(key) {
                add(
                    .payloadReserved, "\(MessageText.key(key)) is a reserved name and may not be a payload key",
                    at: JSONPath.member(path, key))
            } else {
                add(
                    unknownRule,
                    "\(what()) has no key \(MessageText.key(key)) (allowed: \(allowed.map(\.text).joined(separator: ", ")))",
                    at: JSONPath.member(path, key))
            }
        }
        return scan
    }

    /// The required member `keys[k]` as `scan` (of `keys`) found it, or a `rule` finding.
    mutating func require<O: JSONObjectReadable>(
        _ object: O, _ scan: KeyScan, _ k: Int, of keys: [JSONKey], at path: @autoclosure () -> String,
        rule: Rule, what: @autoclosure () -> String
    ) -> O.Value? {
        if let value = object.value(scan, k) { return value }
        add(rule, "\(what()) is missing required key \"\(keys[k])\"", at: JSONPath.member(path(), keys[k]))
        return nil
    }

    mutating func string<V: JSONReadable>(_ value: V, at path: @autoclosure () -> String, typeRule: Rule) -> String? {
        if let s = value.stringValue { return s }
        add(typeRule, "expected a string, found \(value.typeName)", at: path())
        return nil
    }

    /// Reads a string value through `parse` from its UTF-8 bytes, without making a
    /// `String` unless a finding needs the text: nil and a `typeRule` finding for a
    /// non-string, `.failure(text)` when `parse` refuses the bytes (the caller words that
    /// finding).
    mutating func parsed<V: JSONReadable, T>(
        _ value: V, at path: @autoclosure () -> String, typeRule: Rule,
        _ parse: (UnsafeBufferPointer<UInt8>) -> T?
    ) -> Result<T, TextFailure>? {
        guard let result = value.withUTF8String(parse) else {
            add(typeRule, "expected a string, found \(value.typeName)", at: path())
            return nil
        }
        if let result { return .success(result) }
        return .failure(TextFailure(text: value.stringValue ?? ""))
    }

    /// The text of a string that a byte-level read refused, for the finding's message.
    struct TextFailure: Error {
        let text: String
    }

    /// Whether `value` is a string (a `typeRule` finding if not); no `String` is made.
    mutating func isString<V: JSONReadable>(_ value: V, at path: @autoclosure () -> String, typeRule: Rule) -> Bool {
        if value.withUTF8String({ _ in true }) != nil { return true }
        add(typeRule, "expected a string, found \(value.typeName)", at: path())
        return false
    }

    mutating func object<V: JSONReadable>(_ value: V, at path: @autoclosure () -> String, typeRule: Rule) -> V.Object? {
        if let o = value.objectValue { return o }
        add(typeRule, "expected an object, found \(value.typeName)", at: path())
        return nil
    }

    mutating func array<V: JSONReadable>(_ value: V, at path: @autoclosure () -> String, typeRule: Rule) -> [V]? {
        if let a = value.arrayValue { return a }
        add(typeRule, "expected an array, found \(value.typeName)", at: path())
        return nil
    }

    mutating func bool<V: JSONReadable>(_ value: V, at path: @autoclosure () -> String, typeRule: Rule) -> Bool? {
        if let b = value.boolValue { return b }
        add(typeRule, "expected a boolean, found \(value.typeName)", at: path())
        return nil
    }

    /// An integer within `range`: a non-number is `typeRule`, anything else out of range
    /// (fractional, beyond ±(2^53-1), outside `range`) is `rangeRule`.
    mutating func integer<V: JSONReadable>(
        _ value: V, in range: ClosedRange<Int64>, at path: @autoclosure () -> String, typeRule: Rule, rangeRule: Rule
    ) -> Int64? {
        guard let d = value.numberValue else {
            add(typeRule, "expected an integer, found \(value.typeName)", at: path())
            return nil
        }
        guard let integer = Self.integer(value), range.contains(integer) else {
            add(
                rangeRule,
                "\(ESNumberFormat.string(d)) is not an integer from \(range.lowerBound) to \(range.upperBound)",
                at: path())
            return nil
        }
        return integer
    }

    /// A strict UTC time string (format and real instant both under `rule` for payload
    /// times; the envelope's wall has its own two rules).
    mutating func time<V: JSONReadable>(
        _ value: V, at path: @autoclosure () -> String, typeRule: Rule, formatRule: Rule, instantRule: Rule
    ) -> UTCTime? {
        guard case let .success(time)? = parsed(value, at: path(), typeRule: typeRule, { UTCTime.parse(utf8: $0) })
        else { return nil }
        switch time {
        case let .success(time): return time
        case .failure(.format):
            add(
                formatRule,
                "\(MessageText.quoted(value.stringValue ?? "")) is not a UTC time of the form YYYY-MM-DDTHH:MM:SS.mmmZ",
                at: path())
        case .failure(.instant):
            add(
                instantRule,
                "\(MessageText.quoted(value.stringValue ?? "")) is not a real instant (month, day, hour, minute or second out of range)",
                at: path())
        }
        return nil
    }

    mutating func uuid<V: JSONReadable>(
        _ value: V, at path: @autoclosure () -> String, typeRule: Rule, formatRule: Rule
    ) -> UUIDv4? {
        form(
            value, at: path(), typeRule: typeRule, formatRule: formatRule,
            "a lowercase UUID v4 (8-4-4-4-12 hex, version 4, variant 8/9/a/b)"
        ) { UUIDv4(utf8: $0) }
    }

    mutating func nodeId<V: JSONReadable>(
        _ value: V, at path: @autoclosure () -> String, typeRule: Rule, formatRule: Rule
    ) -> NodeID? {
        form(
            value, at: path(), typeRule: typeRule, formatRule: formatRule,
            "a node id (sha256: + 64 lowercase hex digits)"
        ) { NodeID(utf8: $0) }
    }

    /// A string of one strict form, read by `parse`: a `typeRule` finding for a
    /// non-string, a `formatRule` finding ("<text> is not <expected>") for a refused one.
    private mutating func form<V: JSONReadable, T>(
        _ value: V, at path: @autoclosure () -> String, typeRule: Rule, formatRule: Rule,
        _ expected: @autoclosure () -> String, _ parse: (UnsafeBufferPointer<UInt8>) -> T?
    ) -> T? {
        switch parsed(value, at: path(), typeRule: typeRule, parse) {
        case let .success(parsed)?: return parsed
        case let .failure(refused)?:
            add(formatRule, "\(MessageText.quoted(refused.text)) is not \(expected())", at: path())
        case nil: break
        }
        return nil
    }
}
