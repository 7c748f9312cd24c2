// What the json target checks on a document both canonical paths accept.
import RedoJSON

/// The canonical bytes parse back to the same value, and are a fixed point of both paths.
/// Returns false when they do not parse at all.
public func checkFixedPoint(_ canonical: [UInt8], of value: JSONValue, input: UnsafeBufferPointer<UInt8>) -> Bool {
    let again: JSONValue
    do { again = try JSONReader.parse(canonical) } catch {
        invariant(
            false,
            "canonical output does not parse: \(describe(error)) output \(show(canonical)) input \(show(Array(input)))"
        )
        return false
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
    return true
}

/// The canonical bytes equal those of an independent RFC 8785 serializer over the same tree.
public func checkAgainstReference(_ value: JSONValue, _ canonical: [UInt8]) {
    let expected = Array(ReferenceCanonicalJSON.text(of: value).utf8)
    invariant(
        canonical == expected, "canonical bytes differ from the reference: \(show(canonical)) vs \(show(expected))")
}

/// Every number in the tree reads back from its canonical text with Swift's own parser.
public func checkNumbers(_ value: JSONValue) {
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

/// Another spelling of the value (`Respelling`) is accepted, reads as the same value and
/// canonicalizes to the same bytes.
public func checkRespelling(of value: JSONValue, _ canonical: [UInt8], input: UnsafeBufferPointer<UInt8>) {
    let alternativeBytes = Array(Respelling.text(of: value).utf8)
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
}

/// A lone number: the reader's double is the one Swift's correctly rounded parser reads.
public func checkLoneNumber(_ value: JSONValue, input: UnsafeBufferPointer<UInt8>) {
    guard case let .number(number) = value else { return }
    let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    let trimmed = Array(input).drop { whitespace.contains($0) }.reversed().drop { whitespace.contains($0) }
        .reversed()
    let text = String(decoding: Array(trimmed), as: UTF8.self)
    invariant(
        Double(text) == number,
        "reader reads \(text) as \(number), Swift's Double(text) gives \(String(describing: Double(text)))")
}
