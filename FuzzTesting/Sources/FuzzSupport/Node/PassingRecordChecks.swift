// What the node target checks on a record the validator passes, and on how it reads the
// same record spelled or read otherwise.
import RedoCore
import RedoCrypto
import RedoJSON

/// The rule ids of a check's findings, sorted: a verdict compared without its messages.
public func ruleIds(_ check: NodeCheck) -> [String] { check.findings.map(\.rule.id).sorted() }

/// A passing record's body re-hashes to its id, both through NodeBody and through the tape
/// canonicalizer, and the node's id is the record's `id` text.
public func checkPassingRecord(_ check: NodeCheck, _ record: [UInt8]) {
    guard let node = check.node else { return }
    guard case let .object(object)? = try? JSONReader.parse(record) else {
        invariant(false, "a passing record is not a JSON object: \(show(record))")
        return
    }
    let body = NodeBody.canonicalBytes(of: object)
    invariant(
        NodeBody.id(ofCanonicalBody: body) == node.id,
        "passing record's body does not hash to its id \(node.id): \(show(record))")
    // Independently: tape-canonicalize the body without going through NodeBody.
    let bodyDocument = CanonicalJSON.bytes(of: .object(object.removing(["id", "signature"])))
    let tape = try? CanonicalJSON.canonicalize(bodyDocument)
    invariant(
        tape == body,
        "body canonical bytes differ between NodeBody and the tape path: \(show(body)) / \(tape.map { show($0) } ?? "rejected")"
    )
    // Compared as UTF-8 bytes: Swift's String == would call canonically equivalent texts equal.
    invariant(
        node.id.text.utf8.elementsEqual((object["id"]?.stringValue ?? "").utf8),
        "node id \(node.id) is not the record's id text")
}

/// Bytes are checked on the parse tape, parsed values on the tree: the same findings.
public func checkTreeReading(
    of object: JSONObject, agreesWith check: NodeCheck, _ record: [UInt8], _ validator: NodeValidator
) {
    let treeCheck = validator.check(value: .object(object))
    invariant(
        treeCheck.findings == check.findings && treeCheck.passed == check.passed,
        "tape and tree readings differ: \(check.findings) vs \(treeCheck.findings) for \(show(record))")
}

/// Same value, canonical spelling: same verdict.
public func checkCanonicalSpelling(
    of object: JSONObject, agreesWith check: NodeCheck, _ record: [UInt8], _ validator: NodeValidator
) {
    let canonical = CanonicalJSON.bytes(of: .object(object))
    let canonicalCheck = validator.check(bytes: canonical)
    invariant(
        canonicalCheck.passed == check.passed && ruleIds(canonicalCheck) == ruleIds(check),
        "canonical form gets another verdict: \(ruleIds(check)) vs \(ruleIds(canonicalCheck)) for \(show(record))")
}
