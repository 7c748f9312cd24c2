import RedoCrypto
import RedoJSON

/// A live log's node-level checks of a batch: every record checked on every core, and
/// the signatures an app already verified taken as holding.
enum LiveRecordChecks {
    /// Below this many records a batch is checked on the calling thread: starting the
    /// workers would cost more than the checks.
    static let parallelFrom = 8

    /// Records are checked this many at a time: a deferred signature holds its record's
    /// canonical body until it is verified, and a whole account loaded at once would hold
    /// every body together.
    static let chunk = 4096

    /// The final check of each record (its signature verified, or found in `verified`),
    /// handed to `take` in record order, at most `chunk` at a time: the checks hold each
    /// node whole, several times what the log keeps of it, so a whole account's checks
    /// held at once were the peak of its load.
    static func check(
        _ records: [[UInt8]], with validator: NodeValidator, verified: (any VerifiedSignatures)?,
        into take: (consuming [NodeCheck]) -> Void
    ) {
        guard records.count > chunk else {
            take(checkAtOnce(records, with: validator, verified: verified))
            return
        }
        for start in stride(from: 0, to: records.count, by: chunk) {
            let part = Array(records[start..<min(records.count, start + chunk)])
            take(checkAtOnce(part, with: validator, verified: verified))
        }
    }

    private static func checkAtOnce(
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
