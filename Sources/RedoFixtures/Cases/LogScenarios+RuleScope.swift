import RedoCore
import RedoCrypto
import RedoJSON

/// Log vectors for points an independent reimplementation had to guess: which parents
/// the lamport and same-task rules look at, which rules still run below a rejected node
/// or a DELETE, how a second record of a log-rejected node is counted, and which code a
/// MERGE gets when its semantics never run.
extension LogScenarios {
    var ruleScopeScenarios: [LogScenario] {
        [
            lamportAgainstNodes, otherTaskFailedParent, todoIsTaskIdBelowBroken, duplicateOfLogRejected,
            afterDeleteBelowAfterDelete, mergeLamportBeforeSemantics,
        ].compactMap { $0 }
    }

    /// A signature by a key other than the author's: the record fails `signature.invalid` only.
    private func badlySigned(_ node: JSONObject) -> JSONObject {
        node.signed(by: FixtureKeys.pair(seed: seed, index: 1))
    }

    var lamportAgainstNodes: LogScenario {
        var b = builder("lamport against nodes")
        let create = b.create()
        let badParent = badlySigned(b.node(.update, parents: [create], [member("title", str("badly signed"))]))
        let belowBad = b.node(.update, parents: [badParent], [member("priority", num(2))], lamport: 5)
        let logRejected = b.node(
            .completeTodo, parents: [create],
            [member("todoTaskId", todo("lamport never created")), member("completed", str("2025-10-30T09:00:00.000Z"))])
        let belowLogRejected = b.node(.update, parents: [logRejected], [member("priority", num(3))], lamport: 5)
        return scenario(
            "lamport-against-nodes",
            "lamport.successor counts only parents that are nodes: a gap below a parent whose records all fail node-level checks is X_ANCESTOR_REJECTED; a gap below a node rejected at log level (E_INVALID_TODO_REF) is E_LAMPORT_VIOLATION",
            [.logStructure, .multipleFindings],
            [
                (create, .valid), (badParent, .rejected(.signatureInvalid)),
                (belowBad, .rejected(.ancestorRejected).naming([badParent.idText])),
                (logRejected, .rejected(.todoNotAncestor)), (belowLogRejected, .rejected(.lamportSuccessor)),
            ])
    }

    var otherTaskFailedParent: LogScenario {
        var one = builder("other task failed one")
        var two = builder("other task failed two")
        let c1 = one.create(title: "One")
        let bad = badlySigned(one.node(.update, parents: [c1], [member("title", str("badly signed"))]))
        let gap = one.node(.update, parents: [c1], [member("title", str("gap"))], lamport: 4)
        let c2 = two.create(title: "Two")
        let belowBad = two.node(.update, parents: [bad], [member("title", str("crossing to a failed record"))])
        let belowGap = two.node(.update, parents: [gap], [member("title", str("crossing to a rejected node"))])
        return scenario(
            "parent-other-task-failed-records",
            "parents.otherTask looks only at parents that are nodes: a parent of another task that exists only as failing records gives X_ANCESTOR_REJECTED; one rejected at log level still gives E_PARENT_NOT_FOUND (parents.otherTask)",
            [.logStructure, .wrongSignature],
            [
                (c1, .valid), (bad, .rejected(.signatureInvalid)), (gap, .rejected(.lamportSuccessor)), (c2, .valid),
                (belowBad, .rejected(.ancestorRejected).naming([bad.idText])), (belowGap, .rejected(.parentOtherTask)),
            ])
    }

