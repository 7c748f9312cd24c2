import RedoCore
import RedoCrypto
import RedoJSON

/// Reconstruction vectors for the finer rulings: the total order's last tie-break, which
/// DELETEs and CREATEs count, what the `rejected` list holds, and MERGE decisions that
/// differ from what replaying the parents alone would leave (a MERGE whose result equals
/// plain replay cannot tell a client that ignores MERGE from one that applies it).
extension ReconstructionScenarios {
    var decisionScenarios: [ReconstructionScenario] {
        [
            archived, idTieBreak, rejectedDelete, noValidCreate, rejectedList, mergeLwwByParentHead,
            mergeAgreeingParents,
            mergeResolutionRules, mergeUnresolvableDefault, mergeArchived, mergeTodoManual, mergeOursLackingField,
            unreadableRecordClaimsNoId, concurrentRelativeSnoozes, mergeTheirsLackingField, mergeFirstTodoResolution,
            mergeEmptyTiebreakers,
            rejectedCodeOfStandingRecord, mergeLwwResolutionTiebreakers, mergeRewriteIsNoChange,
            mergeExtremeOfChangedValues,
        ]
    }

    /// The expected `rejected` list: `{"code", "id"}` entries sorted by id, as the state
    /// writes them (the order depends on the seed's ids).
    private func rejected(_ entries: [(id: String, code: String)]) -> JSONValue {
        .array(
            entries.sorted { $0.id < $1.id }.map {
                .object(JSONObject([member("code", str($0.code)), member("id", str($0.id))]))
            })
    }

    private func scenario(
        _ id: String, _ comment: String, _ flags: [BugClass], _ nodes: [JSONObject], _ assertions: [(String, JSONValue)]
    ) -> ReconstructionScenario {
        ReconstructionScenario(
            id: id, comment: comment, flags: flags, records: Self.lines(nodes), assertions: assertions)
    }

    var archived: ReconstructionScenario {
        var b = builder("archived")
        let root = b.create(title: "Put away")
        let make = b.node(
            .createTodo, parents: [root], todoMembers(todo("archived"), deadline: "2025-11-01T09:00:00.000Z"))
        let tagged = b.node(
            .update, parents: [make], [member("extensions", .object(JSONObject([member("color", str("green"))])))])
        let archive = b.node(.archive, parents: [tagged])
        return scenario(
            "archived-task",
            "ARCHIVE sets archived; the task and its todo stay listed; an UPDATE of extensions only leaves the state as it was (extensions are opaque to replay)",
            [], [root, make, tagged, archive],
            [
                ("tasks[0].archived", .bool(true)), ("tasks[0].title", str("Put away")),
                ("tasks[0].currentTodo", str(todo("archived"))), ("tasks[0].heads", ids([archive])),
            ])
    }

    var idTieBreak: ReconstructionScenario {
        var b = builder("id tie")
        let root = b.create(title: "Tie")
        let wall = LogBuilder.wall(secondsAfterStart: 30)
        let x = b.node(.update, parents: [root], [member("title", str("X"))], wall: wall)
        let y = b.node(.update, parents: [root], [member("title", str("Y"))], wall: wall)
        return scenario(
            "total-order-id-tiebreak",
            "two concurrent UPDATEs with equal lamport and wall: the greater id is later in total order and its title wins",
            [.logStructure], [root, y, x],
            [("tasks[0].title", str(x.idText > y.idText ? "X" : "Y")), ("tasks[0].heads", ids([x, y]))])
    }

    var rejectedDelete: ReconstructionScenario {
        var b = builder("rejected delete")
        let root = b.create(title: "Kept")
        let edit = b.node(.update, parents: [root], [member("priority", num(2))])
        let delete = b.node(
            .delete, parents: [edit],
            [member("deletedChain", .array([str(root.idText), str(edit.idText), str(root.idText)]))])
        let below = b.node(.update, parents: [delete], [member("title", str("Lost"))])
        return scenario(
            "rejected-delete-keeps-task",
            "only valid DELETEs delete: a DELETE whose chain repeats an id is rejected, the task lives, the node below it is rejected",
            [.deletion], [root, edit, delete, below],
            [
                ("tasks[0].title", str("Kept")), ("tasks[0].priority", num(2)), ("tasks[0].heads", ids([edit])),
                ("deleted", .array([])),
                (
                    "rejected",
                    rejected([(delete.idText, "E_MISSING_DELETED_CHAIN"), (below.idText, "X_ANCESTOR_REJECTED")])
                ),
            ])
    }

