import RedoCore
import RedoCrypto
import RedoJSON

/// Deterministic key material for fixtures: key `n` of seed `S` is the Ed25519 pair whose
/// 32-byte seed is SHA-256("redo-conform fixture key|S|n"). Same seed, same keys, same
/// signatures (Ed25519 signing is deterministic), so fixture files are reproducible.
package enum FixtureKeys {
    package static func pair(seed: String, index: Int) -> Ed25519KeyPair {
        let digest = RedoSHA256.hash(Array("redo-conform fixture key|\(seed)|\(index)".utf8))
        return try! Ed25519KeyPair(seed: digest.bytes)  // 32 bytes by construction
    }

    /// A well-formed node id derived from the seed and a label: a parent that node-level
    /// checks never look up, or an id no record of the log holds.
    package static func nodeId(seed: String, _ label: String) -> String {
        NodeID(digest: RedoSHA256.hash(Array("\(seed) \(label)".utf8))).text
    }

    /// A lowercase UUID v4 derived from the seed and a label.
    package static func uuid(seed: String, _ label: String) -> String {
        var bytes = RedoSHA256.hash(Array("redo-conform fixture uuid|\(seed)|\(label)".utf8)).bytes
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Hex.encode(bytes.prefix(16))
        let u = Array(hex)
        return String(u[0..<8]) + "-" + String(u[8..<12]) + "-" + String(u[12..<16]) + "-" + String(u[16..<20]) + "-"
            + String(u[20..<32])
    }
}

/// Builds REDO nodes the way a client would: envelope keys in a client's order, then id
/// and signature computed from the canonical body.
package struct NodeFactory {
    package let key: Ed25519KeyPair
    package var deviceId: String

    package init(key: Ed25519KeyPair, deviceId: String = "device-a") {
        self.key = key
        self.deviceId = deviceId
    }

    /// The unsigned body (no id, no signature).
    package func body(
        _ action: Action, task: String, parents: [String], lamport: Int, wall: String, payload: [JSONMember]
    ) -> JSONObject {
        JSONObject([
            JSONMember(key: "version", value: .number(1)),
            JSONMember(key: "parents", value: .array(parents.map { .string($0) })),
            JSONMember(
                key: "timestamp",
                value: .object(
                    JSONObject([
                        JSONMember(key: "lamport", value: .number(Double(lamport))),
                        JSONMember(key: "wall", value: .string(wall)),
                    ]))),
            JSONMember(
                key: "author",
                value: .object(
                    JSONObject([
                        JSONMember(key: "userId", value: .string(key.publicKey.redoUserId)),
                        JSONMember(key: "deviceId", value: .string(deviceId)),
                        JSONMember(key: "publicKey", value: .string(key.publicKey.hex)),
                    ]))),
            JSONMember(key: "action", value: .string(action.rawValue)),
            JSONMember(key: "taskId", value: .string(task)),
            JSONMember(
                key: "data",
                value: .object(JSONObject([JSONMember(key: "payload", value: .object(JSONObject(payload)))]))),
        ])
    }

    /// Adds `id` first and `signature` last, computed from the body as it stands.
    package func seal(_ body: JSONObject, signed: Bool = true) -> JSONObject {
        let bodyOnly = body.removing(["id", "signature"])
        let (id, signature) = NodeBody.seal(bodyOnly, with: key)
        var members = [JSONMember(key: "id", value: .string(id.text))] + bodyOnly.members
        if signed { members.append(JSONMember(key: "signature", value: .string(signature.hex))) }
        return JSONObject(members)
    }

    package func node(
        _ action: Action, task: String, parents: [String], lamport: Int, wall: String, payload: [JSONMember],
        signed: Bool = true
    ) -> JSONObject {
        seal(body(action, task: task, parents: parents, lamport: lamport, wall: wall, payload: payload), signed: signed)
    }
}

extension JSONObject {
    /// The `id` text of a sealed fixture node.
    package var idText: String { self["id"]?.stringValue ?? "" }

    /// The node with its signature replaced by `key`'s over its canonical body: a foreign
    /// signature when `key` is not the author's (the record then breaks
    /// `signature.invalid` and nothing else).
    package func signed(by key: Ed25519KeyPair) -> JSONObject {
        setting("signature", to: str(key.sign(NodeBody.canonicalBytes(of: self)).hex))
    }

    /// The node signed by `key` with `nonce` in place of RFC 8032's: another valid signature
    /// of the author's, as randomized signers (CryptoKit, WebCrypto) make. Nil in a build
    /// without the Libsodium trait, which has no curve arithmetic to sign with a chosen nonce:
    /// the fixtures made of such a signature are left out there.
    package func signed(by key: Ed25519KeyPair, nonce: [UInt8]) -> JSONObject? {
        #if REDO_LIBSODIUM
            setting("signature", to: str(key.sign(NodeBody.canonicalBytes(of: self), nonce: nonce).hex))
        #else
            nil
        #endif
    }

    /// Sets a value at a dotted path of objects (`data.payload.title`), creating nothing:
    /// fixtures use it to break one field of an otherwise valid node.
    package func setting(_ path: String, to value: JSONValue?) -> JSONObject {
        var copy = self
        let parts = path.split(separator: ".").map(String.init)
        copy.set(parts[...], value)
        return copy
    }

    private mutating func set(_ parts: ArraySlice<String>, _ value: JSONValue?) {
        guard let head = parts.first else { return }
        if parts.count == 1 {
            self[head] = value
        } else if case var .object(inner)? = self[head] {
            inner.set(parts.dropFirst(), value)
            self[head] = .object(inner)
        }
    }
}
