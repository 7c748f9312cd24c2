import RedoCrypto
import RedoJSON

/// `ed25519/rfc8032`: RFC 8032 section 7.1 — keys from seeds, signatures byte-identical.
package struct RFC8032Suite: VectorSuite {
    package let folder = "ed25519/rfc8032"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        root.files(in: folder, suffix: ".json").map { name in
            SuiteResult.collecting("\(folder)/\(name)") { result in
                let file = try root.json("\(folder)/\(name)")
                for test in file.objectValue?["tests"]?.arrayValue ?? [] {
                    let fields = test.objectValue ?? JSONObject()
                    let label = fields["comment"]?.stringValue ?? "?"
                    guard let seed = fields["secretKey"]?.stringValue.flatMap(Hex.decodeLowercase),
                        let message = fields["message"]?.stringValue.flatMap(Hex.decodeLowercase),
                        let publicHex = fields["publicKey"]?.stringValue,
                        let signatureHex = fields["signature"]?.stringValue,
                        let pair = try? Ed25519KeyPair(seed: seed)
                    else {
                        result.check(false, "\(label): malformed test")
                        continue
                    }
                    let signature = pair.sign(message)
                    result.check(pair.publicKey.hex == publicHex, "\(label): public key differs")
                    result.check(signature.hex == signatureHex, "\(label): signature differs")
                    result.check(
                        Ed25519.verify(signature, of: message, by: pair.publicKey), "\(label): does not verify")
                }
            }
        }
    }
}

/// External `wycheproof/ed25519_test.json` (`ExternalVectorFolder`): Wycheproof's
/// EddsaVerify file — "valid" verifies, "invalid" is rejected. "acceptable" cases (none in
/// that file) pass with either verdict, as Wycheproof defines.
package struct WycheproofSuite: VectorSuite {
    package let folder = "wycheproof"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        let name = ExternalVectorFolder.wycheproofFile
        return [
            SuiteResult.collecting(name) { result in
                let file = try root.json(name)
                for group in file.objectValue?["testGroups"]?.arrayValue ?? [] {
                    let keyHex = group.objectValue?["publicKey"]?.objectValue?["pk"]?.stringValue ?? ""
                    let key = try? Ed25519PublicKey(hex: keyHex)
                    for test in group.objectValue?["tests"]?.arrayValue ?? [] {
                        let fields = test.objectValue ?? JSONObject()
                        let id = fields["tcId"]?.numberValue.map { Int($0) } ?? -1
                        let expected = fields["result"]?.stringValue ?? ""
                        let verdict = Self.verify(
                            key: key, message: fields["msg"]?.stringValue, signature: fields["sig"]?.stringValue)
                        switch expected {
                        case "valid":
                            result.check(
                                verdict,
                                "tcId \(id) (\(fields["comment"]?.stringValue ?? "")): valid signature rejected")
                        case "invalid":
                            result.check(
                                !verdict,
                                "tcId \(id) (\(fields["comment"]?.stringValue ?? "")): invalid signature accepted")
                        case "acceptable": result.check(true, "")
                        default: result.check(false, "tcId \(id): unknown result \(expected)")
                        }
                    }
                }
            }
        ]
    }

    /// Lengths are checked before libsodium sees the bytes.
    static func verify(key: Ed25519PublicKey?, message: String?, signature: String?) -> Bool {
        guard let key, let message = message.flatMap(Hex.decodeLowercase),
            let signature = signature.flatMap({ try? Ed25519Signature(hex: $0) })
        else { return false }
        return Ed25519.verify(signature, of: message, by: key)
    }
}

/// External `speccheck/cases.json` (`ExternalVectorFolder`): ed25519-speccheck's 12 cases
/// carry no expected results; its README tabulates what each exercises, and the
/// portability classifier must name exactly that (libsodium accepts only case 3).
package struct SpeccheckSuite: VectorSuite {
    package let folder = "speccheck"
    package init() {}

    /// (classes, platform-dependent) per case. Case 8 hashed the *reduced* R encoding, so
    /// with the bytes as given the equation fails; case 10 did the same for A, but A has
    /// small order, so [8][k]A vanishes and the cofactored equation holds whatever the hash.
    static let expected: [([SignatureClass], Bool)] = [
        ([.smallOrderA, .smallOrderR], true),
        ([.smallOrderA], true),
        ([.smallOrderR], true),
        ([.valid], false),
        ([.cofactoredOnly], true),
        ([.cofactoredOnly], true),
        ([.sNotReduced], true),
        ([.sNotReduced], true),
        ([.smallOrderR, .nonCanonicalR, .invalid], false),
        ([.smallOrderR, .nonCanonicalR], true),
        ([.smallOrderA, .nonCanonicalA], true),
        ([.smallOrderA, .nonCanonicalA], true),
    ]

    package func run(root: VectorRoot) -> [SuiteResult] {
        let name = ExternalVectorFolder.speccheckFile
        return [
            SuiteResult.collecting(name) { result in
                let cases = try ExternalVectorFolder(path: root.path).speccheckCases()
                guard cases.count == Self.expected.count else {
                    result.abort("\(cases.count) cases, expected \(Self.expected.count)")
                    return
                }
                #if !REDO_LIBSODIUM
                    result.abort("the portability classifier needs libsodium (the Libsodium trait)")
                #else
                    for (index, c) in cases.enumerated() {
                        let verdict = SignaturePortability.classify(
                            publicKey: c.publicKey, message: c.message, signature: c.signature)
                        let (classes, dependent) = Self.expected[index]
                        result.check(
                            verdict.classes == classes && verdict.platformDependent == dependent
                                && verdict.libsodiumAccepts == (classes == [.valid]),
                            "case \(index): classified \(verdict.classes.map(\.rawValue)) (platform-dependent: \(verdict.platformDependent)), expected \(classes.map(\.rawValue)) (\(dependent))"
                        )
                    }
                #endif
            }
        ]
    }
}
