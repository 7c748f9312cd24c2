/// What one batch did to a live log (``LiveLog/ingest(_:verified:)``): the verdicts of its
/// records, the earlier records whose verdict it changed, and the tasks whose state it
/// changed, each with its new state.
public struct LiveLogUpdate: Sendable {
    /// The index in the whole log (``LiveLog/verdicts``) of the batch's first record.
    public let firstRecord: Int
    /// The verdict on each record of the batch, in batch order.
    public let verdicts: [RecordVerdict]
    /// Records of earlier batches whose verdict this batch changed (a node that waited for
    /// its parent, and its descendants), by record index.
    public let changedVerdicts: [ChangedVerdict]
    /// The tasks whose state the batch changed, sorted by task id.
    public let changedTasks: [ChangedTask]
}

/// An earlier record's new verdict.
public struct ChangedVerdict: Sendable {
    /// The record's index in the whole log.
    public let record: Int
    /// Its verdict now.
    public let verdict: RecordVerdict
}

/// A task whose state a batch changed.
public struct ChangedTask: Sendable {
    /// The task's id.
    public let taskId: UUIDv4
    /// Its state now; nil when it is deleted or has no valid node any more.
    public let task: ReconstructedTask?
    /// Whether every valid node of the task is deleted (it is then listed among
    /// ``Reconstruction/deleted``).
    public let isDeleted: Bool
}
