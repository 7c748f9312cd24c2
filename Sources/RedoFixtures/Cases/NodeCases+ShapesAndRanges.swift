import RedoCore
import RedoCrypto
import RedoJSON

/// Node vectors for the finer rulings (PROTOCOL.md, "Finer rulings"): the closed
/// envelope objects other than the top level, the type-versus-encoding line, every
/// required key, enum and range of the payloads, and which code wins when one record
/// breaks rules of several codes. Each case breaks one ruling a client could get wrong
/// while every other rule of the node holds.
extension NodeCases {
    /// `task` with its variant nibble (the first digit of the fourth group) set to `c`:
    /// a UUID, but not of the RFC 4122 variant, so not a v4 UUID in REDO's sense.
    private var taskWithVariantC: String {
        var characters = Array(task)
        characters[19] = "c"
        return String(characters)
    }

    var moreEnvelopeCases: [NodeCase] {
        let elevenParents = (1...11).map { k in str(FixtureKeys.nodeId(seed: seed, "merge parent \(k)")) }
        return [
            NodeCase(
                id: "author-optional-fields-valid",
                comment:
                    "author with name, email (any string: the schema's email format is only an annotation) and deviceName",
                flags: [.laxValidation, .nonASCII, .droppedFields],
                bytes: file(
                    author.seal(
                        update.setting("author.name", to: str("Zoë")).setting("author.email", to: str("not an address"))
                            .setting("author.deviceName", to: str("Kitchen tablet")))), expected: .valid),
            NodeCase(
                id: "envelope-timestamp-extra-key", comment: "timestamp is closed: no key 'tz'",
                flags: [.laxValidation],
                bytes: broken(update, "timestamp.tz", str("UTC")), expected: .rejected(.envelopeUnknownKey)),
            NodeCase(
                id: "envelope-data-extra-key", comment: "data is closed: only payload", flags: [.laxValidation],
                bytes: broken(update, "data.meta", .object(JSONObject())), expected: .rejected(.envelopeUnknownKey)),
            NodeCase(
                id: "parents-count-update-two", comment: "UPDATE with two parents (only a MERGE has several)",
                flags: [.logStructure],
                bytes: broken(update, "parents", .array([str(p1), str(p2)])), expected: .rejected(.parentsCount)),
            NodeCase(
                id: "parents-count-merge-eleven", comment: "MERGE with 11 parents (at most 10)",
                flags: [.logStructure, .mergeSemantics],
                bytes: broken(merge.setting("data.payload.resolutions", to: nil), "parents", .array(elevenParents)),
                expected: .rejected(.parentsCount)),
            NodeCase(
                id: "parents-entry-number",
                comment:
                    "a parent that is a number, not a string: a type fault (E_SCHEMA_MISMATCH), not an encoding one",
                flags: [.laxValidation], bytes: broken(update, "parents", .array([num(123)])),
                expected: .rejected(.envelopeType)),
            NodeCase(
                id: "public-key-number",
                comment: "publicKey that is a number: E_SCHEMA_MISMATCH, not E_ENCODING_VIOLATION",
                flags: [.laxValidation],
                bytes: broken(update, "author.publicKey", num(42)), expected: .rejected(.envelopeType)),
            NodeCase(
                id: "task-id-variant-c", comment: "taskId whose variant digit is c (v4 needs 8, 9, a or b)",
                flags: [.uuidForm],
                bytes: broken(update, "taskId", str(taskWithVariantC)), expected: .rejected(.taskIdFormat)),
        ]
    }

