/// How much a live log (``LiveLog``) takes in: `ingest` throws ``LiveLogLimitExceeded``,
/// and takes in nothing, when a batch would pass one of these.
///
/// The log keeps each record's verdict, each node's columns and each task's state, not the
/// record's bytes: about 500 bytes a node of a typical account (docs/benchmarks.md), so the
/// default million records stay within about half a GB even when every record is a distinct
/// valid node. The byte limit bounds the work of
/// reading what comes in.
public struct LiveLogLimits: Sendable, Equatable {
    /// The most records the log holds, over all batches (duplicates and rejected ones count).
    public var records: Int
    /// The most bytes of records the log takes in, over all batches.
    public var bytes: Int

    /// Limits of `records` records and `bytes` bytes in all.
    public init(records: Int = 1_000_000, bytes: Int = 1 << 30) {
        self.records = records
        self.bytes = bytes
    }
}

/// A batch that would take a live log past one of its limits (``LiveLogLimits``). The log
/// is unchanged.
public struct LiveLogLimitExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which limit.
    public enum Limit: String, Sendable {
        /// ``LiveLogLimits/records``.
        case records
        /// ``LiveLogLimits/bytes``.
        case bytes
    }
    /// The limit the batch passes.
    public let limit: Limit
    /// Its value.
    public let allowed: Int
    /// What the log would hold with the batch.
    public let requested: Int

    /// A one-line explanation.
    public var description: String {
        "the batch takes the live log to \(requested) \(limit.rawValue), past its limit of \(allowed)"
    }
}