    var noValidCreate: ReconstructionScenario {
        var b = builder("no valid create")
        let root = b.create(title: "Never valid").signed(by: other.key)
        let child = b.node(.update, parents: [root], [member("title", str("Below"))])
        return scenario(
            "no-valid-create",
            "a task without a valid original CREATE is neither listed nor deleted; its nodes are rejected",
            [.wrongSignature], [root, child],
            [
                ("tasks", .array([])), ("deleted", .array([])),
                ("rejected", rejected([(root.idText, "E_INVALID_SIGNATURE"), (child.idText, "X_ANCESTOR_REJECTED")])),
            ])
    }

    var rejectedList: ReconstructionScenario {
        var b = builder("rejected list")
        let root = b.create(title: "Listed")
        let kept = b.node(.update, parents: [root], [member("priority", num(1))])
        let keptTampered = kept.setting("data.payload.priority", to: num(5))
        let lost = b.node(.update, parents: [root], [member("title", str("lost"))])
        let lostTampered = lost.setting("data.payload.title", to: str("lost, edited"))
        let malformed = b.node(.update, parents: [root], [member("title", str("malformed id"))]).setting(
            "id", to: str("sha256:NOT-AN-ID"))
        let withoutId = b.node(.update, parents: [root], [member("title", str("no id"))]).removing(["id"])
        return scenario(
            "rejected-list",
            "rejected lists ids that no valid node holds: a hash-failing record under the id it claims and a malformed id verbatim; not a record without id, nor a valid node whose tampered copy failed",
            [.staleId], [root, keptTampered, kept, lostTampered, malformed, withoutId],
            [
                (
                    "rejected",
                    rejected([("sha256:NOT-AN-ID", "E_ENCODING_VIOLATION"), (lost.idText, "E_HASH_MISMATCH")])
                ),
                ("tasks[0].priority", num(1)), ("tasks[0].heads", ids([kept])),
            ])
    }

    /// Base: title "Base", priority 3. Used by the MERGE scenarios below.
    private func mergeBase(_ b: inout LogBuilder) -> JSONObject {
        b.create(title: "Base", [member("priority", num(3))], wall: LogBuilder.wall(secondsAfterStart: 0))
    }

    var mergeLwwByParentHead: ReconstructionScenario {
        var b = builder("merge lww head")
        let base = mergeBase(&b)
        let a1 = b.node(
            .update, parents: [base], [member("title", str("From A"))], wall: LogBuilder.wall(secondsAfterStart: 10))
        let bTitle = b.node(
            .update, parents: [base], [member("title", str("From B"))], wall: LogBuilder.wall(secondsAfterStart: 15))
        let a2 = b.node(
            .update, parents: [a1], [member("storyPoints", num(5))], wall: LogBuilder.wall(secondsAfterStart: 20))
        let merge = b.node(
            .merge, parents: [a2, bTitle], [member("base", str(base.idText))],
            wall: LogBuilder.wall(secondsAfterStart: 30))
        return scenario(
            "merge-lww-parent-head",
            "lww compares the parents themselves (A's head at lamport 3 beats B at lamport 2), not the nodes that wrote the field: A's title wins, which replay alone (B's write is later) would lose",
            [.mergeSemantics], [base, a1, bTitle, a2, merge],
            [
                ("tasks[0].title", str("From A")), ("tasks[0].storyPoints", num(5)), ("tasks[0].heads", ids([merge])),
                ("rejected", .array([])),
            ])
    }

    var mergeAgreeingParents: ReconstructionScenario {
        var b = builder("merge agreeing")
        let base = mergeBase(&b)
        let a = b.node(.update, parents: [base], [member("title", str("Same"))])
        let c = b.node(.update, parents: [base], [member("title", str("Same")), member("priority", num(4))])
        let merge = b.node(
            .merge, parents: [a, c],
            [member("base", str(base.idText)), MergeResolutions.policy(defaultStrategy: "max")])
        return scenario(
            "merge-agreeing-parents",
            "both parents set the same title: no conflict, so defaultStrategy max (which cannot decide a title) is never asked and the MERGE is valid",
            [.mergeSemantics], [base, a, c, merge],
            [
                ("tasks[0].title", str("Same")), ("tasks[0].priority", num(4)), ("tasks[0].heads", ids([merge])),
                ("rejected", .array([])),
            ])
    }

