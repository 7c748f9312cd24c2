import RedoCore
import RedoCrypto
import RedoJSON

/// Node vectors for points an independent reimplementation had to guess: which fields
/// max/min fit, which MERGE keys are reserved-name checked, what a malformed or
/// superfluous chosenParent, value or tiebreaker does, and which texts are real instants.
extension NodeCases {
    /// `merge` with its resolutions replaced.
    private func mergeWith(resolutions: JSONValue) -> [UInt8] { broken(merge, "data.payload.resolutions", resolutions) }

    var mergeAndTimeCases: [NodeCase] {
        let upperParent = "sha256:" + String(p1.dropFirst(7)).uppercased()
        return [
            // max/min fit priority, storyPoints and frequencyDays only
            NodeCase(
                id: "merge-min-numeric-valid",
                comment:
                    "min on storyPoints and max on frequencyDays: the numeric fields (with priority) take max and min",
                flags: [.mergeSemantics],
                bytes: mergeWith(
                    resolutions: MergeResolutions.object(task: [
                        MergeResolutions.field("storyPoints", "min"), MergeResolutions.field("frequencyDays", "max"),
                    ])), expected: .valid),
            NodeCase(
                id: "merge-max-on-deadline",
                comment: "max on a todo's deadline: times are not numeric fields (merge.resolution.strategy)",
                flags: [.mergeSemantics],
                bytes: mergeWith(
                    resolutions: MergeResolutions.object(todos: [(todo, [MergeResolutions.field("deadline", "max")])])),
                expected: .rejected(.resolutionStrategy)),
            NodeCase(
                id: "merge-max-on-privacy",
                comment: "max on privacy: a boolean is not a numeric field (merge.resolution.strategy)",
                flags: [.mergeSemantics],
                bytes: mergeWith(
                    resolutions: MergeResolutions.object(task: [MergeResolutions.field("privacy", "max")])),
                expected: .rejected(.resolutionStrategy)),
            // values, chosenParent and tiebreakers
            NodeCase(
                id: "merge-manual-completed-null-valid",
                comment: "manual value null for a todo's completed (not completed) is legal", flags: [.mergeSemantics],
                bytes: mergeWith(
                    resolutions: MergeResolutions.object(todos: [
                        (todo, [MergeResolutions.field("completed", "manual", [member("value", .null)])])
                    ])), expected: .valid),
            NodeCase(
                id: "merge-value-on-lww-valid",
                comment: "a value on a strategy other than manual is allowed (and unused)", flags: [.mergeSemantics],
                bytes: mergeWith(
                    resolutions: MergeResolutions.object(task: [
                        MergeResolutions.field("title", "lww", [member("value", num(42))])
                    ])), expected: .valid),
            NodeCase(
                id: "merge-chosen-parent-on-lww-valid",
                comment:
                    "a chosenParent on lww that names no parent of the MERGE is allowed (only ours and theirs need one of the parents)",
                flags: [.mergeSemantics],
                bytes: mergeWith(
                    resolutions: MergeResolutions.object(task: [
                        MergeResolutions.field("title", "lww", [member("chosenParent", str(p3))])
                    ])), expected: .valid),
            NodeCase(
                id: "merge-chosen-parent-malformed",
                comment:
                    "ours with a chosenParent in uppercase hex: E_ENCODING_VIOLATION (payload.nodeId.format) only, no merge.resolution.chosenParent finding",
                flags: [.mergeSemantics, .uppercaseHex],
                bytes: mergeWith(
                    resolutions: MergeResolutions.object(task: [
                        MergeResolutions.field("title", "ours", [member("chosenParent", str(upperParent))])
                    ])), expected: .rejected(.payloadNodeId).alone()),
            NodeCase(
                id: "merge-tiebreakers-repeated-valid", comment: "lwwTiebreakers may repeat an entry",
                flags: [.mergeSemantics],
                bytes: broken(
                    merge, "data.payload.policy.lwwTiebreakers", .array([str("wall"), str("wall"), str("lamport")])),
                expected: .valid),
            NodeCase(
                id: "merge-todo-resolution-task-id-valid",
                comment: "the todoTaskId of a todos resolution entry is not checked against the node's taskId",
                flags: [.mergeSemantics],
                bytes: mergeWith(
                    resolutions: MergeResolutions.object(todos: [(task, [MergeResolutions.field("notes", "lww")])])),
                expected: .valid),
            // reserved names apply to payload keys and keys inside extensions only
            NodeCase(
                id: "merge-policy-reserved-key",
                comment:
                    "a reserved name (id) as a key of policy is an unknown key (E_SCHEMA_MISMATCH), not E_FORBIDDEN_FIELD",
                flags: [.mergeSemantics, .reservedName],
                bytes: broken(merge, "data.payload.policy.id", str("x")),
                expected: .rejected(.payloadUnknownKey).alone()),
            NodeCase(
                id: "merge-resolution-reserved-key",
                comment:
                    "a reserved name (archived) as a key of a field resolution is an unknown key (E_SCHEMA_MISMATCH), not E_FORBIDDEN_FIELD",
                flags: [.mergeSemantics, .reservedName],
                bytes: mergeWith(
                    resolutions: MergeResolutions.object(task: [
                        MergeResolutions.field("title", "lww", [member("archived", .bool(true))])
                    ])), expected: .rejected(.payloadUnknownKey).alone()),
            // times
            NodeCase(
                id: "wall-year-zero-leap-day-valid",
                comment: "year 0000 is a leap year (proleptic Gregorian): 0000-02-29T00:00:00.000Z is a real instant",
                flags: [.timeFormat],
                bytes: broken(update, "timestamp.wall", str("0000-02-29T00:00:00.000Z")), expected: .valid),
            NodeCase(
                id: "wall-leap-second", comment: "second 60 (a leap second) is no instant", flags: [.timeFormat],
                bytes: broken(update, "timestamp.wall", str("2016-12-31T23:59:60.000Z")),
                expected: .rejected(.wallInstant)),
            NodeCase(
                id: "wall-hour-24", comment: "hour 24 is no instant (not the next day's midnight)",
                flags: [.timeFormat],
                bytes: broken(update, "timestamp.wall", str("2025-10-26T24:00:00.000Z")),
                expected: .rejected(.wallInstant)),
            // task fields
            NodeCase(
                id: "description-null", comment: "description null: a string or absent, never null (E_SCHEMA_MISMATCH)",
                flags: [.laxValidation],
                bytes: broken(update, "data.payload.description", .null), expected: .rejected(.payloadType)),
        ]
    }
}
