import RedoConformKit
import RedoCore
import RedoCrypto
import RedoJSON
import RedoLiveWorkload
import RedoValidation

/// Times the stages of checking a log separately — node-level checks (on all cores), the
/// log-level rules, reconstruction — so the O(n log n) stages can be compared across log
/// shapes without signature verification (the same cost per node everywhere) hiding them.
package enum LogScale {
    package struct Measurement: Sendable {
        package let records: Int
        package let nodeChecks: Double
        package let logRules: Double
        package let reconstruction: Double
        package let valid: Int
        package let rejected: Int
        package let duplicates: Int
        package let tasks: Int
        /// Peak resident memory of the process so far, in bytes.
        package let peakBytes: Int
    }

    package static func measure(file: String, jobs: Int = ParallelMap.availableCores) throws -> Measurement {
        var records: [[UInt8]] = []
        let reader = try LineReader(InputPath(file))
        try reader.forEachLine { line in
            if case let .text(_, bytes) = line, !bytes.isEmpty { records.append(Array(bytes)) }
            return true
        }
        let validator = NodeValidator()
        let t0 = MonotonicClock.now()
        let checks = ParallelMap.map(records, jobs: jobs) { validator.check(bytes: $0) }
        records = []
        let t1 = MonotonicClock.now()
        let verdict = LogValidator().validate(consume checks)
        let t2 = MonotonicClock.now()
        let reconstruction = Reconstructor.reconstruct(verdict)
        let t3 = MonotonicClock.now()
        let count = { (status: RecordStatus) in verdict.records.lazy.filter { $0.status == status }.count }
        return Measurement(
            records: verdict.records.count, nodeChecks: t1 - t0, logRules: t2 - t1, reconstruction: t3 - t2,
            valid: count(.valid), rejected: count(.rejected), duplicates: count(.duplicate),
            tasks: reconstruction.tasks.count, peakBytes: peakResidentBytes())
    }

    package static func peakResidentBytes() -> Int { ProcessMemory.peakResidentBytes() }
}