    var mergeResolutionRules: ReconstructionScenario {
        var b = builder("merge resolution rules")
        let base = mergeBase(&b)
        let a = b.node(.update, parents: [base], [member("title", str("From A"))])
        let c = b.node(.update, parents: [base], [member("priority", num(4))])
        let merge = b.node(
            .merge, parents: [a, c],
            [
                member("base", str(base.idText)),
                member(
                    "resolutions",
                    MergeResolutions.object(task: [
                        MergeResolutions.field("description", "manual", [member("value", str("never changed"))]),
                        MergeResolutions.field("priority", "ours", [member("chosenParent", str(a.idText))]),
                    ])),
            ])
        return scenario(
            "merge-resolution-rules",
            "a resolution for a field no parent changed (description) is ignored; ours naming the parent that did not change priority takes its value and reverts the other's change",
            [.mergeSemantics], [base, a, c, merge],
            [
                ("tasks[0].title", str("From A")), ("tasks[0].priority", num(3)), ("tasks[0].heads", ids([merge])),
                ("rejected", .array([])),
            ])
    }

    var mergeUnresolvableDefault: ReconstructionScenario {
        var b = builder("merge unresolvable")
        let base = mergeBase(&b)
        let a = b.node(.update, parents: [base], [member("title", str("From A"))])
        let c = b.node(.update, parents: [base], [member("title", str("From B"))])
        let merge = b.node(
            .merge, parents: [a, c],
            [member("base", str(base.idText)), MergeResolutions.policy(defaultStrategy: "ours")])
        return scenario(
            "merge-default-ours-conflict",
            "defaultStrategy ours names no parent, so a conflict left to it cannot be decided: the MERGE is rejected (E_SCHEMA_MISMATCH) and left out of replay",
            [.mergeSemantics], [base, a, c, merge],
            [
                ("rejected", rejected([(merge.idText, "E_SCHEMA_MISMATCH")])),
                ("tasks[0].heads", ids([a, c])),
            ])
    }

    var mergeArchived: ReconstructionScenario {
        var b = builder("merge archived")
        let base = mergeBase(&b)
        let a = b.node(.archive, parents: [base])
        let c1 = b.node(.archive, parents: [base])
        let c2 = b.node(.unarchive, parents: [c1])
        let merge = b.node(.merge, parents: [a, c2], [member("base", str(base.idText))])
        return scenario(
            "merge-archived",
            "archived is a merged field: B archived and unarchived again (unchanged against the base), A archived, so the MERGE archives — replay alone would end unarchived",
            [.mergeSemantics], [base, a, c1, c2, merge],
            [("tasks[0].archived", .bool(true)), ("tasks[0].heads", ids([merge]))])
    }

    /// A task with one todo (deadline 1 November) snoozed to 5 and to 7 November on two
    /// branches: a deadline conflict for a MERGE to decide.
    private func conflictingSnoozes(_ b: inout LogBuilder, title: String, todo label: String) -> (
        root: JSONObject, make: JSONObject, a: JSONObject, c: JSONObject
    ) {
        let root = b.create(title: title)
        let make = b.node(.createTodo, parents: [root], todoMembers(todo(label), deadline: "2025-11-01T09:00:00.000Z"))
        let a = b.node(
            .snooze, parents: [make],
            [member("todoTaskId", str(todo(label))), member("newDeadline", str("2025-11-05T09:00:00.000Z"))])
        let c = b.node(
            .snooze, parents: [make],
            [member("todoTaskId", str(todo(label))), member("newDeadline", str("2025-11-07T09:00:00.000Z"))])
        return (root, make, a, c)
    }

    var mergeTodoManual: ReconstructionScenario {
        var b = builder("merge todo manual")
        let (root, make, a, c) = conflictingSnoozes(&b, title: "Todo merge", todo: "merged")
        let merge = b.node(
            .merge, parents: [a, c],
            [
                member("base", str(make.idText)),
                member(
                    "resolutions",
                    MergeResolutions.object(todos: [
                        (
                            todo("merged"),
                            [
                                MergeResolutions.field(
                                    "deadline", "manual", [member("value", str("2025-11-06T09:00:00.000Z"))])
                            ]
                        )
                    ])),
            ])
        return scenario(
            "merge-todo-manual",
            "a todo resolution decides a conflicting deadline (two SNOOZEs on two branches) by a manual value",
            [.mergeSemantics, .todoConsensus], [root, make, a, c, merge],
            [
                ("tasks[0].todos[0].deadline", str("2025-11-06T09:00:00.000Z")), ("tasks[0].heads", ids([merge])),
                ("rejected", .array([])),
            ])
    }