    var todoIsTaskIdBelowBroken: LogScenario {
        var b = builder("todo is task id below broken")
        let create = b.create()
        let bad = badlySigned(b.node(.update, parents: [create], [member("title", str("badly signed"))]))
        let selfBelowBad = b.node(
            .completeTodo, parents: [bad],
            [member("todoTaskId", str(b.task)), member("completed", str("2025-10-30T09:00:00.000Z"))])
        let a = b.node(.update, parents: [create], [member("title", str("A"))])
        let c = b.node(.update, parents: [create], [member("priority", num(4))])
        let merge = b.node(
            .merge, parents: [a, c],
            [
                member("base", str(create.idText)),
                member(
                    "resolutions", MergeResolutions.object(todos: [(b.task, [MergeResolutions.field("notes", "lww")])])),
            ])
        let delete = b.node(
            .delete, parents: [merge], [member("deletedChain", .array([create, a, c, merge].map { str($0.idText) }))])
        let selfBelowDelete = b.node(
            .snooze, parents: [delete], [member("todoTaskId", str(b.task)), member("daysToExtend", num(1))])
        let unknownBelowDelete = b.node(
            .snooze, parents: [delete],
            [member("todoTaskId", todo("below delete never created")), member("daysToExtend", num(2))])
        return scenario(
            "todo-is-task-id-below-broken",
            "todo.isTaskId runs even below a rejected node or a DELETE (E_INVALID_TODO_REF, not the X code), where todo.notAncestor does not run (X_AFTER_DELETE); a MERGE todos entry naming the taskId is no todo reference (valid)",
            [.todoConsensus, .deletion, .multipleFindings],
            [
                (create, .valid), (bad, .rejected(.signatureInvalid)), (selfBelowBad, .rejected(.todoIsTaskId)),
                (a, .valid), (c, .valid), (merge, .valid),
                (delete, .valid), (selfBelowDelete, .rejected(.todoIsTaskId)),
                (unknownBelowDelete, .rejected(.afterDelete).naming([delete.idText])),
            ])
    }

    /// Nil without the Libsodium trait (`signed(by:nonce:)`).
    var duplicateOfLogRejected: LogScenario? {
        var b = builder("duplicate of log rejected")
        let create = b.create()
        let gap = b.node(.update, parents: [create], [member("title", str("gap"))], lamport: 3)
        guard
            let again = gap.signed(
                by: factory.key, nonce: RedoSHA256.hash(Array("\(seed) nonce \(gap.idText)".utf8)).bytes)
        else { return nil }
        return scenario(
            "duplicate-of-log-rejected",
            "a second record that passes every node-level rule, for an id whose node is rejected at log level, is a duplicate (the first passing record stands for the node)",
            [.logStructure],
            [(create, .valid), (gap, .rejected(.lamportSuccessor)), (again, .duplicate), (gap, .duplicate)])
    }

    var afterDeleteBelowAfterDelete: LogScenario {
        var b = builder("after delete below after delete")
        let create = b.create()
        let first = b.node(.delete, parents: [create], [member("deletedChain", .array([str(create.idText)]))])
        let second = b.node(
            .delete, parents: [first], [member("deletedChain", .array([str(create.idText), str(first.idText)]))])
        let child = b.node(.update, parents: [second], [member("title", str("below two deletes"))])
        return scenario(
            "after-delete-below-after-delete",
            "a DELETE below a DELETE is X_AFTER_DELETE only; its child is X_AFTER_DELETE too (not X_ANCESTOR_REJECTED), naming the valid DELETE above",
            [.deletion],
            [
                (create, .valid), (first, .valid), (second, .rejected(.afterDelete).naming([first.idText])),
                (child, .rejected(.afterDelete).naming([first.idText])),
            ])
    }

    var mergeLamportBeforeSemantics: LogScenario {
        var b = builder("merge lamport before semantics")
        let create = b.create()
        let a = b.node(.update, parents: [create], [member("title", str("A"))])
        let c = b.node(.update, parents: [create], [member("title", str("C"))])
        let undecided = [member("base", str(create.idText)), MergeResolutions.policy(defaultStrategy: "manual")]
        let gap = b.node(.merge, parents: [a, c], undecided, lamport: 7)
        let onTime = b.node(.merge, parents: [a, c], undecided)
        return scenario(
            "merge-lamport-before-semantics",
            "MERGE semantics run only for an otherwise valid MERGE: a lamport gap and a title conflict defaultStrategy manual cannot decide is E_LAMPORT_VIOLATION alone; the same MERGE with the right lamport is E_SCHEMA_MISMATCH (merge.conflict.unresolvable)",
            [.mergeSemantics, .multipleFindings],
            [
                (create, .valid), (a, .valid), (c, .valid), (gap, .rejected(.lamportSuccessor)),
                (onTime, .rejected(.mergeUnresolvable)),
            ])
    }
}
