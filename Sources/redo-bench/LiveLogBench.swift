import RedoConformKit
import RedoCore
import RedoCrypto
import RedoLiveWorkload
import RedoValidation

/// A live log's costs on a generated account (`vectors log --nodes N --tasks T`, the benign
/// shape) already loaded: the initial load cold and with verified signatures supplied,
/// single-node and 100-node sync batches on the heads (beside verifying the batch's
/// signatures alone), and the cascades of 1,000 and 10,000 nodes, on the same loaded account.
package enum LiveLogBench {
    package struct Figures: Sendable {
        package var coldLoad = 0.0
        package var warmLoad = 0.0
        package var single: [Double] = []
        package var batch: [Double] = []
        package var batchSignatures: [Double] = []
        package var cascades: [Cascade] = []
        package var rulesRunAgain = 0
        package var loadPeakBytes = 0
        package var peakBytes = 0
    }

    /// One batch that changes what the log held before, on the loaded account.
    package struct Cascade: Sendable {
        /// What the batch is: "release-subtree" or "delete-task".
        package let kind: String
        /// The nodes of the task it changes.
        package let nodes: Int
        package let seconds: Double
        /// Earlier records whose verdict changed, and tasks the update names.
        package let changedVerdicts: Int
        package let changedTasks: Int
    }

    /// The sizes of the tasks the cascades change: the cost should follow them, not the log.
    static let cascadeSizes = [1_000, 10_000]

    package static func measure(nodes: Int, tasks: Int, singles: Int, batches: Int) throws -> Figures {
        let workload = try LiveLogWorkload(nodes: nodes, tasks: tasks, heldBack: singles + 100 * batches)
        var figures = Figures()
        let signatures = MemoryVerifiedSignatures()
        var t = MonotonicClock.now()
        _ = try workload.load(verified: signatures)
        figures.coldLoad = MonotonicClock.now() - t
        t = MonotonicClock.now()
        let account = try LoadedAccount(workload, verified: signatures)
        figures.warmLoad = MonotonicClock.now() - t
        figures.loadPeakBytes = LogScale.peakResidentBytes()
        let before = account.live.rulesRunAgain

        for _ in 0..<singles {
            let record = try account.nextHeldBack(1)
            t = MonotonicClock.now()
            _ = try account.ingest(record)
            figures.single.append(MonotonicClock.now() - t)
        }
        for _ in 0..<batches {
            let batch = try account.nextHeldBack(100)
            let deferred = SignaturesAlone.prepare(batch)
            t = MonotonicClock.now()
            _ = SignaturesAlone.verify(deferred)
            figures.batchSignatures.append(MonotonicClock.now() - t)
            t = MonotonicClock.now()
            _ = try account.ingest(batch)
            figures.batch.append(MonotonicClock.now() - t)
        }
        figures.rulesRunAgain = account.live.rulesRunAgain - before

        // Each cascade is generated just before it is held and let go of after: the log holds
        // every cascade's nodes, the process only the current one's records.
        let cascades: [(String, Int, () -> CascadeWorkload)] =
            cascadeSizes.map { size in
                ("release-subtree", size, { CascadeWorkload.releasingChain(nodes: size, seed: "release-\(size)") })
            }
            + cascadeSizes.map { size in
                ("delete-task", size, { CascadeWorkload.deleteAcross(nodes: size, seed: "delete-\(size)") })
            }
        for (kind, size, make) in cascades {
            let cascade = make()
            try account.hold(cascade)
            t = MonotonicClock.now()
            let update = try account.trigger(cascade)
            figures.cascades.append(
                Cascade(
                    kind: kind, nodes: size, seconds: MonotonicClock.now() - t,
                    changedVerdicts: update.changedVerdicts.count, changedTasks: update.changedTasks.count))
        }
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
