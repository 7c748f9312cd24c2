// libFuzzer target `json`: the strict I-JSON reader and both RFC 8785 paths.
//
// For every input:
//  - neither path crashes (ASan, traps);
//  - the tree path (CanonicalJSON.bytes(of: JSONReader.parse(x))) and the tape path
//    (CanonicalJSON.canonicalize(x)) both accept or both reject; when they reject, the
//    errors are equal (kind, message, offset, line, column);
//  - when they accept: identical bytes; the output is a fixed point of both paths; it
//    parses back to a value `==` to the original; it equals an independent RFC 8785
//    serializer written here (UTF-16 key sort, JSON.stringify escaping, ECMAScript
//    Number::toString over Swift's shortest digits); every number's canonical text reads
//    back with Swift's Double(_:); a lone number reads as Swift's Double(_:) reads it;
//    another spelling of the value (reversed members, \u-escaped keys and strings,
//    Swift-spelled numbers, whitespace) is accepted, equal, and canonicalizes the same;
//  - the same agreement holds under tight limits (depth 3, strings of 8 bytes, documents
//    one byte shorter than the input), where the limit errors must also match.
import FuzzSupport
import RedoJSON

private func treeCanonical(_ input: UnsafeBufferPointer<UInt8>, _ limits: JSONLimits) -> Result<
    (JSONValue, [UInt8]), JSONSyntaxError
> {
    do {
        let value = try JSONReader.parse(input, limits: limits)
        return .success((value, CanonicalJSON.bytes(of: value)))
    } catch {
        return .failure(error)
    }
}

private func tapeCanonical(_ input: UnsafeBufferPointer<UInt8>, _ limits: JSONLimits) -> Result<
    [UInt8], JSONSyntaxError
> {
    do { return .success(try CanonicalJSON.canonicalize(input, limits: limits)) } catch { return .failure(error) }
}

// MARK: An independent reference canonicalizer (the oracle)

/// Digits and decimal point position of a decimal text: value = 0.DIGITS × 10^point,
/// digits without leading or trailing zeros ("" for zero). Accepts Swift's and
/// ECMAScript's spellings ("1.5e-07", "1e+21", "100.0", "0.001").
private func decimalShape(_ text: String) -> (digits: [UInt8], point: Int) {
    var bytes = Array(text.utf8)
    if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
    var exponent = 0
    if let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
        exponent = Int(String(decoding: bytes[(e + 1)...].filter { $0 != UInt8(ascii: "+") }, as: UTF8.self))!
        bytes = Array(bytes[..<e])
    }
    let dot = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
    var digits = bytes.filter { $0 != UInt8(ascii: ".") }
    var point = dot + exponent
    while digits.first == UInt8(ascii: "0") {
        digits.removeFirst()
        point -= 1
    }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    if digits.isEmpty { point = 0 }
    return (digits, point)
}

/// ECMAScript Number::toString (ES2023 6.1.6.1.20) built on Swift's shortest round-trip
/// digits (`Double.description`), not on redo-conform's ESNumberFormat.
private func referenceNumber(_ value: Double) -> String {
    if value == 0 { return "0" }
    let (digits, n) = decimalShape(value.description)
    let k = digits.count
    let d = String(decoding: digits, as: UTF8.self)
    var out = value < 0 ? "-" : ""
    if k <= n && n <= 21 {
        out += d + String(repeating: "0", count: n - k)
    } else if 0 < n && n <= 21 {
        out += String(d.prefix(n)) + "." + String(d.dropFirst(n))
    } else if -6 < n && n <= 0 {
        out += "0." + String(repeating: "0", count: -n) + d
    } else {
        let e = n - 1
        out +=
            String(d.prefix(1)) + (k > 1 ? "." + String(d.dropFirst()) : "") + "e" + (e < 0 ? "-" : "+")
            + String(abs(e))
    }
    return out
}

/// JSON.stringify's string escaping (RFC 8785 3.2.2.2).
private func referenceString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// RFC 8785 by the book: keys sorted by their UTF-16 code units.
private func reference(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case let .bool(flag): return flag ? "true" : "false"
    case let .number(number): return referenceNumber(number)
    case let .string(text): return referenceString(text)
    case let .array(elements): return "[" + elements.map(reference).joined(separator: ",") + "]"
    case let .object(object):
        let members = object.members.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
        return "{" + members.map { referenceString($0.key) + ":" + reference($0.value) }.joined(separator: ",") + "}"
    }
}

/// Another spelling of the same value: members in reverse order, every other character of
/// every string (keys included) as a \\u escape (astral ones as surrogate pairs), numbers
/// in Swift's spelling ("1e-07", "100.0"), whitespace between tokens. The reader must
/// accept it (no false duplicate keys, escaped keys compared unescaped), read the same
/// value, and canonicalize it to the same bytes.
private func respell(_ value: JSONValue, into out: inout String) {
    switch value {
    case .null: out += "null"
    case let .bool(flag): out += flag ? "true" : "false"
    case let .number(number): out += number.description
    case let .string(text): respell(text, into: &out)
    case let .array(elements):
        out += "[ "
        for (k, element) in elements.enumerated() {
            if k > 0 { out += " ,\n" }
            respell(element, into: &out)
        }
        out += " ]"
    case let .object(object):
        out += "{\t"
        for (k, member) in object.members.reversed().enumerated() {
            if k > 0 { out += ",\r\n" }
            respell(member.key, into: &out)
            out += " : "
            respell(member.value, into: &out)
        }
        out += "}"
    }
}