    var morePayloadCases: [NodeCase] {
        let upperChain = "sha256:" + String(p1.dropFirst(7)).uppercased()
        return [
            NodeCase(
                id: "update-archive", comment: "UPDATE {\"archive\": true}: reserved since v1.5 next to archived",
                flags: [.reservedName],
                bytes: file(
                    author.node(
                        .update, task: task, parents: [p1], lamport: 2, wall: Self.wall,
                        payload: [member("archive", .bool(true))])), expected: .rejected(.payloadReserved).alone()),
            NodeCase(
                id: "create-todo-extensions", comment: "extensions are allowed on CREATE and UPDATE only",
                flags: [.laxValidation],
                bytes: broken(
                    createTodo, "data.payload.extensions", .object(JSONObject([member("color", str("green"))]))),
                expected: .rejected(.payloadUnknownKey)),
            NodeCase(
                id: "snooze-todo-id-not-uuid",
                comment:
                    "SNOOZE todoTaskId \"todo-1\": a UUID v4 like every todo id (the spec's schema only says non-empty)",
                flags: [.uuidForm], bytes: broken(snoozeDays, "data.payload.todoTaskId", str("todo-1")),
                expected: .rejected(.payloadTodoId)),
            NodeCase(
                id: "snooze-neither", comment: "SNOOZE with neither daysToExtend nor newDeadline",
                flags: [.laxValidation],
                bytes: broken(snoozeDays, "data.payload.daysToExtend", nil), expected: .rejected(.snoozeExactlyOne)),
            NodeCase(
                id: "days-to-extend-too-large", comment: "daysToExtend 3,652,060 (at most 3,652,059)",
                flags: [.laxValidation],
                bytes: broken(snoozeDays, "data.payload.daysToExtend", num(3_652_060)),
                expected: .rejected(.payloadRange)),
            NodeCase(
                id: "complete-todo-without-completed", comment: "COMPLETE_TODO requires completed",
                flags: [.laxValidation],
                bytes: broken(completeTodo, "data.payload.completed", nil), expected: .rejected(.payloadRequired)),
            NodeCase(
                id: "create-todo-without-deadline", comment: "CREATE_TODO requires deadline", flags: [.laxValidation],
                bytes: broken(createTodo, "data.payload.deadline", nil), expected: .rejected(.payloadRequired)),
            NodeCase(
                id: "story-points-negative", comment: "storyPoints -1 (at least 0)", flags: [.laxValidation],
                bytes: broken(create, "data.payload.storyPoints", num(-1)), expected: .rejected(.payloadRange)),
            NodeCase(
                id: "story-points-unsafe", comment: "storyPoints 2^53: beyond the safe integers",
                flags: [.numberFormat],
                bytes: broken(create, "data.payload.storyPoints", num(9_007_199_254_740_992)),
                expected: .rejected(.payloadRange)),
            NodeCase(
                id: "frequency-days-zero", comment: "frequencyDays 0 (at least 1)", flags: [.laxValidation],
                bytes: broken(create, "data.payload.frequencyDays", num(0)), expected: .rejected(.payloadRange)),
            NodeCase(
                id: "privacy-string", comment: "privacy \"no\" is not a boolean", flags: [.laxValidation],
                bytes: broken(create, "data.payload.privacy", str("no")), expected: .rejected(.payloadType)),
            NodeCase(
                id: "delete-chain-not-array", comment: "deletedChain that is a string: E_SCHEMA_MISMATCH",
                flags: [.deletion],
                bytes: broken(delete, "data.payload.deletedChain", str(p1)), expected: .rejected(.payloadType)),
            NodeCase(
                id: "delete-chain-number-entry", comment: "a deletedChain entry that is a number: E_SCHEMA_MISMATCH",
                flags: [.deletion],
                bytes: broken(delete, "data.payload.deletedChain", .array([str(p1), num(1)])),
                expected: .rejected(.payloadType)),
            NodeCase(
                id: "delete-chain-uppercase-entry",
                comment: "a deletedChain entry in uppercase hex: E_ENCODING_VIOLATION",
                flags: [.deletion, .uppercaseHex],
                bytes: broken(delete, "data.payload.deletedChain", .array([str(upperChain), str(p2)])),
                expected: .rejected(.payloadNodeId)),
            NodeCase(
                id: "merge-without-base", comment: "MERGE requires base", flags: [.mergeSemantics],
                bytes: broken(merge, "data.payload.base", nil), expected: .rejected(.payloadRequired)),
            NodeCase(
                id: "merge-tiebreaker-unknown", comment: "lwwTiebreakers [\"newest\"]", flags: [.mergeSemantics],
                bytes: broken(merge, "data.payload.policy.lwwTiebreakers", .array([str("newest")])),
                expected: .rejected(.payloadEnum)),
            NodeCase(
                id: "merge-array-strategy-max", comment: "arrayStrategy is union or lww", flags: [.mergeSemantics],
                bytes: broken(merge, "data.payload.policy.arrayStrategy", str("max")), expected: .rejected(.payloadEnum)
            ),
            NodeCase(
                id: "merge-manual-without-value", comment: "manual without value", flags: [.mergeSemantics],
                bytes: broken(
                    merge, "data.payload.resolutions",
                    MergeResolutions.object(task: [MergeResolutions.field("title", "manual")])),
                expected: .rejected(.resolutionValue)),
            NodeCase(
                id: "merge-chosen-parent-not-parent",
                comment: "ours naming a node that is not one of the MERGE's parents", flags: [.mergeSemantics],
                bytes: broken(
                    merge, "data.payload.resolutions",
                    MergeResolutions.object(task: [
                        MergeResolutions.field("title", "ours", [member("chosenParent", str(p3))])
                    ])),
                expected: .rejected(.resolutionChosenParent)),
            NodeCase(
                id: "merge-todo-path-task-field", comment: "a todo resolution for the task field title",
                flags: [.mergeSemantics],
                bytes: broken(
                    merge, "data.payload.resolutions",
                    MergeResolutions.object(todos: [(todo, [MergeResolutions.field("title", "lww")])])),
                expected: .rejected(.resolutionPath)),
        ]
    }

    /// One record, faults of two codes: the primary code follows the precedence.
    var precedenceCases: [NodeCase] {
        [
            NodeCase(
                id: "precedence-schema-over-encoding",
                comment: "priority 6 and an uppercase taskId: E_SCHEMA_MISMATCH is primary", flags: [.multipleFindings],
                bytes: broken(update.setting("taskId", to: str(task.uppercased())), "data.payload.priority", num(6)),
                expected: .rejected(.payloadRange)),
            NodeCase(
                id: "precedence-forbidden-over-chain",
                comment:
                    "DELETE {\"archived\": true}: a reserved name (E_FORBIDDEN_FIELD) before the missing deletedChain",
                flags: [.multipleFindings, .reservedName],
                bytes: broken(delete, "data.payload", .object(JSONObject([member("archived", .bool(true))]))),
                expected: .rejected(.payloadReserved)),
            NodeCase(
                id: "precedence-chain-over-hash",
                comment: "DELETE {} whose id is stale: E_MISSING_DELETED_CHAIN before E_HASH_MISMATCH",
                flags: [.multipleFindings, .staleId],
                bytes: file(
                    author.seal(delete.setting("data.payload", to: .object(JSONObject()))).setting(
                        "timestamp.lamport", to: num(4))),
                expected: .rejected(.deletedChainMissing)),
        ]
    }
}
