import RedoCore
import RedoLiveWorkload

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The measured account: `vectors log --nodes 60000 --tasks 10000`, and the generator's
/// records after it for the ingests (enough for every iteration of the 100-node batches).
enum Account {
    static let nodes = 60_000
    static let tasks = 10_000
    static let heldBack = 100 * 105

    /// The most records of cascades the account's log holds at once: a cascade benchmark
    /// loads the account again before an iteration that would pass it, so that the log it
    /// measures stays the account and a cascade or a few, not a log grown by every
    /// iteration.
    static let cascadeRoom = 10_000

    /// Where the run's processes share the account's file and its verified signatures
    /// (`REDO_WORKLOAD_DIR`, which Scripts/benchmarks.sh sets to a directory of its own);
    /// unset, each process generates and verifies the account itself.
    static var directory: String? { getenv("REDO_WORKLOAD_DIR").map { String(cString: $0) } }

    static func workload() throws -> LiveLogWorkload {
        try LiveLogWorkload(nodes: nodes, tasks: tasks, heldBack: heldBack, directory: directory)
    }

    /// The account loaded, with its signatures supplied as verified (verified once per run),
    /// and room reserved for every record an ingest or cascade benchmark adds to it, as an app
    /// reserves room after its load (``LiveLog/reserveCapacity(records:)``): no measured
    /// ingest copies the log to grow it. `redo-bench live` times the batch that does.
    static func loaded() throws -> LoadedAccount {
        let workload = try workload()
        let account = try LoadedAccount(workload, verified: workload.verifiedSignatures())
        account.reserveCapacity(records: nodes + heldBack + cascadeRoom)
        return account
    }
}

/// A load benchmark's state: the account's file and, for the warm load, its signatures.
final class AccountRecords {
    let workload: LiveLogWorkload
    let verified: MemoryVerifiedSignatures?

    init(verified: Bool) throws {
        workload = try Account.workload()
        self.verified = verified ? try workload.verifiedSignatures() : nil
    }
}

/// A cascade benchmark's state: the loaded account and the cascades its iterations take in
/// turn, as many as ``Account/cascadeRoom`` holds at once. After the account is loaded again,
/// the same cascades come round again, their signatures already in the store. Each cascade
/// waits in a file of its own, read a batch at a time as it is held, so that its JSON is not
/// held beside the log; the file is unlinked once open, so nothing is left behind.
final class CascadeRound {
    let account: LoadedAccount
    private let cascades: [RecordReader]

    init(nodes: Int, make: (Int) -> CascadeWorkload) throws {
        let directory = Account.directory ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        // Generated first: what the generator holds meanwhile is let go of before the log grows.
        cascades = try (0..<max(1, Account.cascadeRoom / nodes)).map { number in
            let path = "\(directory)/cascade-\(nodes)-\(number)-\(getpid()).jsonl"
            let reader = try make(number).write(to: path).reader()
            unlink(path)
            return reader
        }
        account = try Account.loaded()
    }

    /// The next iteration's cascade, held in the log (loading the account again first when
    /// the log has no room left for it); returns its trigger.
    func holdNext() throws -> [UInt8] {
        if account.cascadesHeld == cascades.count { try account.reload() }
        let reader = cascades[account.cascadesHeld]
        try reader.rewind()
        return try account.hold(reader)
    }
}
