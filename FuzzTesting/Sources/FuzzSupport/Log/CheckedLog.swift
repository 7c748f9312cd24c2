// The log target's invariants across readings of one log: the same records in other orders,
// in batches, and without exact duplicates give what the reference reading gave.
import RedoCore

/// A log's records with their node-level checks and the reference verdict (the records in
/// their order, through `LogValidator.validate(_:)`): what every other reading is held to.
public struct CheckedLog {
    let records: [[UInt8]]
    let keys: [HashedBytes]
    let checks: [NodeCheck]
    let list: RecordList
    /// No earlier execution checked this record list (always, with the caches off): the
    /// checks that depend only on the list run too.
    public let isNew: Bool
    let reference: Summary
    let referenceVerdict: LogVerdict
    let caches: LogCaches

    public init(_ records: [[UInt8]], caches: LogCaches) {
        self.records = records
        self.caches = caches
        keys = records.map(HashedBytes.init)
        checks = keys.map(caches.check)
        list = RecordList(keys)
        let known = caches.enabled ? caches.checkedLists.value(for: list) : nil
        isNew = known == nil
        (reference, referenceVerdict) =
            known ?? summarize(checks, originalIndex: Array(records.indices), caches: caches)
    }

    /// Order independence: the records shuffled (the permutation drawn from `random`, seeded
    /// from the input, so new for every execution) and, for a new list, reversed give the
    /// same summary.
    public func checkOrders(shuffledBy random: inout SplitMix64) {
        let identity = Array(records.indices)
        let shuffled = identity.shuffled(using: &random)
        for order in isNew ? [shuffled, identity.reversed()] : [shuffled] {
            let (other, _) = summarize(
                order.map { checks[$0] }, originalIndex: order, reference: reference, caches: caches)
            if other != reference {
                invariant(
                    false,
                    "verdict depends on record order \(order):\n\(difference(reference, other))\nrecords:\n\(recordDump(records))"
                )
            }
        }
    }

    /// The same records, in the same order, split into batches (sizes from `random`, some
    /// empty) give exactly the same verdict through validate(batches:) and through
    /// Incremental as validate(_:) gave for the reference.
    public func checkBatches(sizedBy random: inout SplitMix64) {
        let whole = Fingerprint(referenceVerdict)
        var batches: [[NodeCheck]] = []
        var start = 0
        while start < checks.count {
            let size = Int(random.next() % 6)  // 0 = an empty batch
            batches.append(Array(checks[start..<min(start + size, checks.count)]))
            start += size
        }
        let batched = Fingerprint(LogValidator().validate(batches: batches))
        var incremental = LogValidator.Incremental()
        for batch in batches { incremental.add(batch) }
        let fed = Fingerprint(incremental.finish())
        invariant(
            batched == whole,
            "validate(batches:) differs from validate(_:) with batch sizes \(batches.map(\.count)):\n\(firstDifference(whole, batched))"
        )
        invariant(
            fed == whole,
            "Incremental differs from validate(_:) with batch sizes \(batches.map(\.count)):\n\(firstDifference(whole, fed))"
        )
    }

    /// The same records taken into a live log in batches (sizes from the PRNG, some
    /// empty) give the reference verdict on every record and the same state, byte for byte.
    public func checkLiveLog(sizedBy random: inout SplitMix64) {
        var live = LiveLog()
        var start = 0
        var sizes: [Int] = []
        while start < records.count {
            let size = Int(random.next() % 6)  // 0 = an empty batch
            sizes.append(size)
            do {
                _ = try live.ingest(Array(records[start..<min(start + size, records.count)]))
            } catch {
                invariant(false, "a live log refused a batch within its limits: \(error)")
            }
            start += size
        }
        invariant(
            live.verdicts == referenceVerdict.records,
            "a live log fed batches of sizes \(sizes) differs from validate(_:)\nrecords:\n\(recordDump(records))")
        invariant(
            StateRendering.canonicalBytes(live.reconstruction)
                == StateRendering.canonicalBytes(Reconstructor.reconstruct(referenceVerdict)),
            "a live log fed batches of sizes \(sizes) reconstructs another state\nrecords:\n\(recordDump(records))")
    }

    /// Keeps the reference verdict of a new list, so that the checks that depend only on the
    /// list are not run again for it (nothing with the caches off).
    public func remember() {
        if caches.enabled { caches.checkedLists.store((reference, referenceVerdict), for: list) }
    }

    /// Exact duplicate records change nothing but the duplicate count.
    public func checkWithoutDuplicates() {
        var seen = Set<HashedBytes>()
        let unique = records.indices.filter { seen.insert(keys[$0]).inserted }
        guard unique.count < records.count else { return }
        var (other, _) = summarize(
            unique.map { checks[$0] }, originalIndex: unique, reference: reference, caches: caches)
        other.perId = reference.perId
        if other != reference {
            invariant(
                false,
                "verdict changes when exact duplicate records are dropped:\n\(difference(reference, other))\nrecords:\n\(recordDump(records))"
            )
        }
    }
}
