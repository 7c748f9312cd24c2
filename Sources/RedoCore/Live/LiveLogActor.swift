/// A live log (``LiveLog``) shared by an app's tasks: batches are taken in one at a time,
/// and any number of readers take snapshots meanwhile.
///
/// A snapshot is a copy of the log as it stood between two batches, never half of one;
/// later batches leave it as it is, so a view can keep reading it for as long as it likes.
public actor LiveLogActor {
    private var log: LiveLog
    /// The signatures already verified (see ``VerifiedSignatures``), if the app keeps them.
    public let verified: (any VerifiedSignatures)?

    /// A shared log that starts as `log`; `verified` is passed to every `ingest`.
    public init(_ log: LiveLog = LiveLog(), verified: (any VerifiedSignatures)? = nil) {
        self.log = log
        self.verified = verified
    }

    /// Takes in a batch (``LiveLog/ingest(_:verified:)``).
    public func ingest(_ records: [[UInt8]]) throws(LiveLogLimitExceeded) -> LiveLogUpdate {
        try log.ingest(records, verified: verified)
    }

    /// Makes room for `records` records in all (``LiveLog/reserveCapacity(records:)``).
    public func reserveCapacity(records: Int) {
        log.reserveCapacity(records: records)
    }

    /// The log as it stands now.
    public var snapshot: LiveLog { log }
}
