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

    package init(id: String, comment: String, flags: [BugClass], records: [[UInt8]], expected: [ExpectedVerdict]) {
        self.id = id
        self.comment = comment
        self.flags = flags
        self.records = records
        self.expected = expected
    }
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

    static func line(_ node: JSONObject) -> [UInt8] { OrderedJSONWriter.bytes(.object(node)) }

    func scenario(_ id: String, _ comment: String, _ flags: [BugClass], _ rows: [(JSONObject, ExpectedVerdict)])
        -> LogScenario
    {
        LogScenario(
            id: id, comment: comment, flags: flags, records: rows.map { Self.line($0.0) }, expected: rows.map(\.1))
    }

    /// The log vectors still written here: those the scenario format cannot state yet (a
    /// copy of a node's record beside the original: tampered, under another signature, or
    /// written again apart; a fact the seed's ids decide). The others are catalog files (`Vectors/scenarios`, `vector: log`).
    package var all: [LogScenario] {
        [duplicateCreateSameWall, duplicateRecords] + codePrecedenceScenarios
            + ruleScopeScenarios
    }

    /// Every log vector's id in the order the manifest lists them (the order they were
    /// added in), wherever a vector is defined, so the manifest does not move when one
    /// moves from here to the catalog.
    package static let manifestOrder = [
        "valid-life", "missing-parent", "wrong-lamport", "duplicate-create-original-first",
        "duplicate-create-original-last", "duplicate-create-same-wall", "todo-concurrent-branch",
        "todo-reference-to-create", "todo-reused", "deleted-chain-incomplete", "deleted-chain-order",
        "delete-descendant", "delete-rejected-descendant", "broken-branch", "merge-base-not-ancestor",
        "parent-other-task", "duplicate-records", "log-code-precedence", "own-fault-before-inherited",
        "duplicate-create-earliest-invalid", "ancestor-rejected-before-after-delete", "records-of-one-node",
        "todo-reused-concurrent-branch", "deleted-chain-exact-set", "merge-base-is-a-parent",
        "byte-order-mark-line", "inherited-root-causes", "lamport-against-nodes",
        "parent-other-task-failed-records", "todo-is-task-id-below-broken", "duplicate-of-log-rejected",
        "after-delete-below-after-delete", "merge-lamport-before-semantics",
    ]

    /// Two CREATEs of one task, in both arrival orders, and a tie on wall.
    var duplicateCreateSameWall: LogScenario {
        var tie = builder("duplicate create tie")
        let sameWall = LogBuilder.wall(secondsAfterStart: 5)
        let a = tie.create(title: "A", wall: sameWall)
        let c = tie.create(title: "B", wall: sameWall)
        let (winner, loser) = a.idText < c.idText ? (a, c) : (c, a)
        return scenario(
            "duplicate-create-same-wall", "equal walls: the smaller id is the original", [.logStructure],
            [(loser, .rejected(.createDuplicate)), (winner, .valid)])
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
