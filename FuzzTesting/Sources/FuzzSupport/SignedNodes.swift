import RedoCore
import RedoCrypto
import RedoJSON

// Signed REDO nodes built the way a client builds them, from the public API alone: the body
// in a client's key order, then id and signature from NodeBody.seal.

/// Key material derived from text: the same keys, ids and signatures on every run, so a
/// committed program input always builds the same records.
public enum FuzzKeys {
    /// The Ed25519 pair whose 32-byte seed is SHA-256("redo-conform fixture key|SEED|INDEX").
    public static func pair(seed: String, index: Int) -> Ed25519KeyPair {
        let digest = RedoSHA256.hash(Array("redo-conform fixture key|\(seed)|\(index)".utf8))
        return try! Ed25519KeyPair(seed: digest.bytes)  // 32 bytes by construction
    }

    /// A lowercase UUID v4 derived from the seed and a label.
    public static func uuid(seed: String, _ label: String) -> String {
        var bytes = RedoSHA256.hash(Array("redo-conform fixture uuid|\(seed)|\(label)".utf8)).bytes
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let u = Array(Hex.encode(bytes.prefix(16)))
        return [u[0..<8], u[8..<12], u[12..<16], u[16..<20], u[20..<32]].map { String($0) }.joined(separator: "-")
    }
}

/// Builds and signs nodes of one author.
public struct SignedNodeBuilder {
    public let key: Ed25519KeyPair
    public var deviceId: String
    /// `author.userId` and `author.publicKey`, computed once.
    private let userId: String
    private let publicKeyHex: String

    public init(key: Ed25519KeyPair, deviceId: String) {
        self.key = key
        self.deviceId = deviceId
        userId = key.publicKey.redoUserId
        publicKeyHex = key.publicKey.hex
    }

    /// The unsigned body (no id, no signature), envelope keys in a client's order.
    public func body(
        _ action: Action, task: String, parents: [String], lamport: Int, wall: String,
        payload: [JSONMember]
    ) -> JSONObject {
        JSONObject([
            member("version", num(1)),
            member("parents", .array(parents.map { str($0) })),
            member(
                "timestamp",
                .object(
                    JSONObject([
                        member("lamport", num(Double(lamport))),
                        member("wall", str(wall)),
                    ]))),
            member(
                "author",
                .object(
                    JSONObject([
                        member("userId", str(userId)),
                        member("deviceId", str(deviceId)),
                        member("publicKey", str(publicKeyHex)),
                    ]))),
            member("action", str(action.rawValue)),
            member("taskId", str(task)),
            member("data", .object(JSONObject([member("payload", .object(JSONObject(payload)))]))),
        ])
    }

    /// The body with `id` first and `signature` last, both computed from it.
    public func node(
        _ action: Action, task: String, parents: [String], lamport: Int, wall: String,
        payload: [JSONMember]
    ) -> JSONObject {
        let body = body(action, task: task, parents: parents, lamport: lamport, wall: wall, payload: payload)
        let (id, signature) = NodeBody.seal(body, with: key)
        return Self.node(body, id: id.text, signature: signature.hex)
    }

    /// `body` with `id` first and `signature` last, as given (a seal computed earlier).
    public static func node(_ body: JSONObject, id: String, signature: String) -> JSONObject {
        JSONObject([member("id", str(id))] + body.members + [member("signature", str(signature))])
    }
}

public func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
public func str(_ text: String) -> JSONValue { .string(text) }
public func num(_ value: Double) -> JSONValue { .number(value) }

extension JSONObject {
    /// The `id` text of a sealed node.
    public var idText: String { self["id"]?.stringValue ?? "" }

    /// Sets (or with nil removes) the value at a dotted path of objects (`timestamp.wall`),
    /// creating nothing: how a target breaks one field of a valid node.
    public func setting(_ path: String, to value: JSONValue?) -> JSONObject {
        var copy = self
        copy.set(path.split(separator: ".").map(String.init)[...], value)
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
