// The node target's way past the hash check: libFuzzer's mutations of a valid node almost
// always break its id, so the record is also sealed again, with a fixed key, and the copy
// goes on to the envelope, payload and MERGE rules.
import RedoCore
import RedoCrypto
import RedoJSON

/// The key every re-sealed copy is signed with.
private let key = try! Ed25519KeyPair(seed: RedoSHA256.hash(Array("redo-conform fuzz node key".utf8)).bytes)

/// The object without `id` and `signature`, its author's `publicKey`/`userId` set to the
/// fixed key (when `author` is an object), then a fresh id and signature: its canonical bytes.
package func resealed(_ object: JSONObject) -> [UInt8] {
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
    return CanonicalJSON.bytes(of: .object(sealed))
}

/// Checks the re-sealed copy of `object`: it never fails id.hash, nor signature.invalid when
/// `author` is an object, and if it passes it re-hashes to its id; every verifier gives its
/// signature the same verdict (`checkVerifiersAgree`). Returns its check.
public func checkResealed(_ object: JSONObject, _ validator: NodeValidator) -> NodeCheck {
    let sealedBytes = resealed(object)
    if case let .object(sealed)? = try? JSONReader.parse(sealedBytes) { checkVerifiersAgree(on: sealed) }
    let sealedCheck = validator.check(bytes: sealedBytes)
    for finding in sealedCheck.findings {
        invariant(
            finding.rule.id != Rule.idHash.id, "re-sealed record fails id.hash: \(finding) for \(show(sealedBytes))")
        if case .object? = object["author"] {
            invariant(
                finding.rule.id != Rule.signatureInvalid.id,
                "re-sealed record fails signature.invalid: \(finding) for \(show(sealedBytes))")
        }
    }
    checkPassingRecord(sealedCheck, sealedBytes)
    return sealedCheck
}
