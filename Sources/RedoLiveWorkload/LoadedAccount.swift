import RedoCore

/// The measured account (``LiveLogWorkload``) loaded into one live log, on which every
/// measured ingest runs: the held-back records in order, and the cascades, whose records go
/// into the same log as the account's so that a cascade is timed on a loaded account, not on
/// a log of its own. The account's records are let go of once loaded, as an app lets go of
/// what it read from its store; the peak memory measured after the load is the live log's.
///
/// The one setup of `redo-bench live` and of the benchmark package (Benchmarks/).
@available(macOS 15.0, *)
public final class LoadedAccount {
    /// The live log holding the account and every record ingested since.
    public private(set) var live: LiveLog
    /// The store of verified signatures the load filled; cascades' records use it too.
    public let verified: MemoryVerifiedSignatures
    /// How many cascades ``hold(_:)`` has taken: a new cascade needs its own seed (the
    /// records of an earlier one are already in the log).
    public private(set) var cascadesHeld = 0
    private let heldBack: [[UInt8]]
    private var next = 0

    /// Loads `workload`'s initial records (`verified` supplies signatures already verified
    /// and learns those this load verifies), keeping only its held-back records.
    public init(_ workload: consuming LiveLogWorkload, verified: MemoryVerifiedSignatures = MemoryVerifiedSignatures())
        throws(LiveLogLimitExceeded)
    {
        live = try workload.load(verified: verified)
        heldBack = workload.heldBack
        self.verified = verified
    }

    /// The next `count` held-back records; each call takes new ones.
    public func nextHeldBack(_ count: Int) -> [[UInt8]] {
        precondition(next + count <= heldBack.count, "more records asked for than held back")
        defer { next += count }
        return Array(heldBack[next..<(next + count)])
    }

    /// Ingests `records`, verifying their signatures (none is supplied as verified).
    public func ingest(_ records: [[UInt8]]) throws(LiveLogLimitExceeded) -> LiveLogUpdate {
        try live.ingest(records)
    }

    /// Ingests `cascade`'s held records (not its trigger), with the store.
    public func hold(_ cascade: CascadeWorkload) throws(LiveLogLimitExceeded) {
        _ = try live.ingest(cascade.held, verified: verified)
        cascadesHeld += 1
    }

    /// Ingests `cascade`'s trigger, with the store: the cascade itself.
    public func trigger(_ cascade: CascadeWorkload) throws(LiveLogLimitExceeded) -> LiveLogUpdate {
        try live.ingest([cascade.trigger], verified: verified)
    }
}
