import RedoCore

/// Whose deferred signatures a validation run verifies: every record's, or in a shard
/// run those of the shard's tasks and of the other tasks its verdicts depend on. A
/// signature not verified is taken as good: its record's verdict is another shard's to
/// report.
enum SignatureScope {
    case all
    case shard(Shard, also: Set<UUIDv4>)

    /// Whether a passing record of `task` has its signature verified (a record without
    /// a task is always verified; a deferred signature always has one).
    func verifies(task: UUIDv4?) -> Bool {
        guard case let .shard(shard, also) = self, let task else { return true }
        return also.contains(task) || shard.owns(taskId: task.text)
    }

    /// Whether the record belongs to this run's shard (always, without one).
    func owns(taskId: String?) -> Bool {
        guard case let .shard(shard, _) = self else { return true }
        return shard.owns(taskId: taskId)
    }
}
