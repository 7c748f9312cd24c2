// libsodium's Ed25519 verifier and the strict swift-crypto one (`Ed25519Verifier`) must give
// the same verdict on every record: the node target checks the input's signature and its
// re-sealed copy's (a valid one) with each verifier of the build.
import RedoCore
import RedoCrypto
import RedoJSON

/// Checks that every verifier of this build gives one verdict on `object`'s signature over
/// its canonical body, when its `author.publicKey` and `signature` are hex of the right
/// lengths (anything else never reaches a verifier). Returns that verdict, nil when none.
@discardableResult
public func checkVerifiersAgree(on object: JSONObject) -> Bool? {
    guard let keyHex = object["author"]?.objectValue?["publicKey"]?.stringValue,
        let key = try? Ed25519PublicKey(hex: keyHex),
        let signatureHex = object["signature"]?.stringValue,
        let signature = try? Ed25519Signature(hex: signatureHex)
    else { return nil }
    let body = NodeBody.canonicalBytes(of: object)
    let verdicts = Ed25519Verifier.allCases.map { $0.verify(signature, of: body, by: key) }
    invariant(
        Set(verdicts).count == 1,
        "the Ed25519 verifiers disagree: \(zip(Ed25519Verifier.allCases, verdicts).map { "\($0.rawValue) \($1)" }) on key \(keyHex), signature \(signatureHex), body \(show(body))"
    )
    return verdicts.first
}
