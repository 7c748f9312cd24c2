// libFuzzer target `node`: NodeValidator.check(bytes:) on arbitrary bytes and on mutated
// valid nodes (seed corpus: Vectors/nodes/*.json).
//
// For every input:
//  - the validator never crashes, on the input as given and on a re-sealed copy;
//  - a passing record's canonical body (the object without id and signature, RFC 8785)
//    re-hashes to its id, computed two ways: NodeBody over the parsed tree, and the tape
//    canonicalizer over the whole record with id and signature removed;
//  - the verdict only depends on the JSON value: the canonical form of the record gets
//    the same pass/fail and the same set of rule ids;
//  - the record read from its bytes (on the parse tape) and read as a parsed tree get
//    exactly the same findings;
//  - re-sealing: when the input is an object, its author.publicKey/userId are set to a
//    fixed key (when author is an object), and its id and signature recomputed. The copy
//    never fails id.hash, never fails signature.invalid, and if it passes, re-hashes to
//    its id. This takes libFuzzer's mutations of valid nodes past the hash check into
//    the envelope and payload rules.
import FuzzSupport
import RedoCore
import RedoCrypto
import RedoJSON

private let validator = NodeValidator(profile: .synced)
/// REDO_FUZZ_DUMP=1: print one line per input: the verdicts on the record and its re-sealed copy.
private let dump = dumpRequested
private let key = try! Ed25519KeyPair(seed: RedoSHA256.hash(Array("redo-conform fuzz node key".utf8)).bytes)

private func ruleIds(_ check: NodeCheck) -> [String] { check.findings.map(\.rule.id).sorted() }

/// Checks that a passing record re-hashes to its id.
private func checkPassing(_ check: NodeCheck, _ record: [UInt8]) {
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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    let record = Array(input)
    let check = validator.check(bytes: input)
    checkPassing(check, record)
    invariant(check.passed == !check.findings.hasErrors, "passed \(check.passed) but findings \(check.findings)")

    guard case let .object(object)? = try? JSONReader.parse(record) else { return 0 }

    // Bytes are checked on the parse tape, parsed values on the tree: the same findings.
    let treeCheck = validator.check(value: .object(object))
    invariant(
        treeCheck.findings == check.findings && treeCheck.passed == check.passed,
        "tape and tree readings differ: \(check.findings) vs \(treeCheck.findings) for \(show(record))")

    // Same value, canonical spelling: same verdict.
    let canonical = CanonicalJSON.bytes(of: .object(object))
    let canonicalCheck = validator.check(bytes: canonical)
    invariant(
        canonicalCheck.passed == check.passed && ruleIds(canonicalCheck) == ruleIds(check),
        "canonical form gets another verdict: \(ruleIds(check)) vs \(ruleIds(canonicalCheck)) for \(show(record))")

    // Re-sealed copy.
    var body = object.removing(["id", "signature"])
    if case var .object(author)? = body["author"] {
        author["publicKey"] = .string(key.publicKey.hex)
        author["userId"] = .string(key.publicKey.redoUserId)
        body["author"] = .object(author)
    }
    let (id, signature) = NodeBody.seal(body, with: key)
    var sealed = body
    sealed["id"] = .string(id.text)
    sealed["signature"] = .string(signature.hex)
    let sealedBytes = CanonicalJSON.bytes(of: .object(sealed))
    let sealedCheck = validator.check(bytes: sealedBytes)
    for finding in sealedCheck.findings {
        invariant(
            finding.rule.id != Rule.idHash.id, "re-sealed record fails id.hash: \(finding) for \(show(sealedBytes))")
        if case .object? = body["author"] {
            invariant(
                finding.rule.id != Rule.signatureInvalid.id,
                "re-sealed record fails signature.invalid: \(finding) for \(show(sealedBytes))")
        }
    }
    checkPassing(sealedCheck, sealedBytes)
    if dump {
        report(
            "raw \(check.passed ? "pass" : "fail") \(ruleIds(check)) sealed \(sealedCheck.passed ? "pass" : "fail") \(ruleIds(sealedCheck))"
        )
    }
    return 0
}
