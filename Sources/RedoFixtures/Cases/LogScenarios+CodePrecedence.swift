import RedoCore
import RedoCrypto
import RedoJSON

/// Log vectors for the finer rulings (PROTOCOL.md, "Finer rulings"): which code wins
/// when a node breaks rules at both levels, how several records of one node are judged,
/// which CREATE and which CREATE_TODO count, and the exact ancestor set a DELETE names.
/// Those the scenario format cannot state; the others are catalog files.
extension LogScenarios {
    var codePrecedenceScenarios: [LogScenario] {
        [recordsOfOneNode, inheritedRootCauses].compactMap { $0 }
    }

    /// Related ids of an inherited rejection: the nearest ancestors rejected by an E rule
    /// (never the X-rejected node between), at most the 8 smallest ids.
    var inheritedRootCauses: LogScenario {
        var b = builder("root causes")
        let create = b.create()
        let broken = (0..<10).map { k in
            foreignSigned(
                b.node(
                    .update, parents: [create],
                    [member("priority", num(Double(1 + k % 5))), member("title", str("branch \(k)"))]))
        }
        let merge = b.node(.merge, parents: broken, [member("base", str(create.idText))])
        let below = b.node(.update, parents: [merge], [member("title", str("below the merge"))])
        let causes = Array(broken.map(\.idText).sorted().prefix(8))  // PROTOCOL.md: at most the 8 smallest
        return scenario(
            "inherited-root-causes",
            "a MERGE of ten badly signed branches names the 8 smallest of their ids; its child names the same nearest E-rejected ancestors, not the MERGE",
            [.wrongSignature, .mergeSemantics],
            [(create, .valid)] + broken.map { ($0, .rejected(.signatureInvalid)) }
                + [
                    (merge, .rejected(.ancestorRejected).naming(causes)),
                    (below, .rejected(.ancestorRejected).naming(causes)),
                ])
    }

    /// A signature by a key other than the author's: the record fails `signature.invalid`
    /// and nothing else.
    private func foreignSigned(_ node: JSONObject) -> JSONObject {
        node.signed(by: FixtureKeys.pair(seed: seed, index: 1))
    }

    /// The same node signed again by its own author with another nonce: a second valid
    /// signature, as a randomized signer (CryptoKit, WebCrypto) makes, fixed by the seed.
    private func resigned(_ node: JSONObject) -> JSONObject? {
        node.signed(by: factory.key, nonce: RedoSHA256.hash(Array("\(seed) nonce \(node.idText)".utf8)).bytes)
    }

    /// Nil without the Libsodium trait (`signed(by:nonce:)`).
    var recordsOfOneNode: LogScenario? {
        var b = builder("records of one node")
        let create = b.create()
        let kept = b.node(.update, parents: [create], [member("title", str("kept"))])
        let keptBadCopy = foreignSigned(kept)
        let underKept = b.node(.update, parents: [kept], [member("priority", num(1))])
        let lost = b.node(.update, parents: [create], [member("title", str("lost"))])
        let lostTampered = lost.setting("data.payload.title", to: str("lost, edited"))
        let lostBadCopy = foreignSigned(lost)
        let underLost = b.node(.update, parents: [lost], [member("priority", num(5))])
        guard let keptResigned = resigned(kept) else { return nil }
        return scenario(
            "records-of-one-node",
            "a node stays valid when one of its records verifies (a badly signed copy is rejected alone; a copy with another valid signature, as randomized signers make, is a duplicate); when none does, the node is rejected and its child inherits",
            [.wrongSignature, .staleId],
            [
                (create, .valid), (keptBadCopy, .rejected(.signatureInvalid)), (kept, .valid), (underKept, .valid),
                (keptResigned, .duplicate),
                (lostTampered, .rejected(.idHash)), (lostBadCopy, .rejected(.signatureInvalid)),
                (underLost, .rejected(.ancestorRejected).naming([lost.idText])),
            ])
    }

}
