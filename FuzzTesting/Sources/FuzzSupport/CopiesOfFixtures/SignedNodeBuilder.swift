import RedoCore
import RedoCrypto
import RedoJSON

// Signed REDO nodes built the way a client builds them, from the public API alone: the body
// in a client's key order, then id and signature from NodeBody.seal. A copy of the main
// package's RedoFixtures' NodeFactory, which no product exports. Tests/FuzzSupportTests/
// CopiesOfFixtures.json holds the copy and the original to the same records; the copy goes
// once a fixtures product can replace it.

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
