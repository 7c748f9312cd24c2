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

extension LoadedAccount {
    /// The account loaded (cold), with `heldBack` records after it for the ingests.
    convenience init(heldBack: Int) throws {
        try self.init(LiveLogWorkload(nodes: AccountSize.nodes, tasks: AccountSize.tasks, heldBack: heldBack))
    }
}
