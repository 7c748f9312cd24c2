/// The words every format of `explain` shares for a node's author, device and the task's
/// end, so the text and html say the same thing. Text from the export comes back raw:
/// each writer escapes it for its format.
enum ExplainWords {
    /// How many hex digits of a userId are shown (enough to tell authors apart).
    static let userIdPrefix = 8

    /// `device-a ("Anna's phone")`, or `(no deviceId)`.
    static func device(_ details: RecordDetails) -> String { details.device }

    /// `Anna (userId 1a2b3c4d…)`, or the userId prefix alone.
    static func author(_ details: RecordDetails) -> String {
        let user = details.userId.map { "userId \(String($0.prefix(userIdPrefix)))…" } ?? "no userId"
        return details.authorName.map { "\($0) (\(user))" } ?? user
    }

    /// `field: old → new`, `field: → new` when nothing was set before.
    static func change(_ change: TaskExplanation.Change) -> String {
        "\(change.field): \(change.old.map { "\($0) " } ?? "")→ \(change.new)"
    }

    /// How the task ends, in one sentence per DELETE for a deleted task.
    static func ending(_ explanation: TaskExplanation) -> [String] {
        func deletion(_ k: Int) -> String {
            let entry = explanation.entries[k]
            return "deleted by node \(entry.id) from device \(device(entry.details)) at wall \(entry.wall ?? "?")"
                + " (\(author(entry.details)))"
        }
        switch explanation.ending {
        case .neverExisted:
            return explanation.entries.contains { $0.action == "CREATE" }
                ? ["never existed: every CREATE was rejected"] : ["never existed: no record of it stands"]
        case .alive:
            return ["alive"]
        case let .deleted(deletes):
            return deletes.map(deletion)
        case let .deletedOnOneBranch(deletes):
            return deletes.map { deletion($0) + " on one branch" } + ["alive on another branch"]
        }
    }
}
