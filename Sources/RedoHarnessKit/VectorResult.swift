/// One vector's result, as the outputs hold it under the vector's id. Members that are nil
/// are left out.
public struct VectorResult: Equatable, Sendable {
    /// Canonical bytes as lowercase hex (`canonicalization`, `nodes`, `storage`).
    public var canonical: String?
    /// `sha256:` and the hex digest of a node's canonical body.
    public var id: String?
    /// Whether the signature verifies (`nodes`, `signatures`).
    public var verifies: Bool?
    /// The platform's signature of a node's body, as hex (`nodes` with a seed).
    public var signature: String?
    /// The client's acceptance verdict (`verdicts`).
    public var accepts: Bool?
    /// Why the client rejects a node (`verdicts`).
    public var reason: String?
    /// The hex SHA-256 of a log's reconstructed state (`logs`).
    public var stateSha256: String?
    /// Why the platform could not process the vector.
    public var error: String?

    /// Creates a result; members left nil are not written.
    public init(
        canonical: String? = nil, id: String? = nil, verifies: Bool? = nil, signature: String? = nil,
        accepts: Bool? = nil, reason: String? = nil, stateSha256: String? = nil, error: String? = nil
    ) {
        self.canonical = canonical
        self.id = id
        self.verifies = verifies
        self.signature = signature
        self.accepts = accepts
        self.reason = reason
        self.stateSha256 = stateSha256
        self.error = error
    }

    /// The result as one line of JSON, members sorted.
    var json: String {
        var members: [(name: String, json: String)] = []
        func add(_ name: String, _ text: String?) { if let text { members.append((name, JSONText.string(text))) } }
        func add(_ name: String, _ flag: Bool?) { if let flag { members.append((name, flag ? "true" : "false")) } }
        add("canonical", canonical)
        add("id", id)
        add("verifies", verifies)
        add("signature", signature)
        add("accepts", accepts)
        add("reason", reason)
        add("stateSha256", stateSha256)
        add("error", error)
        return JSONText.object(members)
    }
}
