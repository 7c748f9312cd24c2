import RedoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The measured account (``LiveLogWorkload``) loaded into one live log, on which every
/// measured ingest runs: the held-back records in order, and the cascades, whose records go
/// into the same log as the account's so that a cascade is timed on a loaded account, not on
/// a log of its own. The account's records are read from its file a batch at a time, as an
/// app reads its store, and let go of as they go in; the held-back ones are read as they
/// are asked for. So the peak memory measured beside it is the live log's.
///
/// The one setup of `redo-bench live` and of the benchmark package (Benchmarks/).
@available(macOS 15.0, *)
public final class LoadedAccount {
    /// The live log holding the account and every record ingested since.
    public private(set) var live: LiveLog
    /// The store of verified signatures the account loaded with; cascades' records use it
    /// too.
    public let verified: MemoryVerifiedSignatures
    /// The cascades ``hold(_:)`` has taken since the account was last loaded.
    public private(set) var cascadesHeld = 0
    /// Their records: what the log holds beyond the account and the held-back records.
    public private(set) var cascadeNodesHeld = 0
    private let workload: LiveLogWorkload
    /// The room ``reserveCapacity(records:)`` last reserved, reserved again by ``reload()``.
    private var reserved = 0
    /// At the next held-back record.
    private var reader: RecordReader
    private var heldBackTaken = 0

    /// Loads `workload`'s account with `verified` (which supplies signatures already
    /// verified and learns those this load verifies).
    public init(_ workload: LiveLogWorkload, verified: MemoryVerifiedSignatures = MemoryVerifiedSignatures()) throws {
        self.workload = workload
        self.verified = verified
        reader = try workload.file.reader()
        live = LiveLog()
        try LiveLogWorkload.load(into: &live, from: reader, records: workload.nodes, verified: verified)
    }

    /// Loads the account again into a new live log, letting go of the old one first (and of
    /// every record ingested into it since): for a benchmark whose iterations would
    /// otherwise grow the log without bound. The held-back records start over, and the room
    /// last reserved is reserved again.
    public func reload() throws {
        live = LiveLog()
        cascadesHeld = 0
        cascadeNodesHeld = 0
        heldBackTaken = 0
        reader = try workload.file.reader()
        try LiveLogWorkload.load(into: &live, from: reader, records: workload.nodes, verified: verified)
        live.reserveCapacity(records: reserved)
    }

    /// Makes room in the log for `records` records in all (``LiveLog/reserveCapacity(records:)``),
    /// and again after each ``reload()``.
    public func reserveCapacity(records: Int) {
        reserved = records
        live.reserveCapacity(records: records)
    }

    /// The next `count` held-back records; each call takes new ones.
    public func nextHeldBack(_ count: Int) throws -> [[UInt8]] {
        precondition(heldBackTaken + count <= workload.heldBack, "more records asked for than held back")
        heldBackTaken += count
        return try reader.next(count)
    }

    /// Ingests `records`, verifying their signatures (none is supplied as verified).
    public func ingest(_ records: [[UInt8]]) throws(LiveLogLimitExceeded) -> LiveLogUpdate {
        try live.ingest(records)
    }

    /// Ingests `cascade`'s held records (not its trigger), with the store.
    public func hold(_ cascade: CascadeWorkload) throws(LiveLogLimitExceeded) {
        _ = try live.ingest(cascade.held, verified: verified)
        cascadesHeld += 1
        cascadeNodesHeld += cascade.held.count
    }

    /// Ingests the held records of a cascade that ``CascadeWorkload/write(to:)`` wrote, read
    /// from `reader`'s place to the file's end ``LiveLogWorkload/loadBatch`` at a time, with
    /// the store, so that its JSON is never held whole; returns the last record, its
    /// trigger, not ingested.
    public func hold(_ reader: RecordReader) throws -> [UInt8] {
        var batch = try reader.next(LiveLogWorkload.loadBatch)
        var held = 0
        while true {
            let following = try reader.next(LiveLogWorkload.loadBatch)
            if following.isEmpty { break }
            _ = try live.ingest(batch, verified: verified)
            held += batch.count
            batch = following
        }
        guard let trigger = batch.popLast() else {
            throw RecordFileError(path: reader.path, operation: "find a trigger", reason: "no record left to read")
        }
        _ = try live.ingest(batch, verified: verified)
        cascadesHeld += 1
        cascadeNodesHeld += held + batch.count
        return trigger
    }

    /// Ingests `cascade`'s trigger, with the store: the cascade itself.
    public func trigger(_ cascade: CascadeWorkload) throws(LiveLogLimitExceeded) -> LiveLogUpdate {
        try trigger(cascade.trigger)
    }

    /// Ingests a cascade's trigger (as `hold(_:)` returned it), with the
    /// store: the cascade itself.
    public func trigger(_ record: [UInt8]) throws(LiveLogLimitExceeded) -> LiveLogUpdate {
        try live.ingest([record], verified: verified)
    }
}
