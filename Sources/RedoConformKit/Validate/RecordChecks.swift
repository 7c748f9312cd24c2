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