private func respell(_ text: String, into out: inout String) {
    out += "\""
    for (k, scalar) in text.unicodeScalars.enumerated() {
        if k % 2 == 0 || scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16, uppercase: k % 4 == 0)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    out += "\""
}

/// Every number in the tree reads back from its canonical text with Swift's own parser.
private func checkNumbers(_ value: JSONValue) {
    switch value {
    case let .number(number):
        let text = String(decoding: CanonicalJSON.bytes(of: value), as: UTF8.self)
        invariant(
            Double(text) == number,
            "canonical number \(text) reads back (Swift Double) as \(String(describing: Double(text))), not \(number)")
    case let .array(elements): for element in elements { checkNumbers(element) }
    case let .object(object): for member in object.members { checkNumbers(member.value) }
    default: break
    }
}

private func describe(_ error: JSONSyntaxError) -> String { "\(error.kind.rawValue) \(error)" }

/// Both paths agree on `input` under `limits`; returns the value and canonical bytes when accepted.
@discardableResult
private func agree(_ input: UnsafeBufferPointer<UInt8>, _ limits: JSONLimits) -> (JSONValue, [UInt8])? {
    let tree = treeCanonical(input, limits)
    let tape = tapeCanonical(input, limits)
    let bytes = Array(input)
    switch (tree, tape) {
    case let (.failure(a), .failure(b)):
        invariant(
            a == b, "tree and tape reject differently: tree \(describe(a)) / tape \(describe(b)) for \(show(bytes))")
        return nil
    case let (.failure(a), .success(out)):
        invariant(false, "tree rejects (\(describe(a))) but tape accepts (\(show(out))) for \(show(bytes))")
        return nil
    case let (.success((_, out)), .failure(b)):
        invariant(false, "tape rejects (\(describe(b))) but tree accepts (\(show(out))) for \(show(bytes))")
        return nil
    case let (.success((value, a)), .success(b)):
        invariant(a == b, "tree and tape bytes differ: tree \(show(a)) / tape \(show(b)) for \(show(bytes))")
        return (value, a)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    if let (value, canonical) = agree(input, .default) {
        // Fixed point through both paths, and the same value.
        let again: JSONValue
        do { again = try JSONReader.parse(canonical) } catch {
            invariant(
                false,
                "canonical output does not parse: \(describe(error)) output \(show(canonical)) input \(show(Array(input)))"
            )
            return 0
        }
        invariant(
            again == value,
            "canonical output parses to a different value: \(show(canonical)) input \(show(Array(input)))")
        invariant(
            CanonicalJSON.bytes(of: again) == canonical,
            "tree path is not a fixed point: \(show(canonical)) -> \(show(CanonicalJSON.bytes(of: again)))")
        let tape = try? CanonicalJSON.canonicalize(canonical)
        invariant(
            tape == canonical,
            "tape path is not a fixed point: \(show(canonical)) -> \(tape.map { show($0) } ?? "rejected")")
        // An independent oracle: RFC 8785 by the book over the same tree.
        let expected = Array(reference(value).utf8)
        invariant(
            canonical == expected, "canonical bytes differ from the reference: \(show(canonical)) vs \(show(expected))")
        checkNumbers(value)
        var alternative = ""
        respell(value, into: &alternative)
        let alternativeBytes = Array(alternative.utf8)
        switch Result(catching: { () throws(JSONSyntaxError) in try JSONReader.parse(alternativeBytes) }) {
        case let .failure(error):
            invariant(
                false,
                "a respelling of an accepted document is rejected: \(describe(error)) respelled \(show(alternativeBytes)) input \(show(Array(input)))"
            )
        case let .success(other):
            invariant(
                other == value,
                "a respelling reads as another value: \(show(alternativeBytes)) input \(show(Array(input)))")
            let tape = try? CanonicalJSON.canonicalize(alternativeBytes)
            invariant(
                tape == canonical,
                "a respelling canonicalizes differently: \(tape.map { show($0) } ?? "rejected") vs \(show(canonical))")
        }
        // A lone number: the reader's double is the one Swift's correctly rounded parser reads.
        if case let .number(number) = value {
            let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
            let trimmed = Array(input).drop { whitespace.contains($0) }.reversed().drop { whitespace.contains($0) }
                .reversed()
            let text = String(decoding: Array(trimmed), as: UTF8.self)
            invariant(
                Double(text) == number,
                "reader reads \(text) as \(number), Swift's Double(text) gives \(String(describing: Double(text)))")
        }
    }
    // Limits: both paths must hit the same limit at the same place.
    agree(input, JSONLimits(maxDepth: 3, maxDocumentBytes: 1 << 20, maxStringBytes: 8))
    if size > 0 {
        agree(input, JSONLimits(maxDepth: 512, maxDocumentBytes: size - 1, maxStringBytes: 64))
    }
    return 0
}
