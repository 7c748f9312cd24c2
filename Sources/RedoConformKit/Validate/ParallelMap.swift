import Dispatch
import RedoCrypto
import RedoCore

/// Maps a batch on `jobs` threads. Items are independent, so each thread takes every
/// jobs-th item and writes its own slots of the result: no locks on the hot path.
public enum ParallelMap {
    /// A result buffer shared by the worker threads; each index is written by one thread.
    private final class Slots<R>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<R?>
        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }
        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }

    public static func map<T: Sendable, R>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> [R] {
        let slots = fill(items, jobs: jobs, transform)
        // Moved out of the slots, not copied: a copy would retain every reference a result
        // holds (a check's node, its findings) only for the slots to release them again.
        return Array(unsafeUninitializedCapacity: items.count) { out, count in
            for index in 0..<items.count {
                (out.baseAddress! + index).initialize(to: slots.buffer[index].take()!)
            }
            count = items.count
        }
    }

    /// The same for a transform with two results, returned as two arrays (moved straight
    /// into them: splitting an array of pairs afterwards would move every result twice).
    public static func map<T: Sendable, A, B>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> (A, B)) -> ([A], [B]) {
        let slots = fill(items, jobs: jobs, transform)
        var second: [B] = []
        second.reserveCapacity(items.count)
        let first = [A](unsafeUninitializedCapacity: items.count) { out, count in
            for index in 0..<items.count {
                let (a, b) = slots.buffer[index].take()!
                (out.baseAddress! + index).initialize(to: a)
                second.append(b)
            }
            count = items.count
        }
        return (first, second)
    }

    private static func fill<T: Sendable, R>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> Slots<R> {
        let slots = Slots<R>(count: items.count)
        let workers = max(1, min(jobs, items.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var index = worker
            while index < items.count {
                slots.buffer[index] = transform(items[index])
                index += workers
            }
        }
        return slots
    }
}

/// Node-level checks of records, with the export-key rule for id → node maps.
enum RecordChecks {
    static func check(_ records: [InputRecord], validator: NodeValidator, jobs: Int) -> [NodeCheck] {
        ParallelMap.map(records, jobs: jobs) { check($0, validator: validator) }
    }

    /// The same, leaving the signatures of otherwise passing byte records unverified
    /// (`NodeValidator.check(bytes:deferringSignature:)`); they come back with their check.
    static func checkDeferringSignatures(_ records: [InputRecord], validator: NodeValidator, jobs: Int) -> ([NodeCheck], [DeferredSignature?]) {
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
            result = result.adding(Finding(.exportKey, "stored under key \(key), but the node's id is \(result.claimedId ?? "missing")", path: "$.id",
                                           related: [key]))
        }
        return result
    }
}
