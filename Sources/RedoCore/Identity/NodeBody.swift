import RedoCrypto
import RedoJSON

/// The primitive every REDO check uses: a node's body is the node object without `id`
/// and `signature`; its canonical bytes are hashed for the id and signed for the
/// signature. The body is always taken from the JSON as received, never re-encoded from
/// a typed model, so whatever a client wrote is exactly what gets hashed.
public enum NodeBody {
    /// Envelope keys that are not part of the hashed body.
    public static let unhashedKeys: [JSONKey] = ["id", "signature"]

    /// The RFC 8785 canonical bytes of the node's body: every member except `id` and
    /// `signature`, in canonical key order. What the id hashes and the signature signs.
    public static func canonicalBytes(of node: JSONObject) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        CanonicalJSON.append(node, excluding: unhashedKeys, to: &out)
        return out
    }

    /// Parses a node document strictly and returns its body's canonical bytes.
    /// - Throws: `NodeBodyError.syntax` when the document is not I-JSON or exceeds `limits`,
    ///   `NodeBodyError.notAnObject` when it is not a JSON object.
    public static func canonicalBytes(ofDocument document: [UInt8], limits: JSONLimits = .default) throws(NodeBodyError)
        -> [UInt8]
    {
        let value: JSONValue
        do { value = try JSONReader.parse(document, limits: limits) } catch { throw .syntax(error) }
        guard case let .object(object) = value else { throw .notAnObject(found: value.typeName) }
        return canonicalBytes(of: object)
    }

    /// The id of a node whose canonical body is `body`: `sha256:` and the body's SHA-256.
    public static func id(ofCanonicalBody body: [UInt8]) -> NodeID {
        NodeID(digest: RedoSHA256.hash(body))
    }

    /// The id the node must carry: the SHA-256 of its canonical body. Any `id` and
    /// `signature` members of `node` are left out, so this also checks a received node.
    public static func id(of node: JSONObject) -> NodeID {
        id(ofCanonicalBody: canonicalBytes(of: node))
    }

    /// Signs the body: returns the id and signature a node should carry. `node` is the node
    /// without `id` and `signature` (any it has are left out of the body); add both to it
    /// (as `id.text` and `signature.hex`) to get the node to send.
    public static func seal(_ node: JSONObject, with key: Ed25519KeyPair) -> (id: NodeID, signature: Ed25519Signature) {
        let body = canonicalBytes(of: node)
        return (id(ofCanonicalBody: body), key.sign(body))
    }

    /// Whether `signature` is a valid signature of the node's body by `key`.
    public static func verify(_ node: JSONObject, signature: Ed25519Signature, by key: Ed25519PublicKey) -> Bool {
        Ed25519.verify(signature, of: canonicalBytes(of: node), by: key)
    }
}

/// Why `NodeBody.canonicalBytes(ofDocument:limits:)` could not read a node document.
public enum NodeBodyError: Error, Sendable, CustomStringConvertible {
    /// The document is not I-JSON, or exceeds the reader's limits.
    case syntax(JSONSyntaxError)
    /// The document is JSON but not an object; `found` names what it is ("an array").
    case notAnObject(found: String)

    /// One line for people.
    public var description: String {
        switch self {
        case let .syntax(error): return error.description
        case let .notAnObject(found): return "a REDO node must be a JSON object, found \(found)"
        }
    }
}
