import RedoConformKit
import RedoCore
import RedoCrypto
import RedoFixtures
import RedoValidation
import Synchronization

/// A live log's costs on a generated account (`vectors log --nodes N --tasks T`, the benign
/// shape) already loaded: the initial load cold and with verified signatures supplied,
/// single-node and 100-node sync batches on the heads (beside verifying the batch's
/// signatures alone), and two cascades.
package enum LiveLogBench {
    package struct Figures: Sendable {
        package var coldLoad = 0.0
        package var warmLoad = 0.0
        package var single: [Double] = []
        package var batch: [Double] = []
        package var batchSignatures: [Double] = []
        package var release = 0.0
        package var released = 0
        package var bigDelete = 0.0
        package var deleted = 0
        package var rulesRunAgain = 0
        package var peakBytes = 0
    }

    /// The signatures verified so far, in memory.
    final class MemorySignatures: VerifiedSignatures {
        private let held = Mutex(Set<String>())
        static func key(_ id: NodeID, _ key: Ed25519PublicKey, _ signature: Ed25519Signature) -> String {
            id.text + key.hex + signature.hex
        }
        func contains(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) -> Bool {
            held.withLock { $0.contains(Self.key(id, key, signature)) }
        }
        func insert(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) {
            _ = held.withLock { $0.insert(Self.key(id, key, signature)) }
        }
    }

    package static func measure(nodes: Int, tasks: Int, singles: Int, batches: Int) throws -> Figures {
        var records: [[UInt8]] = []
        let extra = singles + 100 * batches
        LogGenerator(shape: .benign, nodes: nodes + extra, tasks: tasks, seed: "bench").generate { records.append($0) }
        let initial = Array(records.prefix(nodes))
        var figures = Figures()
        let signatures = MemorySignatures()
        var t = MonotonicClock.now()
        var cold = LiveLog()
        _ = try cold.ingest(initial, verified: signatures)
        figures.coldLoad = MonotonicClock.now() - t
        cold = LiveLog()
        t = MonotonicClock.now()
        var live = LiveLog()
        _ = try live.ingest(initial, verified: signatures)
        figures.warmLoad = MonotonicClock.now() - t
        let before = live.rulesRunAgain

        var next = nodes
        for _ in 0..<singles {
            t = MonotonicClock.now()
            _ = try live.ingest([records[next]])
            figures.single.append(MonotonicClock.now() - t)
            next += 1
        }
        let validator = NodeValidator()
        for _ in 0..<batches {
            let batch = Array(records[next..<(next + 100)])
            next += 100
            // Verifying the batch's signatures alone, as the live log does it (on every core).
            let deferred = batch.compactMap { record in
                record.withUnsafeBufferPointer { validator.check(bytes: $0, deferringSignature: true).1 }
            }
            t = MonotonicClock.now()
            _ = ParallelMap.map(deferred, jobs: ParallelMap.availableCores) { $0.holds() }
            figures.batchSignatures.append(MonotonicClock.now() - t)
            t = MonotonicClock.now()
            _ = try live.ingest(batch)
            figures.batch.append(MonotonicClock.now() - t)
        }
        figures.rulesRunAgain = live.rulesRunAgain - before
        live = LiveLog()

        // A chain whose second node comes last: it releases every node below it.
        var chain: [[UInt8]] = []
        LogGenerator(shape: .chain, nodes: 10_000, tasks: 1, seed: "bench").generate { chain.append($0) }
        var waiting = LiveLog()
        _ = try waiting.ingest([chain[0]] + chain[2...], verified: signatures)
        t = MonotonicClock.now()
        let update = try waiting.ingest([chain[1]], verified: signatures)
        figures.release = MonotonicClock.now() - t
        figures.released = update.changedVerdicts.count
        waiting = LiveLog()

        // A DELETE that carries a 10,000-node chain.
        var doomed: [[UInt8]] = []
        var generator = LogGenerator(shape: .bigDelete, nodes: 10_001, tasks: 1, seed: "bench")
        generator.deleteLength = 10_000
        generator.generate { doomed.append($0) }
        var deleting = LiveLog()
        _ = try deleting.ingest(Array(doomed.dropLast()), verified: signatures)
        t = MonotonicClock.now()
        let deletion = try deleting.ingest([doomed.last!], verified: signatures)
        figures.bigDelete = MonotonicClock.now() - t
        figures.deleted = deletion.changedTasks.filter(\.isDeleted).count
        figures.peakBytes = LogScale.peakResidentBytes()
        return figures
    }

    /// The value below which `fraction` of `samples` lie.
    package static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}
