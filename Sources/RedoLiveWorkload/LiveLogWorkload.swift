import RedoCore
import RedoFixtures

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The account a live log (``LiveLog``) is measured on: the benign generated log of
/// `nodes` records in `tasks` tasks (`redo-conform vectors log --nodes N --tasks T`), and
/// the records the same generator writes after them, held back to be ingested one by one
/// or in sync batches. The held-back records are new nodes on the heads of existing tasks:
/// none waits for a parent.
///
/// The records are kept where an app keeps them, in a file (``file``, JSON Lines), and read
/// back a batch at a time: a measurement holds the live log, not the account's JSON beside
/// it. Shared by `redo-bench live` and the benchmark package (Benchmarks/), so that both
/// measure the same records.
public final class LiveLogWorkload: Sendable {
    /// The account's records, then the held-back ones, in log order.
    public let file: RecordFile
    /// How many records the account has before the held-back ones.
    public let nodes: Int
    /// How many records follow them.
    public let heldBack: Int
    /// Where a store of the account's verified signatures is kept between processes, when
    /// the file is shared (``init(nodes:tasks:heldBack:directory:)``).
    private let verifiedPath: String?
    private let removesFiles: Bool

    /// How many records a load reads and ingests at once.
    public static let loadBatch = 1_000

    /// The log of `nodes + heldBack` records, generated deterministically (one seed) into
    /// a file. With a `directory`, the file is named by the sizes and kept there, and a
    /// workload of the same sizes in the same directory (another benchmark process of the
    /// same run) reads it instead of generating it again; the directory's owner removes it.
    /// Without one, the file is the workload's own, in the temporary directory, removed
    /// with it.
    public init(nodes: Int, tasks: Int, heldBack: Int, directory: String? = nil) throws(RecordFileError) {
        self.nodes = nodes
        self.heldBack = heldBack
        let name = "redo-live-account-\(Self.seed)-\(nodes)-\(tasks)-\(heldBack)"
        let path: String
        if let directory {
            path = "\(directory)/\(name).jsonl"
            verifiedPath = "\(directory)/\(name).verified"
        } else {
            let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
            path = "\(temporary)/\(name)-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).jsonl"
            verifiedPath = nil
        }
        removesFiles = directory == nil
        let file = RecordFile(path: path)
        if file.exists {
            self.file = file
        } else {
            self.file = try RecordFile.write(to: path) { emit in
                LogGenerator(shape: .benign, nodes: nodes + heldBack, tasks: tasks, seed: Self.seed).generate(emit)
            }
        }
    }

    deinit {
        if removesFiles { unlink(file.path) }
    }

    /// A live log holding the account's records, read ``loadBatch`` at a time and ingested
    /// as read; `verified` supplies signatures already verified (and learns those this load
    /// verifies).
    public func load(verified: (any VerifiedSignatures)? = nil) throws -> LiveLog {
        let reader = try file.reader()
        var live = LiveLog()
        try Self.load(into: &live, from: reader, records: nodes, verified: verified)
        return live
    }

    /// Ingests the next `records` records of `reader` into `live`, a batch at a time.
    static func load(
        into live: inout LiveLog, from reader: RecordReader, records: Int, verified: (any VerifiedSignatures)?
    ) throws {
        var left = records
        while left > 0 {
            let batch = try reader.next(min(loadBatch, left))
            guard !batch.isEmpty else { break }
            _ = try live.ingest(batch, verified: verified)
            left -= batch.count
        }
    }

    /// The held-back records, all of them (for small workloads: the benchmarks read them a
    /// batch at a time through ``LoadedAccount``).
    public func heldBackRecords() throws -> [[UInt8]] {
        let reader = try file.reader()
        _ = try reader.next(nodes)
        return try reader.next(heldBack)
    }

    /// A store holding every signature of the account's records, verified: read from the
    /// directory when a process of the same run already wrote it there, or else filled by
    /// one load that verifies every signature (and written there, when the file is shared).
    public func verifiedSignatures() throws -> MemoryVerifiedSignatures {
        if let verifiedPath, RecordFile(path: verifiedPath).exists {
            let store = try MemoryVerifiedSignatures(contentsOf: verifiedPath)
            if store.count == nodes { return store }
        }
        let store = MemoryVerifiedSignatures()
        _ = try load(verified: store)
        if let verifiedPath { try store.write(to: verifiedPath) }
        return store
    }

    /// The seed of every generated log here.
    static let seed = "bench"
}
