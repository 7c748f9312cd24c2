import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// redo-conform's own results for the platform inputs, in the outputs format: the
/// reference every platform is compared with.
package enum PlatformReference {
    package static let platformName = "redo-conform"

    package static func outputs(for inputs: JSONValue) -> JSONValue {
        var results: [JSONMember] = []
        let root = inputs.objectValue ?? JSONObject()
        for entry in root["canonicalization"]?.arrayValue ?? [] {
            guard let id = entry.objectValue?["id"]?.stringValue else { continue }
            results.append(member(id, canonicalization(entry.objectValue?["json"]?.stringValue ?? "")))
        }
        for entry in root["nodes"]?.arrayValue ?? [] {
            guard let id = entry.objectValue?["id"]?.stringValue else { continue }
            results.append(
                member(
                    id,
                    node(entry.objectValue?["node"]?.stringValue ?? "", seed: entry.objectValue?["seed"]?.stringValue)))
        }
        for entry in root["signatures"]?.arrayValue ?? [] {
            guard let c = entry.objectValue, let id = c["id"]?.stringValue else { continue }
            let verifies = SignaturePortability.verifies(hex(c["publicKey"]), hex(c["message"]), hex(c["signature"]))
            results.append(member(id, .object(JSONObject([member("verifies", .bool(verifies))]))))
        }
        for entry in root["logs"]?.arrayValue ?? [] {
            guard let c = entry.objectValue, let id = c["id"]?.stringValue else { continue }
            let records = (c["records"]?.arrayValue ?? []).compactMap(\.stringValue).map { Array($0.utf8) }
            results.append(
                member(
                    id,
                    .object(
                        JSONObject([member("stateSha256", str(RedoSHA256.hash(LogPipeline.stateBytes(records)).hex))])))
            )
        }
        for entry in root["verdicts"]?.arrayValue ?? [] {
            guard let c = entry.objectValue, let id = c["id"]?.stringValue else { continue }
            let profile = c["profile"]?.stringValue.flatMap(ValidationProfile.init(rawValue:)) ?? .synced
            results.append(member(id, verdict(c["node"]?.stringValue ?? "", profile: profile)))
        }
        for entry in root["storage"]?.arrayValue ?? [] {
            guard let c = entry.objectValue, let id = c["id"]?.stringValue else { continue }
            results.append(member(id, canonicalization(c["node"]?.stringValue ?? "")))
        }
        return .object(
            JSONObject(
                [
                    member("format", str("redo-conform/platform-outputs")),
                    member("version", num(1)),
                    member("platform", str(platformName)),
                    member("implementation", str("redo-conform (Swift, libsodium)")),
                ] + (root[VectorSetStamp.member].map { [member(VectorSetStamp.member, $0)] } ?? []) + [
                    member("results", .object(JSONObject(results)))
                ]))
    }

    /// redo-conform's own acceptance check of one node: its node-level verdict, and the
    /// rule of the primary finding as the reason.
    static func verdict(_ text: String, profile: ValidationProfile) -> JSONValue {
        let check = NodeValidator(profile: profile).check(bytes: Array(text.utf8))
        var members = [member("accepts", .bool(check.passed))]
        if let finding = check.findings.primaryFinding {
            members.append(member("reason", str("\(finding.rule.id): \(finding.message)")))
        }
        return .object(JSONObject(members))
    }

    static func hex(_ value: JSONValue?) -> [UInt8] { value?.stringValue.flatMap(Hex.decodeLowercase) ?? [] }

    static func canonicalization(_ text: String) -> JSONValue {
        do {
            return .object(
                JSONObject([member("canonical", str(Hex.encode(try CanonicalJSON.canonicalize(Array(text.utf8)))))]))
        } catch {
            return .object(JSONObject([member("error", str("not I-JSON: \(error)"))]))
        }
    }

    static func node(_ text: String, seed: String?) -> JSONValue {
        guard case let .object(node)? = try? JSONReader.parse(text) else {
            return .object(JSONObject([member("error", str("not a JSON object"))]))
        }
        let body = NodeBody.canonicalBytes(of: node)
        var members = [
            member("canonical", str(Hex.encode(body))), member("id", str(NodeBody.id(ofCanonicalBody: body).text)),
        ]
        if let seed, let bytes = Hex.decodeLowercase(seed), let pair = try? Ed25519KeyPair(seed: bytes) {
            members.append(member("signature", str(pair.sign(body).hex)))
        }
        members.append(member("verifies", .bool(signatureVerifies(node, body: body))))
        return .object(JSONObject(members))
    }

    /// Whether the node's own signature verifies over its canonical body with its key.
    static func signatureVerifies(_ node: JSONObject, body: [UInt8]) -> Bool {
        guard let signature = node["signature"]?.stringValue.flatMap({ try? Ed25519Signature(hex: $0) }),
            let key = node["author"]?.objectValue?["publicKey"]?.stringValue.flatMap({ try? Ed25519PublicKey(hex: $0) })
        else { return false }
        return Ed25519.verify(signature, of: body, by: key)
    }
}
