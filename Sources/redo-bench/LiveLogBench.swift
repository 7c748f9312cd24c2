import RedoConformKit
import RedoCore
import RedoCrypto
import RedoLiveWorkload
import RedoValidation

/// A live log's costs on a generated account (`vectors log --nodes N --tasks T`, the benign
/// shape) already loaded: the initial load cold and with verified signatures supplied,
/// single-node and 100-node sync batches on the heads (beside verifying the batch's
/// signatures alone), and the cascades on tasks of 1,000 and 10,000 nodes, on the same
/// loaded account.
package enum LiveLogBench {
    package struct Figures: Sendable {
        package var coldLoad = 0.0
        package var warmLoad = 0.0
        package var single: [Double] = []
        package var batch: [Double] = []
        package var batchSignatures: [Double] = []
        /// The log's node count its arrays double at, and the slowest of the 100-node batches
        /// that take it past that count, on the log as loaded and on the log reloaded with
        /// room reserved.
        package var growthAt = 0
        package var growthBatch = 0.0
        package var growthBatchReserved = 0.0
        package var cascades: [Cascade] = []
        package var rulesRunAgain = 0
        package var loadPeakBytes = 0
        package var peakBytes = 0
    }

    /// One batch that changes what the log held before, on the loaded account.
    package struct Cascade: Sendable {
        /// What the batch is: "release-subtree" (a parent below the CREATE of a task whose
        /// other nodes wait for it), "delete-task", "release-tail" (a parent that releases
        /// the 2 nodes below it at the end of a task), or "late-fork" (a node off the third node
        /// from the end of a task, older than the 2 after it).
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
        // After the batches, more of them up to the next power of two of nodes and one past it:
        // the log's arrays double there.
        let afterBatches = nodes + singles + 100 * batches
        var growthAt = 1
        while growthAt <= afterBatches { growthAt *= 2 }
        let growthBatches = (growthAt - afterBatches) / 100 + 1
        let workload = try LiveLogWorkload(
            nodes: nodes, tasks: tasks, heldBack: singles + 100 * (batches + growthBatches))
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
        figures.growthAt = growthAt
        figures.growthBatch = try slowest(of: growthBatches, on: account)
        // The same batches on the account loaded again, with room reserved for them all.
        account.reserveCapacity(records: growthAt + 100 * growthBatches)
        try account.reload()
        _ = try account.ingest(account.nextHeldBack(singles + 100 * batches))
        figures.growthBatchReserved = try slowest(of: growthBatches, on: account)

        // Each cascade is generated just before it is held and let go of after: the log holds
        // every cascade's nodes, the process only the current one's records.
        func measure(_ kind: String, _ size: Int, _ cascade: CascadeWorkload) throws {
            try account.hold(cascade)
            let t = MonotonicClock.now()
            let update = try account.trigger(cascade)
            figures.cascades.append(
                Cascade(
                    kind: kind, nodes: size, seconds: MonotonicClock.now() - t,
                    changedVerdicts: update.changedVerdicts.count, changedTasks: update.changedTasks.count))
        }
        for size in cascadeSizes {
            try measure("release-subtree", size, CascadeWorkload.releasingChain(nodes: size, seed: "release-\(size)"))
        }
        for size in cascadeSizes {
            try measure("delete-task", size, CascadeWorkload.deleteAcross(nodes: size, seed: "delete-\(size)"))
        }
        // On the account loaded again, which then holds these cascades and not the others.
        try account.reload()
        for size in cascadeSizes {
            try measure(
                "release-tail", size, CascadeWorkload.releasingTail(of: size, waiting: 2, seed: "tail-\(size)"))
        }
        // Again on the account loaded again: the run's peak stays that of the first cascades.
        try account.reload()
        for size in cascadeSizes {
            try measure("late-fork", size, CascadeWorkload.forkingLate(of: size, back: 2, seed: "fork-\(size)"))
        }
        figures.peakBytes = LogScale.peakResidentBytes()
        return figures
    }

    /// The slowest of the next `count` 100-node batches on `account`.
    private static func slowest(of count: Int, on account: LoadedAccount) throws -> Double {
        var slowest = 0.0
        for _ in 0..<count {
            let batch = try account.nextHeldBack(100)
            let t = MonotonicClock.now()
            _ = try account.ingest(batch)
            slowest = max(slowest, MonotonicClock.now() - t)
        }
        return slowest
    }

    /// The value below which `fraction` of `samples` lie.
    package static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}
