import Dispatch
import RedoCore
import RedoCrypto
import RedoJSON

/// Node-level checks of records, with the export-key rule for id → node maps.
enum RecordChecks {
    static func check(_ records: [InputRecord], validator: NodeValidator, jobs: Int) -> [NodeCheck] {
        ParallelMap.map(records, jobs: jobs) { check($0, validator: validator) }
    }

    /// The same, leaving the signatures of otherwise passing byte records unverified
    /// (`NodeValidator.check(bytes:deferringSignature:)`); they come back with their check.
    static func checkDeferringSignatures(_ records: [InputRecord], validator: NodeValidator, jobs: Int) -> (
        [NodeCheck], [DeferredSignature?]
    ) {
        ParallelMap.map(records, jobs: jobs) { record in
            // Only records with nothing to add after the validator: the export-key rule
            // of map entries would otherwise come before the signature's finding.
            if case let .bytes(bytes) = record.content, record.storedUnder == nil {
                return bytes.withUnsafeBufferPointer { validator.check(bytes: $0, deferringSignature: true) }
            }
            return (check(record, validator: validator), nil)
        }
    }

    /// Each record's signature fingerprint, and the deferred signatures `known` already
    /// holds taken out of `deferred` (so they are not verified again), with their count.
    static func fingerprint(
        _ records: [InputRecord], checks: [NodeCheck], deferred: inout [DeferredSignature?], known: KnownSignatures?,
        jobs: Int
    ) -> ([SignatureFingerprint], Int) {
        let (fingerprints, knownAlready) = ParallelMap.map(Array(records.indices), jobs: jobs) {
            [deferred] k -> (SignatureFingerprint, Bool) in
            if let signature = deferred[k] {
                let fingerprint = SignatureFingerprint(signature.signature)
                // A deferred signature belongs to a record with no other error, so its id
                // is the hash of its body.
                guard let known, let id = checks[k].claimedNodeId else { return (fingerprint, false) }
                return (fingerprint, known.contains(id, fingerprint))
            }
            guard checks[k].node != nil else { return (.none, false) }
            switch records[k].content {
            case let .value(value): return (SignatureFingerprint(signatureOf: value), false)
            case let .bytes(bytes):
                return (
                    (try? JSONReader.parse(Array(bytes))).map(SignatureFingerprint.init(signatureOf:)) ?? .none, false
                )
            case .finding: return (.none, false)
            }
        }
        var shared = 0
        for k in knownAlready.indices where knownAlready[k] {
            deferred[k] = nil
            shared += 1
        }
        return (fingerprints, shared)
    }

    static func check(_ record: InputRecord, validator: NodeValidator) -> NodeCheck {
        var result: NodeCheck
        switch record.content {
        case let .bytes(bytes): result = bytes.withUnsafeBufferPointer { validator.check(bytes: $0) }
        case let .value(value): result = validator.check(value: value)
        case let .finding(finding): return .unreadable(finding)
        }
        if let key = record.storedUnder, !(result.claimedId.map { $0.bytewiseEqual(key) } ?? false) {
            result = result.adding(
                Finding(
                    .exportKey, "stored under key \(key), but the node's id is \(result.claimedId ?? "missing")",
                    path: "$.id",
                    related: [key]))
        }
        return result
    }
}
