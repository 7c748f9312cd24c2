import RedoCore
import RedoCrypto
import RedoJSON

/// Log vectors for points an independent reimplementation had to guess: which parents
/// the lamport and same-task rules look at, which rules still run below a rejected node
/// or a DELETE, how a second record of a log-rejected node is counted, and which code a
/// MERGE gets when its semantics never run.
extension LogScenarios {
    var ruleScopeScenarios: [LogScenario] {
        [todoIsTaskIdBelowBroken, duplicateOfLogRejected]
    }

    /// A signature by a key other than the author's: the record fails `signature.invalid` only.
    private func badlySigned(_ node: JSONObject) -> JSONObject {
        node.signed(by: FixtureKeys.pair(seed: seed, index: 1))
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

    var duplicateOfLogRejected: LogScenario {
        var b = builder("duplicate of log rejected")
        let create = b.create()
        let gap = b.node(.update, parents: [create], [member("title", str("gap"))], lamport: 3)
        let again = gap.signed(by: factory.key, nonce: RedoSHA256.hash(Array("\(seed) nonce \(gap.idText)".utf8)).bytes)
        return scenario(
            "duplicate-of-log-rejected",
            "a second record that passes every node-level rule, for an id whose node is rejected at log level, is a duplicate (the first passing record stands for the node)",
            [.logStructure],
            [(create, .valid), (gap, .rejected(.lamportSuccessor)), (again, .duplicate), (gap, .duplicate)])
    }
}
