import RedoCrypto
import RedoJSON

/// A live log's node-level checks of a batch: every record checked on every core, and
/// the signatures an app already verified taken as holding.
enum LiveRecordChecks {
    /// Below this many records a batch is checked on the calling thread: starting the
    /// workers would cost more than the checks.
    static let parallelFrom = 8

    /// The final check of each record (its signature verified, or found in `verified`).
    static func check(
        _ records: [[UInt8]], with validator: NodeValidator, verified: (any VerifiedSignatures)?
    ) -> [NodeCheck] {
        let jobs = records.count < parallelFrom ? 1 : ParallelMap.availableCores
        var (checks, deferred) = ParallelMap.map(records, jobs: jobs) { record in
            record.withUnsafeBufferPointer { validator.check(bytes: $0, deferringSignature: true) }
        }
        var pending: [Int] = []
        for k in checks.indices {
            guard let signature = deferred[k], let id = checks[k].node?.id else { continue }
            if verified?.contains(id: id, key: signature.key, signature: signature.signature) == true {
                deferred[k] = nil
            } else {
                pending.append(k)
            }
        }
        let signatures = pending.map { deferred[$0]! }
        let holds = ParallelMap.map(signatures, jobs: pending.count < parallelFrom ? 1 : ParallelMap.availableCores) {
            $0.holds()
        }
        for (k, signatureHolds) in zip(pending, holds) {
            if signatureHolds, let id = checks[k].node?.id, let signature = deferred[k] {
                verified?.insert(id: id, key: signature.key, signature: signature.signature)
            }
            checks[k] = checks[k].completed(signatureHolds: signatureHolds)
        }
        return checks
    }
}
