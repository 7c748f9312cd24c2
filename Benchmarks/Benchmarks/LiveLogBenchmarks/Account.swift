import RedoCore
import RedoLiveWorkload

/// The measured account's size: `vectors log --nodes 60000 --tasks 10000`.
enum AccountSize {
    static let nodes = 60_000
    static let tasks = 10_000
}

/// The account's records, and (when asked) a store holding every signature of its initial
/// records, filled by one cold load.
final class AccountRecords {
    let workload: LiveLogWorkload
    let verified = MemoryVerifiedSignatures()

    init(heldBack: Int = 0, verifiedOnce: Bool) throws {
        workload = LiveLogWorkload(nodes: AccountSize.nodes, tasks: AccountSize.tasks, heldBack: heldBack)
        if verifiedOnce { _ = try workload.load(verified: verified) }
    }
}

/// The account loaded into a live log, and the held-back records the ingests take in order.
final class LoadedAccount {
    private let records: AccountRecords
    private var live: LiveLog
    private var next = 0

    init(heldBack: Int) throws {
        records = try AccountRecords(heldBack: heldBack, verifiedOnce: false)
        live = try records.workload.load()
    }

    /// The next `count` held-back records; every iteration ingests new nodes.
    func nextHeldBack(_ count: Int) -> [[UInt8]] {
        precondition(next + count <= records.workload.heldBack.count, "more iterations than held-back records")
        defer { next += count }
        return Array(records.workload.heldBack[next..<(next + count)])
    }

    /// Ingests `batch`, verifying its signatures (none is supplied as verified).
    func ingest(_ batch: [[UInt8]]) throws -> LiveLogUpdate {
        try live.ingest(batch)
    }
}
