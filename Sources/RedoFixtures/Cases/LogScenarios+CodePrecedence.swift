import RedoCore
import RedoCrypto
import RedoJSON

/// Log vectors for the finer rulings (PROTOCOL.md, "Finer rulings"): which code wins
/// when a node breaks rules at both levels, how several records of one node are judged,
/// which CREATE and which CREATE_TODO count, and the exact ancestor set a DELETE names.
extension LogScenarios {
    var codePrecedenceScenarios: [LogScenario] {
        [
            logCodePrecedence, ownFaultFirst, invalidEarliestCreate, rejectedBeforeDeleted, recordsOfOneNode,
            todoReuseInTotalOrder,
            deletedChainExactSet, mergeBaseIsParent, byteOrderMarkLine, inheritedRootCauses,
        ].compactMap { $0 }
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

    var logCodePrecedence: LogScenario {
        var b = builder("code precedence")
        let create = b.create(wall: LogBuilder.wall(secondsAfterStart: 0))
        let orphan = foreignSigned(
            b.node(.update, parentIds: [ghost("precedence ghost")], [member("title", str("orphan"))], lamport: 2))
        let lateCreate = b.node(
            .create, parentIds: [], [member("title", str("Second"))], lamport: 2,
            wall: LogBuilder.wall(secondsAfterStart: 90))
        let gap = b.node(
            .completeTodo, parentIds: [create.idText],
            [
                member("todoTaskId", todo("precedence never created")),
                member("completed", str("2025-10-30T09:00:00.000Z")),
            ], lamport: 5)
        return scenario(
            "log-code-precedence",
            "log rules run only for nodes that pass node-level checks (a foreign signature and a missing parent: E_INVALID_SIGNATURE); a later CREATE with lamport 2 is E_LAMPORT_VIOLATION before E_DUPLICATE_CREATE; a lamport gap before an unknown todo",
            [.logStructure, .multipleFindings],
            [
                (create, .valid), (orphan, .rejected(.signatureInvalid)), (lateCreate, .rejected(.lamportCreate)),
                (gap, .rejected(.lamportSuccessor)),
            ])
    }

    var ownFaultFirst: LogScenario {
        var b = builder("own fault")
        let create = b.create()
        let u1 = b.node(.update, parents: [create], [member("title", str("one"))])
        let tampered = u1.setting("data.payload.title", to: str("one, edited in transit"))
        let u2 = foreignSigned(b.node(.update, parents: [u1], [member("title", str("two"))]))
        let u3 = b.node(.update, parents: [u2], [member("title", str("three"))])
        return scenario(
            "own-fault-before-inherited",
            "below a tampered node, a child with its own bad signature is E_INVALID_SIGNATURE; its child only inherits (X_ANCESTOR_REJECTED), naming the nearest rejected ancestor only",
            [.wrongSignature, .staleId],
            [
                (create, .valid), (tampered, .rejected(.idHash)), (u2, .rejected(.signatureInvalid)),
                (u3, .rejected(.ancestorRejected).naming([u2.idText])),
            ])
    }

    var invalidEarliestCreate: LogScenario {
        var b = builder("invalid earliest create")
        let early = foreignSigned(b.create(title: "Early, badly signed", wall: LogBuilder.wall(secondsAfterStart: 0)))
        let late = b.create(title: "Late", wall: LogBuilder.wall(secondsAfterStart: 60))
        let child = b.node(.update, parents: [late], [member("priority", num(2))])
        return scenario(
            "duplicate-create-earliest-invalid",
            "only CREATEs that pass node-level checks compete: the earliest one's signature fails, so the later CREATE is the original",
            [.logStructure, .wrongSignature], [(early, .rejected(.signatureInvalid)), (late, .valid), (child, .valid)])
    }

    var rejectedBeforeDeleted: LogScenario {
        var b = builder("rejected before deleted")
        let create = b.create()
        let delete = b.node(.delete, parents: [create], [member("deletedChain", .array([str(create.idText)]))])
        let broken = foreignSigned(b.node(.update, parents: [create], [member("title", str("badly signed"))]))
        let merge = b.node(.merge, parents: [delete, broken], [member("base", str(create.idText))])
        return scenario(
            "ancestor-rejected-before-after-delete",
            "a MERGE below both a valid DELETE and a rejected node: X_ANCESTOR_REJECTED ranks before X_AFTER_DELETE",
            [.deletion, .multipleFindings],
            [
                (create, .valid), (delete, .valid), (broken, .rejected(.signatureInvalid)),
                (merge, .rejected(.ancestorRejected).naming([broken.idText])),
            ])
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

    var todoReuseInTotalOrder: LogScenario {
        var b = builder("todo reuse order")
        let create = b.create()
        let first = b.node(
            .createTodo, parents: [create],
            [member("todoTaskId", todo("order shared")), member("deadline", str("2025-11-01T09:00:00.000Z"))])
        let edit = b.node(.update, parents: [create], [member("title", str("elsewhere"))])
        let second = b.node(
            .createTodo, parents: [edit],
            [member("todoTaskId", todo("order shared")), member("deadline", str("2025-11-02T09:00:00.000Z"))])
        let invalidMaker = foreignSigned(
            b.node(
                .createTodo, parents: [create],
                [member("todoTaskId", todo("order free")), member("deadline", str("2025-11-03T09:00:00.000Z"))]))
        let validMaker = b.node(
            .createTodo, parents: [create],
            [member("todoTaskId", todo("order free")), member("deadline", str("2025-11-04T09:00:00.000Z"))])
        return scenario(
            "todo-reused-concurrent-branch",
            "reuse is judged in total order, not by ancestry: the same todoTaskId on a concurrent branch is E_INVALID_TODO_REF; reusing the id of a rejected CREATE_TODO is not reuse",
            [.todoConsensus],
            [
                (create, .valid), (first, .valid), (edit, .valid), (second, .rejected(.todoReused)),
                (invalidMaker, .rejected(.signatureInvalid)), (validMaker, .valid),
            ])
    }

    var deletedChainExactSet: LogScenario {
        var b = builder("chain exact set")
        let create = b.create()
        let a = b.node(.update, parents: [create], [member("title", str("A"))])
        let sibling = b.node(.update, parents: [create], [member("priority", num(4))])
        let tooMuch = b.node(
            .delete, parents: [a],
            [member("deletedChain", .array([str(create.idText), str(a.idText), str(sibling.idText)]))])
        let merge = b.node(.merge, parents: [a, sibling], [member("base", str(create.idText))])
        let firstLineOnly = b.node(
            .delete, parents: [merge],
            [member("deletedChain", .array([str(create.idText), str(a.idText), str(merge.idText)]))])
        let exact = b.node(
            .delete, parents: [merge],
            [member("deletedChain", .array([create, a, sibling, merge].map { str($0.idText) }))])
        return scenario(
            "deleted-chain-exact-set",
            "deletedChain holds exactly the DELETE's ancestors: not a sibling branch, and below a MERGE every parent's line",
            [.deletion],
            [
                (create, .valid), (a, .valid), (sibling, .valid), (tooMuch, .rejected(.deletedChainMismatch)),
                (merge, .valid),
                (firstLineOnly, .rejected(.deletedChainMismatch)), (exact, .valid),
            ])
    }

    var mergeBaseIsParent: LogScenario {
        var b = builder("merge base parent")
        let create = b.create()
        let a = b.node(.update, parents: [create], [member("title", str("A"))])
        let a2 = b.node(.update, parents: [a], [member("priority", num(2))])
        let merge = b.node(.merge, parents: [a, a2], [member("base", str(a.idText))])
        return scenario(
            "merge-base-is-a-parent",
            "a MERGE base may be one of its parents (an ancestor of, or the same node as, every parent)",
            [.mergeSemantics],
            [(create, .valid), (a, .valid), (a2, .valid), (merge, .valid)])
    }

    var byteOrderMarkLine: LogScenario {
        var b = builder("byte order mark")
        let create = b.create()
        let marked = b.node(.update, parents: [create], [member("title", str("after a BOM"))])
        let next = b.node(.update, parents: [create], [member("priority", num(3))])
        return LogScenario(
            id: "byte-order-mark-line",
            comment:
                "a byte-order mark at the start of a JSON Lines line rejects that line's record only (not I-JSON); the lines after it are read",
            flags: [.notIJSON], records: [Self.line(create), [0xEF, 0xBB, 0xBF] + Self.line(marked), Self.line(next)],
            expected: [.valid, .rejected(.recordSyntax), .valid])
    }
}
