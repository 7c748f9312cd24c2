import RedoConformKit
import RedoCore
import RedoCrypto
import RedoLiveWorkload
import RedoValidation

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

    package static func measure(nodes: Int, tasks: Int, singles: Int, batches: Int) throws -> Figures {
        let workload = LiveLogWorkload(nodes: nodes, tasks: tasks, heldBack: singles + 100 * batches)
        var figures = Figures()
        let signatures = MemoryVerifiedSignatures()
        var t = MonotonicClock.now()
        _ = try workload.load(verified: signatures)
        figures.coldLoad = MonotonicClock.now() - t
        t = MonotonicClock.now()
        var live = try workload.load(verified: signatures)
        figures.warmLoad = MonotonicClock.now() - t
        let before = live.rulesRunAgain

        var next = 0
        for _ in 0..<singles {
            t = MonotonicClock.now()
            _ = try live.ingest([workload.heldBack[next]])
            figures.single.append(MonotonicClock.now() - t)
            next += 1
        }
        for _ in 0..<batches {
            let batch = Array(workload.heldBack[next..<(next + 100)])
            next += 100
            let deferred = SignaturesAlone.prepare(batch)
            t = MonotonicClock.now()
            _ = SignaturesAlone.verify(deferred)
            figures.batchSignatures.append(MonotonicClock.now() - t)
            t = MonotonicClock.now()
            _ = try live.ingest(batch)
            figures.batch.append(MonotonicClock.now() - t)
        }
        figures.rulesRunAgain = live.rulesRunAgain - before
        live = LiveLog()

        // A chain whose second node comes last: it releases every node below it.
        let chain = CascadeWorkload.releasingChain(nodes: 10_000)
        var waiting = try chain.load(verified: signatures)
        t = MonotonicClock.now()
        let update = try waiting.ingest([chain.trigger], verified: signatures)
        figures.release = MonotonicClock.now() - t
        figures.released = update.changedVerdicts.count
        waiting = LiveLog()

        // A DELETE that carries a 10,000-node chain.
        let doomed = CascadeWorkload.deleteAcross(nodes: 10_000)
        var deleting = try doomed.load(verified: signatures)
        t = MonotonicClock.now()
        let deletion = try deleting.ingest([doomed.trigger], verified: signatures)
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
