import Foundation
import RedoCore
import RedoCrypto
import RedoJSON

/// Verifies deferred signatures on background threads while the rest of the run goes on.
///
/// Why: verification is most of the work, and the log rules can only start once every
/// record has been read. Checking everything else first and verifying behind it lets the
/// log rules run on one core while the other core still verifies, instead of leaving a
/// core idle for the whole log pass. The backlog is bounded (`waitForBacklog`), so memory
/// holds a few batches of bodies, never the log.
final class SignatureVerifier: @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `condition`.
    /// One signature to verify, with the record it decides.
    struct Job: Sendable {
        let record: Int
        let id: NodeID
        let signature: DeferredSignature
    }

    private let condition = NSCondition()
    private var queue: [ArraySlice<Job>] = []
    /// Jobs submitted and not yet verified.
    private var outstanding = 0
    private var running: Int
    private var closed = false
    /// The backlog `waitForBacklog` waits to fall to, while it waits.
    private var backlogWaiter: Int?
    private var failures: [LateRejection] = []
    /// Jobs taken per lock round trip: enough to make locking negligible next to ~50 µs
    /// per verification, few enough to keep every thread busy to the end.
    private static let chunk = 64

    /// Told of every chunk verified, so the progress line counts signatures, not reading.
    private let progress: ProgressMeter?

    /// Signatures accepted before, if the run has a cache (`--cache DIR`).
    private let cache: SignatureCache?

    init(threads: Int, progress: ProgressMeter? = nil, cache: SignatureCache? = nil) {
        self.progress = progress
        self.cache = cache
        running = max(1, threads)
        for _ in 0..<running {
            let thread = Thread { [self] in work() }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    func submit(_ jobs: [Job]) {
        guard !jobs.isEmpty else { return }
        condition.lock()
        var start = 0
        while start < jobs.count {
            queue.append(jobs[start..<min(jobs.count, start + Self.chunk)])
            start += Self.chunk
        }
        outstanding += jobs.count
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks while more than `limit` signatures wait: the reader must not run further ahead.
    func waitForBacklog(atMost limit: Int) {
        condition.lock()
        while outstanding > limit {
            backlogWaiter = limit
            condition.wait()
        }
        backlogWaiter = nil
        condition.unlock()
    }

    /// Jobs submitted and not yet verified.
    var backlog: Int {
        condition.lock()
        defer { condition.unlock() }
        return outstanding
    }

    /// Waits for every submitted job, stops the threads, and returns the records whose
    /// signature failed (`NodeValidator.signatureInvalidFinding`), in record order.
    package func finish() -> [LateRejection] {
        condition.lock()
        closed = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        let result = failures.sorted { $0.record < $1.record }
        condition.unlock()
        return result
    }

    /// Whether each job's signature holds. With a cache, the run took the signatures it
    /// holds out before they became jobs (`SignatureCache.takeFound`), so a job is verified
    /// without another lookup, and added to the cache when it holds. A deferred
    /// signature's record passed its hash check, so its id is the SHA-256 of the body the
    /// signature covers.
    private func verify(_ jobs: ArraySlice<Job>) -> [Bool] {
        guard let cache else { return jobs.map { $0.signature.holds() } }
        let first = jobs.startIndex
        return cache.verifyNotFound(
            count: jobs.count,
            triple: { k in
                (jobs[first + k].signature.key, jobs[first + k].signature.signature, jobs[first + k].id.digest)
            },
            body: { k in jobs[first + k].signature.body })
    }

    private func work() {
        condition.lock()
        while true {
            if queue.isEmpty {
                if closed { break }
                condition.wait()
                continue
            }
            let jobs = queue.removeFirst()
            condition.unlock()
            var failed: [LateRejection] = []
            for (job, holds) in zip(jobs, verify(jobs)) where !holds {
                failed.append(LateRejection(record: job.record, id: job.id))
            }
            progress?.verified(signatures: jobs.count)
            condition.lock()
            failures += failed
            outstanding -= jobs.count
            // Only a waiter whose wait is over is woken: waking the reader after every
            // chunk (every few milliseconds) cost tens of thousands of context switches
            // on a million-node log.
            if let limit = backlogWaiter, outstanding <= limit { condition.broadcast() }
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
