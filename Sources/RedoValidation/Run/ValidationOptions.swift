import Dispatch
import Foundation
import RedoCore
import RedoCrypto
import RedoJSON

package struct ValidationOptions: Sendable {
    package var profile: ValidationProfile = .synced
    /// Threads for node-level checks (signature verification dominates and scales).
    package var jobs: Int = ParallelMap.availableCores
    /// One record (a JSON Lines line) at most this large; larger ones are a finding.
    package var maxRecordBytes: Int = ProtocolLimits.recordBytes
    /// One JSON document (a whole .json file) at most this large; larger files are refused.
    package var maxDocumentBytes: Int = 1 << 30
    /// Records checked per parallel batch: bounds memory on streamed input (three batches
    /// are in flight: one read, one checked, one grouped). 4,096 costs no time against
    /// 8,192 on the 1M benchmark log and holds 10 MB less.
    package var batchSize: Int = 4096
    /// Records per run at most; the rest of the input is not read, and the run says so.
    /// By default as many as fit in this machine's memory (`RecordBudget`).
    package var maxRecords: Int = RecordBudget.defaultMaxRecords
    /// Signatures verified behind the other checks at most (each holds a canonical body,
    /// its signature and key: about 0.8 KB in all). While records are read, any backlog
    /// keeps the verifier threads busy; when the input ends, what is left lets the other
    /// core verify while the log rules run on one. On the 1M benchmark log the log rules
    /// take about 1.6 s and 16k signatures about 0.9 s of one core: alternating runs took
    /// 32.5 s with 16k and 32.8 s with 128k, and 16k holds 125 MB less at the peak.
    package var maxSignatureBacklog: Int = 16 * 1024
    /// With a shard, only its tasks' signatures are verified (and those of the tasks its
    /// verdicts depend on: see `ShardDependencies`); every other check runs on every record.
    package var shard: Shard?
    /// Signatures accepted before (`--cache DIR`): those found there are not verified again.
    package var cache: SignatureCache?
    /// Where a whole document keeps its nodes (`--nodes-at`), for wrapped exports; nil: the
    /// document itself is the export. JSON Lines are read line by line either way.
    package var nodesAt: NodesPointer?

    package init() {}

    /// What `--jobs` accepts. Each job is a thread with its own batch of records in
    /// flight: 100,000 jobs took over 30 s and 345 MB before checking anything, and no
    /// machine this runs on gains from more threads than 1024.
    package static let jobsRange = 1...1024
    /// Fewer bytes than any node's record takes (its id, signature and key alone are 256
    /// hex digits), so that the input's size over it bounds the records to make room for.
    /// Room reserved and never used is address space, not memory: pages are touched only as
    /// records fill them.
    static let fewestBytesPerRecord = 256

    /// The usage error for a `--jobs` or `--max-records` value (nil: not given, or fine).
    package static func usageProblem(jobs: Int?, maxRecords: Int? = nil) -> String? {
        if let jobs, !jobsRange.contains(jobs) {
            return "--jobs must be \(jobsRange.lowerBound)…\(jobsRange.upperBound), got \(jobs)"
        }
        if let maxRecords, maxRecords < 1 {
            return "--max-records must be at least 1, got \(maxRecords)"
        }
        return nil
    }
}
