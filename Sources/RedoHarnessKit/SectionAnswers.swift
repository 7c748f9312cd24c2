/// What the kit asks the harness for each vector of each section
/// (docs/platform-gate.md, "Step by step").
extension HarnessRunner {
    /// The result of one vector of `section`; nil when the harness does not provide that
    /// section's optional function. A thrown error is the vector's error.
    func answer(_ vector: InputVector, of section: InputSection) throws -> VectorResult? {
        switch section {
        case .canonicalization: return try canonicalization(vector)
        case .nodes: return try node(vector)
        case .signatures: return try signature(vector)
        case .logs: return try log(vector)
        case .verdicts: return try verdict(vector)
        case .storage: return try storage(vector)
        }
    }

    /// `json` parsed and canonicalized.
    private func canonicalization(_ vector: InputVector) throws -> VectorResult {
        let value = try harness.parse(try vector.string("json"))
        return VectorResult(canonical: Hex.string(try harness.canonicalize(value)))
    }

    /// The body (the node without `id` and `signature`) canonicalized and hashed; the
    /// node's signature verified over those bytes by its author's public key; the bytes
    /// signed with the seed, when there is one and the platform signs.
    private func node(_ vector: InputVector) throws -> VectorResult {
        let node = try harness.parse(try vector.string("node"))
        let seed = try vector.optionalString("seed")
        let body = try harness.canonicalize(try harness.removing(["id", "signature"], from: node))
        var result = VectorResult(canonical: Hex.string(body), id: "sha256:" + Hex.string(try harness.sha256(body)))
        // A node without a public key or a signature in lowercase hex has nothing to verify.
        if let publicKey = harness.string(at: ["author", "publicKey"], in: node).flatMap(Hex.bytes),
            let signature = harness.string(at: ["signature"], in: node).flatMap(Hex.bytes)
        {
            result.verifies = try harness.verify(publicKey: publicKey, message: body, signature: signature)
        } else {
            result.verifies = false
        }
        if let seed {
            guard let seed = Hex.bytes(seed) else { throw VectorError("the vector's seed is not lowercase hex") }
            result.signature = try harness.sign(seed: seed, message: body).map(Hex.string)
        }
        return result
    }

    /// A raw verification; hex that is not hex verifies false, as bytes of a wrong length do.
    private func signature(_ vector: InputVector) throws -> VectorResult {
        let publicKey = try vector.string("publicKey")
        let message = try vector.string("message")
        let signature = try vector.string("signature")
        guard let publicKey = Hex.bytes(publicKey), let message = Hex.bytes(message),
            let signature = Hex.bytes(signature)
        else { return VectorResult(verifies: false) }
        return VectorResult(verifies: try harness.verify(publicKey: publicKey, message: message, signature: signature))
    }

    /// The reconstructed state's hash, when the platform has a reconstructor.
    private func log(_ vector: InputVector) throws -> VectorResult? {
        guard let state = try harness.stateSha256(records: try vector.strings("records")) else { return nil }
        guard Hex.isDigest(state, count: 32) else {
            throw VectorError("stateSha256 returned \(JSONText.string(state)), not 64 lowercase hex digits")
        }
        return VectorResult(stateSha256: state)
    }

    /// The client's acceptance verdict, when it has an acceptance check. `expected` is never read.
    private func verdict(_ vector: InputVector) throws -> VectorResult? {
        let profileName = try vector.string("profile")
        guard let profile = AcceptanceProfile(rawValue: profileName) else {
            throw VectorError("profile \(JSONText.string(profileName)) is neither synced nor local")
        }
        guard let verdict = try harness.accepts(node: try vector.string("node"), profile: profile) else { return nil }
        return VectorResult(accepts: verdict.accepts, reason: verdict.reason)
    }

    /// The whole node's canonical bytes after the client's storage, when it has a storage model.
    private func storage(_ vector: InputVector) throws -> VectorResult? {
        guard let bytes = try harness.roundTrip(node: try vector.string("node")) else { return nil }
        return VectorResult(canonical: Hex.string(bytes))
    }
}
