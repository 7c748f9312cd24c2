import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoValidation

/// `redo-conform sign NODE --key FILE`: fills in author.publicKey and author.userId when
/// absent, computes the id and the signature over the canonical body, and writes the node
/// (id first, signature last, other keys as given). Rule breaks of the result are listed
/// on stderr — fixtures are sometimes invalid on purpose — but do not fail the command.
/// What sign cannot fill without guessing — a node that is not an object, an author that
/// is not an object, an author naming another key — is refused with status 1, as a bad
/// node; a key file that is unreadable or not exactly keygen's format is status 2.
package enum SignCommand {
    package static func run(node input: InputPath, keyPath: String, console: Console) -> ExitStatus {
        let pair: Ed25519KeyPair
        let document: [UInt8]
        do {
            var keyBytes = try InputFile.readAll(InputPath(keyPath), maxBytes: 1 << 16)
            defer { KeyFile.wipe(&keyBytes) }
            pair = try KeyFile.decode(keyBytes, path: keyPath)
            if let warning = KeyFile.exposureWarning(path: keyPath) { console.error(warning) }
            document = try InputFile.readAll(input)
        } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        guard case var .object(node)? = try? JSONReader.parse(document) else {
            let reason = (try? JSONReader.parse(document)).map { "a node must be a JSON object, found \($0.typeName)" }
            console.error("error: \(input): \(reason ?? parseError(document))")
            return .findings
        }
        // Filled only when absent: a present author that is not an object is the
        // fixture's own statement, not a gap, and replacing it would sign what was not asked.
        var author = JSONObject()
        if let present = node["author"] {
            guard case let .object(object) = present else {
                console.error(
                    "error: \(input): author is \(present.typeName), not an object (sign fills author only when it is absent)"
                )
                return .findings
            }
            author = object
        }
        for (key, value) in [("publicKey", pair.publicKey.hex), ("userId", pair.publicKey.redoUserId)] {
            if let present = author[key] {
                guard present.stringValue == value else {
                    console.error(
                        "error: author.\(key) is \(present.stringValue.map { "\"\($0)\"" } ?? present.typeName), but the key's is \(value)"
                    )
                    return .findings
                }
            } else {
                author[key] = .string(value)
            }
        }
        node["author"] = .object(author)
        let body = node.removing(["id", "signature"])
        let (id, signature) = NodeBody.seal(body, with: pair)
        let sealed = JSONObject(
            [JSONMember(key: "id", value: .string(id.text))] + body.members + [
                JSONMember(key: "signature", value: .string(signature.hex))
            ])
        console.writeOut(OrderedJSONWriter.bytes(.object(sealed)) + [0x0A])
        let check = NodeValidator().check(value: .object(sealed))
        for finding in check.findings {
            console.error(
                "note: the signed node breaks \(finding.rule.id) (\(finding.code.rawValue)) at \(finding.path): \(finding.message)"
            )
        }
        return .ok
    }

    private static func parseError(_ document: [UInt8]) -> String {
        do {
            _ = try JSONReader.parse(document)
            return ""
        } catch { return "not I-JSON: \(error)" }
    }
}
