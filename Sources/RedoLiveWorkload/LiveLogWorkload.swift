import RedoCore
import RedoFixtures

/// The account a live log (``LiveLog``) is measured on: the benign generated log of
/// `nodes` records in `tasks` tasks (`redo-conform vectors log --nodes N --tasks T`), and
/// the records the same generator writes after them, held back to be ingested one by one
/// or in sync batches. The held-back records are new nodes on the heads of existing tasks:
/// none waits for a parent.
///
/// Shared by `redo-bench live` and the benchmark package (Benchmarks/), so that both
/// measure the same records.
public struct LiveLogWorkload: Sendable {
    /// The records loaded before any measured ingest, in log order.
    public let initial: [[UInt8]]
    /// The records after ``initial``, in log order.
    public let heldBack: [[UInt8]]

    /// Generates the log of `nodes + heldBack` records, deterministically (one seed).
    public init(nodes: Int, tasks: Int, heldBack: Int) {
        var records: [[UInt8]] = []
        records.reserveCapacity(nodes + heldBack)
        LogGenerator(shape: .benign, nodes: nodes + heldBack, tasks: tasks, seed: Self.seed).generate {
            records.append($0)
        }
        initial = Array(records.prefix(nodes))
        self.heldBack = Array(records.dropFirst(nodes))
    }

    /// A live log holding ``initial``; `verified` supplies signatures already verified (and
    /// learns those this load verifies).
    public func load(verified: (any VerifiedSignatures)? = nil) throws(LiveLogLimitExceeded) -> LiveLog {
        var live = LiveLog()
        _ = try live.ingest(initial, verified: verified)
        return live
    }

    /// The seed of every generated log here.
    static let seed = "bench"
}
