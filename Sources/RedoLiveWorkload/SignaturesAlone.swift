import RedoCore

/// Verifying records' signatures and nothing else, as a live log's ingest does it (on every
/// core, from the node-level check that defers the signature): the part of an ingest no
/// bookkeeping can save, measured beside it.
public enum SignaturesAlone {
    /// The signatures of `records` ready to verify (the node-level check up to the
    /// signature, done here so that ``verify(_:)`` times the verifications alone).
    public static func prepare(_ records: [[UInt8]]) -> [DeferredSignature] {
        let validator = NodeValidator()
        return records.compactMap { record in
            record.withUnsafeBufferPointer { validator.check(bytes: $0, deferringSignature: true).1 }
        }
    }

    /// Verifies `signatures` on every core; returns how many hold.
    public static func verify(_ signatures: [DeferredSignature]) -> Int {
        ParallelMap.map(signatures, jobs: ParallelMap.availableCores) { $0.holds() }.filter { $0 }.count
    }
}
