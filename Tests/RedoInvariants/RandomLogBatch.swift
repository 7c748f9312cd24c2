import Foundation
import RedoFixtures

/// Batches of random logs, by consecutive seeds: the invariant checks over many of them
/// (`redo-bench invariants`, the tests) and the logs as files for the peers
/// (`redo-bench random-logs`, Scripts/peer-random.sh).
package enum RandomLogBatch {
    /// Checks every invariant on the logs of seeds `firstSeed` ..< `firstSeed + count`,
    /// stopping at the first broken one; `report` gets one line per invariant with the
    /// number of logs it was checked on.
    package static func checkInvariants(count: Int, firstSeed: UInt64, report: (String) -> Void)
        -> RandomLogInvariants.Failure?
    {
        let scratch = NSTemporaryDirectory() + "redo-conform-invariants-\(getpid())-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var invariants = RandomLogInvariants(scratch: scratch)
        var failure: RandomLogInvariants.Failure?
        for k in 0..<count {
            failure = invariants.check(seed: firstSeed &+ UInt64(k))
            if failure != nil { break }
        }
        report("random-log invariants from seed \(firstSeed): \(invariants.logs) logs")
        for line in invariants.summary { report("  " + line) }
        return failure
    }

    /// Writes the log of each seed as `DIRECTORY/random-SEED.jsonl`.
    package static func write(count: Int, firstSeed: UInt64, into directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for k in 0..<count {
            let seed = firstSeed &+ UInt64(k)
            let log = RandomLog(seed: seed)
            let bytes: [UInt8] = log.records.flatMap { $0 + [0x0A] }
            try Data(bytes).write(to: URL(fileURLWithPath: "\(directory)/random-\(seed).jsonl"))
        }
    }
}
