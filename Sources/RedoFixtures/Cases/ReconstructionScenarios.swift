import RedoCore
import RedoCrypto
import RedoJSON

/// One reconstruction vector: a signed log, and facts about its reconstructed state that
/// were worked out by hand from the protocol (the state file itself is generated; these
/// assertions keep the generator honest).
package struct ReconstructionScenario: Sendable {
    package let id: String
    package let comment: String
    package let flags: [BugClass]
    package let records: [[UInt8]]
    /// (path into the state JSON, expected value), e.g. ("tasks[0].title", "Task Updated").
    package let assertions: [(String, JSONValue)]
}

package struct ReconstructionScenarios {
    package let seed: String
    let factory: NodeFactory
    let other: NodeFactory

    package init(seed: String) {
        self.seed = seed
        factory = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0))
        other = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 1), deviceId: "device-b")
    }

    func builder(_ label: String) -> LogBuilder {
        LogBuilder(factory: factory, task: FixtureKeys.uuid(seed: seed, "replay \(label)"))
    }
    func todo(_ label: String) -> String { FixtureKeys.uuid(seed: seed, "replay todo \(label)") }
    static func lines(_ nodes: [JSONObject]) -> [[UInt8]] { nodes.map { OrderedJSONWriter.bytes(.object($0)) } }
    func ids(_ nodes: [JSONObject]) -> JSONValue { .array(nodes.map(\.idText).sorted().map { str($0) }) }
    func chain(_ nodes: [JSONObject]) -> JSONMember { member("deletedChain", .array(nodes.map { str($0.idText) })) }
    func todoMembers(_ t: String, deadline: String, notes: String? = nil) -> [JSONMember] {
        [member("todoTaskId", str(t)), member("deadline", str(deadline))]
            + (notes.map { [member("notes", str($0))] } ?? [])
    }

    package var all: [ReconstructionScenario] {
        [
            resurrection, twoDeletes, twoDeletesAll, deleteVersusUnarchive, duplicateCreate, brokenBranch, todoFork,
            snoozes, notesLastWriter,
            spec13_2,
        ] + mergeStrategies + decisionScenarios
    }

    var resurrection: ReconstructionScenario {
        var b = builder("resurrection")
        let root = b.create(title: "Root")
        let n1 = b.node(.update, parents: [root], [member("title", str("N1"))])
        let n2 = b.node(.update, parents: [n1], [member("title", str("N2"))])
        let n3 = b.node(.update, parents: [n2], [member("title", str("N3"))])
        let delete = b.node(.delete, parents: [n3], [chain([root, n1, n2, n3])])
        let n4 = b.node(.update, parents: [n2], [member("priority", num(4))])
        return ReconstructionScenario(
            id: "branch-resurrection",
            comment: "Root→N1→N2→N3 deleted; N4 off N2 survives, so Root, N1, N2 live again and N3 stays out",
            flags: [.deletion], records: Self.lines([root, n1, n2, n3, delete, n4]),
            assertions: [
                ("tasks[0].title", str("N2")), ("tasks[0].priority", num(4)), ("tasks[0].heads", ids([n4])),
                ("deleted", .array([])),
            ])
    }

    var twoDeletes: ReconstructionScenario {
        var b = builder("two deletes")
        let root = b.create(title: "Root")
        let a = b.node(.update, parents: [root], [member("title", str("A"))])
        let c = b.node(.update, parents: [root], [member("title", str("C"))])
        let d1 = b.node(.delete, parents: [a], [chain([root, a])])
        let d2 = b.node(.delete, parents: [c], [chain([root, c])])
        let e = b.node(.update, parents: [a], [member("description", str("E survives"))])
        return ReconstructionScenario(
            id: "two-deletes-union",
            comment: "two DELETEs cover Root, A and C; E off A survives and brings back Root and A only",
            flags: [.deletion], records: Self.lines([root, a, c, d1, d2, e]),
            assertions: [
                ("tasks[0].title", str("A")), ("tasks[0].description", str("E survives")), ("tasks[0].heads", ids([e])),
            ])
    }

    var twoDeletesAll: ReconstructionScenario {
        var b = builder("two deletes all")
        let root = b.create(title: "Root")
        let a = b.node(.update, parents: [root], [member("title", str("A"))])
        let c = b.node(.update, parents: [root], [member("title", str("C"))])
        let d1 = b.node(.delete, parents: [a], [chain([root, a])])
        let d2 = b.node(.delete, parents: [c], [chain([root, c])])
        return ReconstructionScenario(
            id: "two-deletes-everything",
            comment: "the union of two deletedChains covers every node: the task is deleted",
            flags: [.deletion], records: Self.lines([root, a, c, d1, d2]),
            assertions: [("tasks", .array([])), ("deleted", .array([str(b.task)]))])
    }

    var deleteVersusUnarchive: ReconstructionScenario {
        var b = builder("delete unarchive")
        let root = b.create(title: "Archived then both")
        let archive = b.node(.archive, parents: [root])
        let delete = b.node(.delete, parents: [archive], [chain([root, archive])])
        let unarchive = b.node(.unarchive, parents: [archive])
        return ReconstructionScenario(
            id: "concurrent-delete-unarchive",
            comment:
                "DELETE and UNARCHIVE on concurrent branches: the UNARCHIVE survives, so the task lives, unarchived",
            flags: [.deletion], records: Self.lines([root, archive, delete, unarchive]),
            assertions: [("tasks[0].archived", .bool(false)), ("tasks[0].heads", ids([unarchive]))])
    }

    var duplicateCreate: ReconstructionScenario {
        var b = builder("duplicate create")
        let first = b.create(title: "Original", wall: LogBuilder.wall(secondsAfterStart: 0))
        let second = b.create(title: "Duplicate", wall: LogBuilder.wall(secondsAfterStart: 30))
        let underSecond = b.node(.update, parents: [second], [member("priority", num(1))])
        let underFirst = b.node(.update, parents: [first], [member("storyPoints", num(8))])
        return ReconstructionScenario(
            id: "duplicate-create",
            comment: "the duplicate CREATE and its descendants are gone; the original's branch is the task",
            flags: [.logStructure], records: Self.lines([second, underSecond, first, underFirst]),
            assertions: [
                ("tasks[0].title", str("Original")), ("tasks[0].storyPoints", num(8)),
                ("tasks[0].heads", ids([underFirst])),
                ("tasks[0].created", str(LogBuilder.wall(secondsAfterStart: 0))),
            ])
    }

    var brokenBranch: ReconstructionScenario {
        var b = builder("broken branch")
        let root = b.create(title: "Root")
        let u1 = b.node(.update, parents: [root], [member("title", str("one"))])
        let u2 = b.node(.update, parents: [u1], [member("title", str("two"))])
        let forged = u2.signed(by: other.key)
        let u3 = b.node(.update, parents: [u2], [member("title", str("three"))])
        return ReconstructionScenario(
            id: "broken-branch-revert",
            comment:
                "a node with a foreign signature and its descendant are rejected; the state reverts to the last valid ancestor",
            flags: [.wrongSignature], records: Self.lines([root, u1, forged, u3]),
            assertions: [("tasks[0].title", str("one")), ("tasks[0].heads", ids([u1]))])
    }

    var todoFork: ReconstructionScenario {
        var b = builder("todo fork")
        let root = b.create(title: "Fork")
        let makeA = b.node(.createTodo, parents: [root], todoMembers(todo("A"), deadline: "2025-11-01T09:00:00.000Z"))
        let edit = b.node(.update, parents: [makeA], [member("priority", num(2))])
        let makeB = b.node(.createTodo, parents: [edit], todoMembers(todo("B"), deadline: "2025-11-03T09:00:00.000Z"))
        let makeC = b.node(.createTodo, parents: [makeA], todoMembers(todo("C"), deadline: "2025-11-02T09:00:00.000Z"))
        let completeC = b.node(
            .completeTodo, parents: [makeC],
            [member("todoTaskId", str(todo("C"))), member("completed", str("2025-11-01T20:00:00.000Z"))])
        return ReconstructionScenario(
            id: "todo-fork",
            comment:
                "CREATE_TODOs on two branches; the completion on the shorter one counts, the tallest uncompleted todo is current, A is an orphan",
            flags: [.todoConsensus], records: Self.lines([root, makeA, edit, makeB, makeC, completeC]),
            assertions: [
                ("tasks[0].currentTodo", str(todo("B"))), ("tasks[0].todos[0].todoTaskId", str(todo("A"))),
                ("tasks[0].todos[0].completed", .null),
                ("tasks[0].todos[1].todoTaskId", str(todo("C"))),
                ("tasks[0].todos[1].completed", str("2025-11-01T20:00:00.000Z")),
                ("tasks[0].todos[2].todoTaskId", str(todo("B"))), ("tasks[0].heads", ids([makeB, completeC])),
            ])
    }

    var snoozes: ReconstructionScenario {
        var b = builder("snoozes")
        let root = b.create(title: "Snoozed")
        let make = b.node(.createTodo, parents: [root], todoMembers(todo("S"), deadline: "2025-10-30T23:00:00.000Z"))
        let byDays = b.node(
            .snooze, parents: [make], [member("todoTaskId", str(todo("S"))), member("daysToExtend", num(2))])
        let make2 = b.node(
            .createTodo, parents: [byDays], todoMembers(todo("S2"), deadline: "2025-11-05T09:00:00.000Z"))
        let byDate = b.node(
            .snooze, parents: [make2],
            [member("todoTaskId", str(todo("S2"))), member("newDeadline", str("2025-12-24T18:00:00.000Z"))])
        let far = b.node(
            .snooze, parents: [byDate], [member("todoTaskId", str(todo("S2"))), member("daysToExtend", num(3_652_059))])
        return ReconstructionScenario(
            id: "snooze-days-and-date",
            comment:
                "SNOOZE by days is plain UTC arithmetic (across month end); by date replaces; far snoozes stop at 9999-12-31T23:59:59.999Z",
            flags: [.timeFormat], records: Self.lines([root, make, byDays, make2, byDate, far]),
            assertions: [
                ("tasks[0].todos[0].deadline", str("2025-11-01T23:00:00.000Z")),
                ("tasks[0].todos[1].deadline", str("9999-12-31T23:59:59.999Z")),
            ])
    }

    var notesLastWriter: ReconstructionScenario {
        var b = builder("notes")
        let root = b.create(title: "Notes")
        let make = b.node(
            .createTodo, parents: [root], todoMembers(todo("N"), deadline: "2025-11-01T09:00:00.000Z", notes: "first"))
        let snooze = b.node(
            .snooze, parents: [make],
            [member("todoTaskId", str(todo("N"))), member("daysToExtend", num(1)), member("notes", str("second"))])
        let complete = b.node(
            .completeTodo, parents: [make],
            [
                member("todoTaskId", str(todo("N"))), member("completed", str("2025-11-01T08:00:00.000Z")),
                member("notes", str("third, concurrent and later")),
            ])
        let again = b.node(
            .completeTodo, parents: [complete],
            [member("todoTaskId", str(todo("N"))), member("completed", str("2025-11-01T10:00:00.000Z"))])
        return ReconstructionScenario(
            id: "notes-last-writer-wins",
            comment:
                "notes follow the last writer in total order; a second completion overwrites completed; a completion without notes keeps them",
            flags: [.todoConsensus], records: Self.lines([root, make, snooze, complete, again]),
            assertions: [
                ("tasks[0].todos[0].notes", str("third, concurrent and later")),
                ("tasks[0].todos[0].completed", str("2025-11-01T10:00:00.000Z")),
                ("tasks[0].todos[0].deadline", str("2025-11-02T09:00:00.000Z")), ("tasks[0].currentTodo", .null),
            ])
    }

    /// The spec's section 13.2: only A changed the title, only B the priority.
    var spec13_2: ReconstructionScenario {
        var b = builder("13.2")
        let base = b.create(title: "Task", [member("priority", num(3))])
        let a = b.node(.update, parents: [base], [member("title", str("Task Updated"))])
        let step = b.node(.update, parents: [base], [member("priority", num(3))])
        let parentB = b.node(.update, parents: [step], [member("priority", num(5))])
        let merge = b.node(
            .merge, parents: [a, parentB],
            [member("base", str(base.idText)), MergeResolutions.policy(defaultStrategy: "lww")])
        return ReconstructionScenario(
            id: "spec-13-2-merge",
            comment:
                "the spec's 13.2 scenario: by its own algorithm the result is title \"Task Updated\", priority 5 (the printed \"Task\" is an erratum)",
            flags: [.mergeSemantics], records: Self.lines([base, a, step, parentB, merge]),
            assertions: [
                ("tasks[0].title", str("Task Updated")), ("tasks[0].priority", num(5)),
                ("tasks[0].heads", ids([merge])),
            ])
    }

    /// Two branches that both change title and priority, merged with each strategy.
    var mergeStrategies: [ReconstructionScenario] {
        func scenario(
            _ name: String, _ comment: String, policy: JSONMember?, resolutions: [JSONValue],
            assertions: (JSONObject, JSONObject, JSONObject) -> [(String, JSONValue)]
        ) -> ReconstructionScenario {
            var b = builder("merge \(name)")
            let base = b.create(title: "Base", [member("priority", num(3)), member("storyPoints", num(5))])
            let a = b.node(
                .update, parents: [base],
                [member("title", str("From A")), member("priority", num(1)), member("storyPoints", num(8))])
            var bOther = LogBuilder(factory: other, task: b.task)
            let step = bOther.node(
                .update, parentIds: [base.idText], [member("description", str("B was here"))], lamport: 2,
                wall: LogBuilder.wall(secondsAfterStart: 50))
            let c = bOther.node(
                .update, parentIds: [step.idText],
                [member("title", str("From B")), member("priority", num(4)), member("storyPoints", num(2))], lamport: 3,
                wall: LogBuilder.wall(secondsAfterStart: 51))
            var payload = [member("base", str(base.idText))]
            if let policy { payload.append(policy) }
            if !resolutions.isEmpty {
                payload.append(member("resolutions", MergeResolutions.object(task: resolutions)))
            }
            let merge = b.node(
                .merge, parents: [a, c], payload, lamport: 4, wall: LogBuilder.wall(secondsAfterStart: 60))
            return ReconstructionScenario(
                id: "merge-\(name)", comment: comment, flags: [.mergeSemantics],
                records: Self.lines([base, a, step, c, merge]),
                assertions: assertions(a, c, merge))
        }
        return [
            scenario(
                "lww",
                "default lww: the parent with the higher lamport (B, lamport 3) wins every conflict; the description only B changed is kept",
                policy: nil, resolutions: []
            ) { _, _, merge in
                [
                    ("tasks[0].title", str("From B")), ("tasks[0].priority", num(4)), ("tasks[0].storyPoints", num(2)),
                    ("tasks[0].description", str("B was here")), ("tasks[0].heads", self.ids([merge])),
                ]
            },
            scenario(
                "lww-author", "lww with tiebreakers [author]: the greater author.userId wins, lamport is not consulted",
                policy: MergeResolutions.policy(lwwTiebreakers: ["author"]), resolutions: []
            ) { _, _, _ in
                let aWins = self.factory.key.publicKey.redoUserId > self.other.key.publicKey.redoUserId
                return [("tasks[0].title", str(aWins ? "From A" : "From B"))]
            },
            scenario("ours", "ours with chosenParent A for the title; lww for the rest", policy: nil, resolutions: []) {
                _, _, _ in []
            }
            .replacingResolutions(
                self, [("title", "ours", "A")],
                expect: [("tasks[0].title", str("From A")), ("tasks[0].priority", num(4))]),
            scenario(
                "theirs", "theirs with chosenParent B takes A's title, which replay alone (B is later) would overwrite",
                policy: nil, resolutions: []
            ) { _, _, _ in [] }
            .replacingResolutions(self, [("title", "theirs", "B")], expect: [("tasks[0].title", str("From A"))]),
            scenario(
                "manual", "manual title and priority", policy: nil,
                resolutions: [
                    MergeResolutions.field("title", "manual", [member("value", str("Agreed title"))]),
                    MergeResolutions.field("priority", "manual", [member("value", num(2))]),
                ]
            ) { _, _, _ in
                [("tasks[0].title", str("Agreed title")), ("tasks[0].priority", num(2))]
            },
            scenario(
                "max-min",
                "max for storyPoints, min for priority: both pick A's values, which replay alone (B is later) would overwrite",
                policy: nil,
                resolutions: [MergeResolutions.field("storyPoints", "max"), MergeResolutions.field("priority", "min")]
            ) { _, _, _ in
                [("tasks[0].priority", num(1)), ("tasks[0].storyPoints", num(8)), ("tasks[0].title", str("From B"))]
            },
            scenario(
                "default-max",
                "defaultStrategy max decides numeric conflicts but cannot decide the title: the MERGE is rejected",
                policy: MergeResolutions.policy(defaultStrategy: "max"), resolutions: []
            ) { _, c, merge in
                [
                    ("rejected[0].id", str(merge.idText)), ("rejected[0].code", str("E_SCHEMA_MISMATCH")),
                    ("tasks[0].title", str("From B")),
                ]
            },
            scenario(
                "union", "union fits no REDO field: the MERGE is rejected when validated", policy: nil,
                resolutions: [MergeResolutions.field("title", "union")]
            ) { _, _, merge in
                [("rejected[0].id", str(merge.idText)), ("rejected[0].code", str("E_SCHEMA_MISMATCH"))]
            },
        ]
    }
}

