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
        package var cascades: [Cascade] = []
        package var rulesRunAgain = 0
        package var loadPeakBytes = 0
        package var peakBytes = 0
        package var memory = Memory()
    }

    /// Where the memory goes, in bytes: the process before the benchmark built anything,
    /// and what each structure adds to it (measured as a difference of settled resident
    /// memory).
    package struct Memory: Sendable {
        package var processBefore = 0
        package var accountJSON = 0
        package var liveLog = 0
        package var signatures = 0
    }

    /// How many records of the account are generated and taken in at once: the account
    /// loads batch by batch, as a store is read, so that its JSON is never held whole.
    static let loadBatch = 500

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

    /// The signatures verified so far, in memory: the SHA-256 of the id, key and signature
    /// together, 32 bytes each (the three themselves took four times that). The digest names
    /// the verification as the three do: two verifications with one digest would be a
    /// SHA-256 collision.
    final class MemorySignatures: VerifiedSignatures {
        private let held = Mutex(Set<RedoSHA256Digest>())
        func contains(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) -> Bool {
            let digest = Self.digest(id: id, key: key, signature: signature)
            return held.withLock { $0.contains(digest) }
        }
        func insert(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) {
            let digest = Self.digest(id: id, key: key, signature: signature)
            _ = held.withLock { $0.insert(digest) }
        }
        private static func digest(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) -> RedoSHA256Digest {
            RedoSHA256.hash(id.digest.bytes + key.bytes + signature.bytes)
        }
    }

    package static func measure(nodes: Int, tasks: Int, singles: Int, batches: Int) throws -> Figures {
        var figures = Figures()
        figures.memory.processBefore = LogScale.residentBytes()
        let signatures = MemorySignatures()
        let extra = singles + 100 * batches
        let generator = LogGenerator(shape: .benign, nodes: nodes + extra, tasks: tasks, seed: "bench")
        // The account's heap cost as JSON, measured alone and let go of.
        var heap = LogScale.settledResidentBytes()
        var whole: [[UInt8]] = []
        whole.reserveCapacity(nodes)
        generator.generate { if whole.count < nodes { whole.append($0) } }
        figures.memory.accountJSON = LogScale.settledResidentBytes() - heap
        whole = []

        var records: [[UInt8]] = []
        // Loads the account batch by batch as it is generated, timing the batches alone;
        // keeps the records after it for the batches that follow.
        func load(into live: inout LiveLog) throws -> Double {
            var seconds = 0.0
            var batch: [[UInt8]] = []
            var taken = 0
            var failure: (any Error)?
            func take() {
                guard failure == nil, !batch.isEmpty else { return }
                let t = MonotonicClock.now()
                do { _ = try live.ingest(batch, verified: signatures) } catch { failure = error }
                seconds += MonotonicClock.now() - t
                batch.removeAll(keepingCapacity: true)
            }
            records = []
            generator.generate { record in
                guard taken < nodes else { return records.append(record) }
                taken += 1
                batch.append(record)
                if batch.count == loadBatch { take() }
            }
            take()
            if let failure { throw failure }
            return seconds
        }
        heap = LogScale.settledResidentBytes()
        var cold = LiveLog()
        figures.coldLoad = try load(into: &cold)
        let withCold = LogScale.settledResidentBytes()
        cold = LiveLog()
        let withoutCold = LogScale.settledResidentBytes()
        records = []
        figures.memory.liveLog = withCold - withoutCold
        figures.memory.signatures = LogScale.settledResidentBytes() - heap
        var live = LiveLog()
        figures.warmLoad = try load(into: &live)
        figures.loadPeakBytes = LogScale.peakResidentBytes()
        var t = MonotonicClock.now()
        let before = live.rulesRunAgain

        var next = 0
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
        for size in cascadeSizes {
            // A chain whose second node comes last: it releases every node below it.
            var chain: [[UInt8]] = []
            LogGenerator(shape: .chain, nodes: size, tasks: 1, seed: "bench-chain-\(size)").generate {
                chain.append($0)
            }
            _ = try live.ingest([chain[0]] + chain[2...], verified: signatures)
            t = MonotonicClock.now()
            let update = try live.ingest([chain[1]], verified: signatures)
            figures.cascades.append(
                Cascade(
                    kind: "release-subtree", nodes: size, seconds: MonotonicClock.now() - t,
                    changedVerdicts: update.changedVerdicts.count, changedTasks: update.changedTasks.count))
        }
        for size in cascadeSizes {
            // A DELETE that carries its task's whole chain, arriving last.
            var doomed: [[UInt8]] = []
            var generator = LogGenerator(shape: .bigDelete, nodes: size, tasks: 1, seed: "bench-delete-\(size)")
            generator.deleteLength = size - 1
            generator.generate { doomed.append($0) }
            _ = try live.ingest(Array(doomed.dropLast()), verified: signatures)
            t = MonotonicClock.now()
            let update = try live.ingest([doomed.last!], verified: signatures)
            figures.cascades.append(
                Cascade(
                    kind: "delete-task", nodes: size, seconds: MonotonicClock.now() - t,
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