    var mergeOursLackingField: ReconstructionScenario {
        var b = builder("merge ours lacking")
        let root = b.create(title: "Lacking")
        let a = b.node(
            .createTodo, parents: [root],
            todoMembers(todo("lacking"), deadline: "2025-11-01T09:00:00.000Z", notes: "from A"))
        let c = b.node(.update, parents: [root], [member("priority", num(2))])
        let merge = b.node(
            .merge, parents: [a, c],
            [
                member("base", str(root.idText)),
                member(
                    "resolutions",
                    MergeResolutions.object(todos: [
                        (
                            todo("lacking"),
                            [MergeResolutions.field("notes", "ours", [member("chosenParent", str(c.idText))])]
                        )
                    ])),
            ])
        return scenario(
            "merge-ours-lacking-field",
            "ours naming a parent that lacks the todo (it was created on the other branch) leaves the field untouched: the notes stay",
            [.mergeSemantics, .todoConsensus], [root, a, c, merge],
            [
                ("tasks[0].todos[0].notes", str("from A")), ("tasks[0].priority", num(2)),
                ("tasks[0].heads", ids([merge])), ("rejected", .array([])),
            ])
    }

    var unreadableRecordClaimsNoId: ReconstructionScenario {
        var b = builder("unreadable record")
        let root = b.create(title: "Readable")
        let unread = b.node(.update, parents: [root], [member("title", str("never read"))])
        let child = b.node(.update, parents: [unread], [member("priority", num(2))])
        // A repeated key makes the record not I-JSON: two parsers may read it differently,
        // so it has no one reading and claims no id, not even the one it spells.
        let repeated = Array(#"{"action":"UPDATE","#.utf8) + Self.lines([unread])[0].dropFirst()
        return ReconstructionScenario(
            id: "unreadable-record-claims-no-id",
            comment:
                "a record that is not I-JSON (a repeated key) claims no id: it is not in rejected, and the child naming its id has a parent missing from the log (E_PARENT_NOT_FOUND)",
            flags: [.notIJSON], records: Self.lines([root]) + [repeated] + Self.lines([child]),
            assertions: [
                ("rejected", rejected([(child.idText, "E_PARENT_NOT_FOUND")])), ("tasks[0].title", str("Readable")),
                ("tasks[0].heads", ids([root])),
            ])
    }

    var concurrentRelativeSnoozes: ReconstructionScenario {
        var b = builder("concurrent snoozes")
        let root = b.create(title: "Snoozed twice")
        let make = b.node(
            .createTodo, parents: [root], todoMembers(todo("twice"), deadline: "2025-11-01T09:00:00.000Z"))
        let two = b.node(
            .snooze, parents: [make], [member("todoTaskId", str(todo("twice"))), member("daysToExtend", num(2))])
        let three = b.node(
            .snooze, parents: [make], [member("todoTaskId", str(todo("twice"))), member("daysToExtend", num(3))])
        return scenario(
            "concurrent-relative-snoozes",
            "SNOOZEs by days on two branches both count in replay: 2 + 3 days, though each branch alone holds only its own",
            [.todoConsensus], [root, make, two, three],
            [("tasks[0].todos[0].deadline", str("2025-11-06T09:00:00.000Z")), ("tasks[0].heads", ids([two, three]))])
    }

    var mergeTheirsLackingField: ReconstructionScenario {
        var b = builder("merge theirs lacking")
        let root = b.create(title: "Theirs lacking")
        let a = b.node(.update, parents: [root], [member("description", str("from A"))])
        let c = b.node(.update, parents: [root], [member("priority", num(2))])
        let merge = b.node(
            .merge, parents: [a, c],
            [
                member("base", str(root.idText)),
                member(
                    "resolutions",
                    MergeResolutions.object(task: [
                        MergeResolutions.field("description", "theirs", [member("chosenParent", str(a.idText))])
                    ])),
            ])
        return scenario(
            "merge-theirs-lacking-field",
            "theirs (chosenParent A) takes B's value, but B's state has no description: the field is left alone, and A's description stays",
            [.mergeSemantics], [root, a, c, merge],
            [
                ("tasks[0].description", str("from A")), ("tasks[0].priority", num(2)),
                ("tasks[0].heads", ids([merge])), ("rejected", .array([])),
            ])
    }

    var mergeFirstTodoResolution: ReconstructionScenario {
        var b = builder("merge first todo resolution")
        let (root, make, a, c) = conflictingSnoozes(&b, title: "Two resolutions", todo: "first")
        let merge = b.node(
            .merge, parents: [a, c],
            [
                member("base", str(make.idText)),
                member(
                    "resolutions",
                    MergeResolutions.object(todos: [
                        (
                            todo("first"),
                            [
                                MergeResolutions.field(
                                    "deadline", "manual", [member("value", str("2025-11-02T09:00:00.000Z"))])
                            ]
                        ),
                        (
                            todo("first"),
                            [
                                MergeResolutions.field(
                                    "deadline", "manual", [member("value", str("2025-11-09T09:00:00.000Z"))])
                            ]
                        ),
                    ])),
            ])
        return scenario(
            "merge-first-todo-resolution", "two todos entries name the same todo and path: the first resolution wins",
            [.mergeSemantics, .todoConsensus], [root, make, a, c, merge],
            [
                ("tasks[0].todos[0].deadline", str("2025-11-02T09:00:00.000Z")), ("tasks[0].heads", ids([merge])),
                ("rejected", .array([])),
            ])
    }

    /// lwwTiebreakers [] leaves the id alone to decide. The branch titles are chosen (by
    /// a counter, the same on every run) so that the head with the larger id has the
    /// smaller lamport: the default tiebreakers would pick the other parent.
    var mergeEmptyTiebreakers: ReconstructionScenario {
        var attempt = 0
        while true {
            var b = builder("merge empty tiebreakers")
            let root = b.create(title: "Base")
            let a1 = b.node(.update, parents: [root], [member("title", str("From A"))])
            let a2 = b.node(.update, parents: [a1], [member("storyPoints", num(5))])
            let c = b.node(.update, parents: [root], [member("title", str("From B \(attempt)"))])
            attempt += 1
            guard c.idText > a2.idText else { continue }
            let merge = b.node(
                .merge, parents: [a2, c],
                [member("base", str(root.idText)), MergeResolutions.policy(lwwTiebreakers: [])])
            return scenario(
                "merge-empty-tiebreakers",
                "lwwTiebreakers [] compares parents by id alone: B's head (lamport 2, larger id) beats A's (lamport 3), which the default tiebreakers would pick",
                [.mergeSemantics], [root, a1, a2, c, merge],
                [
                    ("tasks[0].title", str("From B \(attempt - 1)")), ("tasks[0].storyPoints", num(5)),
                    ("tasks[0].heads", ids([merge])), ("rejected", .array([])),
                ])
        }
    }

    /// Two MERGEs, each with a tampered copy under its id (E_HASH_MISMATCH). The first passes
    /// every node-level rule and is rejected by a log rule with an earlier code: that record
    /// stands for the node, so its code is the node's. The second fails a node-level rule
    /// itself, so no record stands and the latest code in precedence is the node's.
    var rejectedCodeOfStandingRecord: ReconstructionScenario {
        var b = builder("rejected code of standing record")
        let base = mergeBase(&b)
        let a = b.node(.update, parents: [base], [member("title", str("From A"))])
        let c = b.node(.update, parents: [base], [member("title", str("From B"))])
        let unresolvable = b.node(
            .merge, parents: [a, c],
            [member("base", str(base.idText)), MergeResolutions.policy(defaultStrategy: "ours")])
        let unresolvableTampered = unresolvable.setting("data.payload.policy.defaultStrategy", to: str("lww"))
        let badPath = b.node(
            .merge, parents: [a, c],
            [
                member("base", str(base.idText)),
                member(
                    "resolutions",
                    MergeResolutions.object(task: [
                        MergeResolutions.field("colour", "lww")
                    ])),
            ])
        let badPathTampered = badPath.setting(
            "data.payload.resolutions.task", to: .array([MergeResolutions.field("title", "lww")]))
        return scenario(
            "rejected-code-of-standing-record",
            "a rejected id's code is that of the record standing for it when one passed every node-level rule (a MERGE no policy can decide: E_SCHEMA_MISMATCH, though its tampered copy's E_HASH_MISMATCH comes later in precedence); when none passed, the latest code of its records (a MERGE resolving no field, and its tampered copy: E_HASH_MISMATCH)",
            [.mergeSemantics, .staleId], [base, a, c, unresolvableTampered, unresolvable, badPath, badPathTampered],
            [
                (
                    "rejected",
                    rejected([(unresolvable.idText, "E_SCHEMA_MISMATCH"), (badPath.idText, "E_HASH_MISMATCH")])
                ),
                ("tasks[0].heads", ids([a, c])),
            ])
    }

    /// An explicit lww resolution breaks ties with the MERGE's own lwwTiebreakers, like the
    /// default strategy does: by wall alone, the parent written later wins although the
    /// other has the greater lamport (which the default tiebreakers would ask first).
    var mergeLwwResolutionTiebreakers: ReconstructionScenario {
        var b = builder("merge lww resolution tiebreakers")
        let base = mergeBase(&b)
        let a1 = b.node(
            .update, parents: [base], [member("title", str("From A"))], wall: LogBuilder.wall(secondsAfterStart: 10))
        let a2 = b.node(
            .update, parents: [a1], [member("storyPoints", num(5))], wall: LogBuilder.wall(secondsAfterStart: 20))
        let c = b.node(
            .update, parents: [base], [member("title", str("From B"))], wall: LogBuilder.wall(secondsAfterStart: 30))
        let merge = b.node(
            .merge, parents: [a2, c],
            [
                member("base", str(base.idText)),
                MergeResolutions.policy(defaultStrategy: "manual", lwwTiebreakers: ["wall"]),
                member("resolutions", MergeResolutions.object(task: [MergeResolutions.field("title", "lww")])),
            ],
            wall: LogBuilder.wall(secondsAfterStart: 40))
        return scenario(
            "merge-lww-resolution-tiebreakers",
            "an explicit lww resolution uses policy.lwwTiebreakers ([wall]): B's head, written later, beats A's head at the greater lamport, which the default tiebreakers would pick",
            [.mergeSemantics], [base, a1, a2, c, merge],
            [
                ("tasks[0].title", str("From B")), ("tasks[0].storyPoints", num(5)), ("tasks[0].heads", ids([merge])),
                ("rejected", .array([])),
            ])
    }

    /// A parent is compared with the base by value: writing the base's value again is no
    /// change, so the other parent's title is the only change and wins, although lww
    /// would pick the rewriting parent (greater lamport) in a conflict.
    var mergeRewriteIsNoChange: ReconstructionScenario {
        var b = builder("merge rewrite is no change")
        let base = mergeBase(&b)
        let a1 = b.node(.update, parents: [base], [member("title", str("Base"))])
        let a2 = b.node(.update, parents: [a1], [member("storyPoints", num(5))])
        let c = b.node(.update, parents: [base], [member("title", str("From B"))])
        let merge = b.node(.merge, parents: [a2, c], [member("base", str(base.idText))])
        return scenario(
            "merge-rewrite-is-no-change",
            "a parent that writes the base's own title again did not change it (compared by value, not by writer): B's title is the only change and is kept, where a conflict would go to A's head by lww",
            [.mergeSemantics], [base, a1, a2, c, merge],
            [
                ("tasks[0].title", str("From B")), ("tasks[0].storyPoints", num(5)), ("tasks[0].heads", ids([merge])),
                ("rejected", .array([])),
            ])
    }

    /// max takes the extreme of the values the changing parents hold, not of the base's
    /// or an unchanged parent's: storyPoints 10 at the base, 2 and 4 on two branches, the
    /// third branch untouched.
    var mergeExtremeOfChangedValues: ReconstructionScenario {
        var b = builder("merge extreme of changed values")
        let base = b.create(
            title: "Base", [member("storyPoints", num(10))], wall: LogBuilder.wall(secondsAfterStart: 0))
        let a = b.node(.update, parents: [base], [member("storyPoints", num(2))])
        let c = b.node(.update, parents: [base], [member("storyPoints", num(4))])
        let d = b.node(.update, parents: [base], [member("title", str("From D"))])
        let merge = b.node(
            .merge, parents: [a, c, d],
            [member("base", str(base.idText)), MergeResolutions.policy(defaultStrategy: "max")])
        return scenario(
            "merge-extreme-of-changed-values",
            "max picks among the values of the parents that changed the field (2 and 4 → 4), never the base's or an unchanged parent's 10",
            [.mergeSemantics], [base, a, c, d, merge],
            [
                ("tasks[0].storyPoints", num(4)), ("tasks[0].title", str("From D")), ("tasks[0].heads", ids([merge])),
                ("rejected", .array([])),
            ])
    }
}