extension ReconstructionScenario {
    /// Rebuilds a merge scenario whose resolutions name parents by role ("A"), which the
    /// builder closure cannot know before the parents exist.
    func replacingResolutions(
        _ scenarios: ReconstructionScenarios, _ resolutions: [(String, String, String)], expect: [(String, JSONValue)]
    ) -> ReconstructionScenario {
        // Records: base, a, step, c, merge. Re-seal the merge with resolutions naming A or B.
        guard case let .object(mergeObject) = try! JSONReader.parse(records[4]),
            case let .object(aObject) = try! JSONReader.parse(records[1]),
            case let .object(cObject) = try! JSONReader.parse(records[3])
        else { return self }
        let entries: [JSONValue] = resolutions.map { path, strategy, role in
            MergeResolutions.field(
                path, strategy, [member("chosenParent", str(role == "A" ? aObject.idText : cObject.idText))])
        }
        let updated = mergeObject.setting("data.payload.resolutions", to: MergeResolutions.object(task: entries))
        let sealed = scenarios.factory.seal(updated)
        return ReconstructionScenario(
            id: id, comment: comment, flags: flags,
            records: Array(records.prefix(4)) + [OrderedJSONWriter.bytes(.object(sealed))],
            assertions: expect + [("tasks[0].heads", .array([str(sealed.idText)]))])
    }
}
