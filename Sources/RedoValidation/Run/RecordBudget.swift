import Foundation

/// How many records a run holds by default: as many as this machine's memory holds.
///
/// A run keeps a compact record of every node until its report is written; `reconstruct`,
/// the costliest of the commands that read one log, peaks at about 660 bytes a record on
/// the 10M-node benchmark log, base included (`Scripts/bench/growth-bench.sh`).
/// The default counts 768 bytes a record, so what it admits fits, and a log too large to
/// fit is refused with a message rather than ending in the kernel's out-of-memory killer.
package enum RecordBudget {
    /// Bytes a record counts for.
    package static let bytesPerRecord: UInt64 = 768
    /// The default never goes below this (a small container still reads a useful log).
    package static let floor = 1_000_000

    /// The records that fit in `memory` bytes.
    package static func records(fitting memory: UInt64) -> Int {
        max(floor, Int(clamping: memory / bytesPerRecord))
    }

    /// The memory this process may use: the machine's, or less under a cgroup (v2 or v1)
    /// limit, as in a container or a CI job with a memory cap.
    package static var availableMemory: UInt64 {
        var memory = ProcessInfo.processInfo.physicalMemory
        for path in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
            if let text = try? String(contentsOfFile: path, encoding: .utf8),
                let limit = UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines)), limit > 0
            {
                memory = min(memory, limit)
            }
        }
        return memory
    }

    /// The default `--max-records` on this machine.
    package static let defaultMaxRecords = records(fitting: availableMemory)
}
