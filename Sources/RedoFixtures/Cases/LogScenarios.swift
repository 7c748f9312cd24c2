import RedoCore
import RedoCrypto
import RedoJSON

/// One log vector: records in file order (JSON Lines) and the verdict of each.
package struct LogScenario: Sendable {
    package let id: String
    package let comment: String
    package let flags: [BugClass]
    package let records: [[UInt8]]
    package let expected: [ExpectedVerdict]
}

/// The log vectors: one scenario per log-level rule, each with the verdict of every record.
package struct LogScenarios {
    package let seed: String
    let factory: NodeFactory

    package init(seed: String) {
        self.seed = seed
        factory = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0))
    }

    func builder(_ label: String) -> LogBuilder {
        LogBuilder(factory: factory, task: FixtureKeys.uuid(seed: seed, "log \(label)"))
    }

    func todo(_ label: String) -> JSONValue { str(FixtureKeys.uuid(seed: seed, "todo \(label)")) }

    /// A well-formed node id that no record of the seed's logs holds.
    func ghost(_ label: String) -> String { FixtureKeys.nodeId(seed: seed, label) }

    static func line(_ node: JSONObject) -> [UInt8] { OrderedJSONWriter.bytes(.object(node)) }

    func scenario(_ id: String, _ comment: String, _ flags: [BugClass], _ rows: [(JSONObject, ExpectedVerdict)])
        -> LogScenario
    {
        LogScenario(
            id: id, comment: comment, flags: flags, records: rows.map { Self.line($0.0) }, expected: rows.map(\.1))
    }

    package var all: [LogScenario] {
        [validLife, missingParent, wrongLamport] + duplicateCreates + [
            todoConcurrentBranch, todoReferences, todoReused, chainIncomplete, chainOrder,
            deleteDescendants, rejectedDelete, brokenBranch, mergeBase, parentOtherTask, duplicateRecords,
        ] + codePrecedenceScenarios + ruleScopeScenarios
    }

    var validLife: LogScenario {
        var b = builder("valid life")
        let create = b.create(title: "Water the plants", [member("priority", num(2))])
        let todo1 = b.node(
            .createTodo, parents: [create],
            [member("todoTaskId", todo("life 1")), member("deadline", str("2025-10-29T09:00:00.000Z"))])
        let update = b.node(.update, parents: [todo1], [member("priority", num(4))])
        let done = b.node(
            .completeTodo, parents: [update],
            [member("todoTaskId", todo("life 1")), member("completed", str("2025-10-28T20:00:00.000Z"))])
        let todo2 = b.node(
            .createTodo, parents: [done],
            [member("todoTaskId", todo("life 2")), member("deadline", str("2025-11-01T09:00:00.000Z"))])
        let snooze = b.node(
            .snooze, parents: [todo2], [member("todoTaskId", todo("life 2")), member("daysToExtend", num(3))])
        let archive = b.node(.archive, parents: [snooze])
        let unarchive = b.node(.unarchive, parents: [archive])
        return scenario(
            "valid-life", "a task's normal life: every record valid", [],
            [create, todo1, update, done, todo2, snooze, archive, unarchive].map { ($0, .valid) })
    }

    var missingParent: LogScenario {
        var b = builder("missing parent")
        let create = b.create()
        let orphan = b.node(.update, parentIds: [ghost("not in the log")], [member("title", str("orphan"))], lamport: 2)
        let child = b.node(.update, parents: [orphan], [member("priority", num(1))])
        return scenario(
            "missing-parent", "a parent that is not in the log; its child inherits the rejection", [.logStructure],
            [
                (create, .valid), (orphan, .rejected(.parentNotFound)),
                (child, .rejected(.ancestorRejected).naming([orphan.idText])),
            ])
    }

    var wrongLamport: LogScenario {
        var b = builder("wrong lamport")
        let create = b.create()
        let skip = b.node(.update, parents: [create], [member("title", str("jumped"))], lamport: 3)
        var other = builder("wrong lamport create")
        let lateCreate = other.node(.create, parentIds: [], [member("title", str("Late"))], lamport: 2)
        return scenario(
            "wrong-lamport", "lamport must be max(parents)+1, and 1 on a CREATE", [.logStructure],
            [(create, .valid), (skip, .rejected(.lamportSuccessor)), (lateCreate, .rejected(.lamportCreate))])
    }

    /// Two CREATEs of one task, in both arrival orders, and a tie on wall.
    var duplicateCreates: [LogScenario] {
        var b = builder("duplicate create")
        let first = b.create(title: "First", wall: LogBuilder.wall(secondsAfterStart: 0))
        let second = b.create(title: "Second", wall: LogBuilder.wall(secondsAfterStart: 60))
        let underFirst = b.node(.update, parents: [first], [member("priority", num(3))])
        let underSecond = b.node(.update, parents: [second], [member("priority", num(4))])
        let rows: [(JSONObject, ExpectedVerdict)] = [
            (first, .valid), (second, .rejected(.createDuplicate)), (underFirst, .valid),
            (underSecond, .rejected(.ancestorRejected).naming([second.idText])),
        ]
        var tie = builder("duplicate create tie")
        let sameWall = LogBuilder.wall(secondsAfterStart: 5)
        let a = tie.create(title: "A", wall: sameWall)
        let c = tie.create(title: "B", wall: sameWall)
        let (winner, loser) = a.idText < c.idText ? (a, c) : (c, a)
        return [
            scenario(
                "duplicate-create-original-first",
                "the earliest wall is the original; the duplicate's branch is rejected", [.logStructure], rows),
            scenario(
                "duplicate-create-original-last", "the same log in the other arrival order: same verdicts",
                [.logStructure], rows.reversed()),
            scenario(
                "duplicate-create-same-wall", "equal walls: the smaller id is the original", [.logStructure],
                [(loser, .rejected(.createDuplicate)), (winner, .valid)]),
        ]
    }

    var todoConcurrentBranch: LogScenario {
        var b = builder("todo branch")
        let create = b.create()
        let make = b.node(
            .createTodo, parents: [create],
            [member("todoTaskId", todo("branch")), member("deadline", str("2025-11-01T09:00:00.000Z"))])
        let edit = b.node(.update, parents: [create], [member("title", str("Edited elsewhere"))])
        let complete = b.node(
            .completeTodo, parents: [edit],
            [member("todoTaskId", todo("branch")), member("completed", str("2025-10-30T09:00:00.000Z"))])
        return scenario(
            "todo-concurrent-branch", "a completion on a branch that does not descend from the CREATE_TODO",
            [.todoConsensus],
            [(create, .valid), (make, .valid), (edit, .valid), (complete, .rejected(.todoNotAncestor))])
    }

    var todoReferences: LogScenario {
        var b = builder("todo references")
        let create = b.create()
        let toTask = b.node(
            .completeTodo, parents: [create],
            [member("todoTaskId", str(b.task)), member("completed", str("2025-10-30T09:00:00.000Z"))])
        let unknown = b.node(
            .snooze, parents: [create], [member("todoTaskId", todo("never created")), member("daysToExtend", num(1))])
        let selfTodo = b.node(
            .createTodo, parents: [create],
            [member("todoTaskId", str(b.task)), member("deadline", str("2025-11-01T09:00:00.000Z"))])
        return scenario(
            "todo-reference-to-create", "a todoTaskId equal to the taskId, and one no CREATE_TODO created",
            [.todoConsensus],
            [
                (create, .valid), (toTask, .rejected(.todoIsTaskId)), (unknown, .rejected(.todoNotAncestor)),
                (selfTodo, .rejected(.todoIsTaskId)),
            ])
    }

    var todoReused: LogScenario {
        var b = builder("todo reused")
        let create = b.create()
        let make = b.node(
            .createTodo, parents: [create],
            [member("todoTaskId", todo("reused")), member("deadline", str("2025-11-01T09:00:00.000Z"))])
        let done = b.node(
            .completeTodo, parents: [make],
            [member("todoTaskId", todo("reused")), member("completed", str("2025-10-31T09:00:00.000Z"))])
        let again = b.node(
            .createTodo, parents: [done],
            [member("todoTaskId", todo("reused")), member("deadline", str("2025-11-08T09:00:00.000Z"))])
        return scenario(
            "todo-reused", "the next occurrence must have a new todoTaskId", [.todoConsensus],
            [(create, .valid), (make, .valid), (done, .valid), (again, .rejected(.todoReused))])
    }

    var chainIncomplete: LogScenario {
        var b = builder("chain incomplete")
        let create = b.create()
        let update = b.node(.update, parents: [create], [member("title", str("x"))])
        let delete = b.node(.delete, parents: [update], [member("deletedChain", .array([str(create.idText)]))])
        return scenario(
            "deleted-chain-incomplete", "deletedChain misses an ancestor", [.deletion],
            [(create, .valid), (update, .valid), (delete, .rejected(.deletedChainMismatch))])
    }

    var chainOrder: LogScenario {
        var b = builder("chain order")
        let create = b.create()
        let update = b.node(.update, parents: [create], [member("title", str("x"))])
        let delete = b.node(
            .delete, parents: [update], [member("deletedChain", .array([str(update.idText), str(create.idText)]))])
        return scenario(
            "deleted-chain-order",
            "deletedChain newest-first: the right set in another order is a warning (X_DELETED_CHAIN_ORDER), the DELETE is valid",
            [.deletion],
            [(create, .valid), (update, .valid), (delete, ExpectedVerdict.valid.warning(.deletedChainOrder))])
    }

    var deleteDescendants: LogScenario {
        var b = builder("after delete")
        let create = b.create()
        let update = b.node(.update, parents: [create], [member("title", str("x"))])
        let delete = b.node(
            .delete, parents: [update], [member("deletedChain", .array([str(create.idText), str(update.idText)]))])
        let late = b.node(.update, parents: [delete], [member("title", str("after"))])
        let later = b.node(.archive, parents: [late])
        return scenario(
            "delete-descendant", "nodes below a DELETE are rejected", [.deletion],
            [
                (create, .valid), (update, .valid), (delete, .valid),
                (late, .rejected(.afterDelete).naming([delete.idText])),
                (later, .rejected(.afterDelete).naming([delete.idText])),
            ])
    }

    var rejectedDelete: LogScenario {
        var b = builder("rejected delete")
        let create = b.create()
        let delete = b.node(
            .delete, parents: [create], [member("deletedChain", .array([str(create.idText), str(create.idText)]))])
        let child = b.node(.update, parents: [delete], [member("title", str("below a broken delete"))])
        return scenario(
            "delete-rejected-descendant", "a child of a rejected DELETE is X_ANCESTOR_REJECTED", [.deletion],
            [
                (create, .valid), (delete, .rejected(.deletedChainDuplicate)),
                (child, .rejected(.ancestorRejected).naming([delete.idText])),
            ])
    }

    var brokenBranch: LogScenario {
        var b = builder("broken branch")
        let create = b.create()
        let u1 = b.node(.update, parents: [create], [member("title", str("one"))])
        let u2 = b.node(.update, parents: [u1], [member("title", str("two"))])
        let tampered = u2.setting("data.payload.title", to: str("two, edited in transit"))
        let u3 = b.node(.update, parents: [u2], [member("title", str("three"))])
        let u4 = b.node(.update, parents: [u1], [member("title", str("four"))])
        return scenario(
            "broken-branch", "a tampered node rejects its descendants only; ancestors and a sibling branch stay valid",
            [.staleId],
            [
                (create, .valid), (u1, .valid), (tampered, .rejected(.idHash)),
                (u3, .rejected(.ancestorRejected).naming([u2.idText])), (u4, .valid),
            ])
    }

    var mergeBase: LogScenario {
        var b = builder("merge base")
        let create = b.create()
        let a = b.node(.update, parents: [create], [member("title", str("A"))])
        let c = b.node(.update, parents: [create], [member("priority", num(5))])
        let good = b.node(.merge, parents: [a, c], [member("base", str(create.idText))])
        let bad = b.node(.merge, parents: [a, c], [member("base", str(a.idText))])
        let missing = b.node(.merge, parents: [a, c], [member("base", str(ghost("ghost base")))])
        return scenario(
            "merge-base-not-ancestor", "a MERGE base must be an ancestor of every parent, and in the log",
            [.mergeSemantics],
            [
                (create, .valid), (a, .valid), (c, .valid), (good, .valid), (bad, .rejected(.mergeBaseNotAncestor)),
                (missing, .rejected(.mergeBaseNotFound)),
            ])
    }

    var parentOtherTask: LogScenario {
        var one = builder("other task one")
        var two = builder("other task two")
        let c1 = one.create(title: "One")
        let c2 = two.create(title: "Two")
        let crossing = two.node(.update, parents: [c1], [member("title", str("crossing"))])
        return scenario(
            "parent-other-task", "a parent from another task", [.logStructure],
            [(c1, .valid), (c2, .valid), (crossing, .rejected(.parentOtherTask))])
    }

    var duplicateRecords: LogScenario {
        var b = builder("duplicate records")
        let create = b.create()
        let tamperedCopy = create.setting("data.payload.title", to: str("Task (edited)"))
        let update = b.node(.update, parents: [create], [member("title", str("x"))])
        return scenario(
            "duplicate-records", "the same node twice is a duplicate; a tampered copy under its id is rejected alone",
            [.staleId],
            [(create, .valid), (tamperedCopy, .rejected(.idHash)), (update, .valid), (create, .duplicate)])
    }
}
