import Dispatch
import Foundation
import RedoCore
import RedoCrypto
import RedoJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads every input, checks every record (node-level rules in parallel), then applies
/// the log-level rules to all of them together: an export split over files is one log.
package struct ValidationRun {
    package let options: ValidationOptions
    package var progress: ProgressMeter?
    /// Keep each record's signature fingerprint (`diff` compares them).
    package var keepsSignatureFingerprints = false
    /// Signatures verified before (by another run): records that carry one are not
    /// verified again. The verdict is the same, as verification is deterministic.
    package var knownSignatures: KnownSignatures?
    /// Takes a whole JSON document out of the inputs instead of reading it as records
    /// (`diff` takes a reconstructed state this way, reading each input once).
    package var claimsDocument: (@Sendable (JSONValue) -> Bool)?

    package init(options: ValidationOptions, progress: ProgressMeter? = nil) {
        self.options = options
        self.progress = progress
    }

    package func run(_ operands: [String]) -> ValidationResult {
        MallocTuning.fixMmapThreshold()
        let (files, walkProblems) = InputFiles.expand(operands)
        guard let shard = options.shard else {
            return run(files, walkProblems: walkProblems, signatures: .all, progress: progress)
        }
        // A shard verifies its own tasks' signatures and takes the others' as good. Where a
        // verdict of its tasks depends on a record of another shard's task (a parent in
        // another task), that task's signatures count too: the input is read once more,
        // verifying them (rare: only a log that breaks parents.otherTask has such a parent).
        let first = run(files, walkProblems: walkProblems, signatures: .shard(shard, also: []), progress: progress)
        let needed = ShardDependencies.tasks(of: shard, in: first.verdict, failingParents: first.failingParents)
        guard !needed.isEmpty else { return first }
        return run(files, walkProblems: walkProblems, signatures: .shard(shard, also: needed), progress: nil)
    }

    private func run(
        _ files: [InputFileRef], walkProblems: [InputProblem], signatures: SignatureScope, progress: ProgressMeter?
    ) -> ValidationResult {
        var problems = walkProblems
        let validator = NodeValidator(
            profile: options.profile, limits: JSONLimits(maxDocumentBytes: options.maxRecordBytes))
        var collector = Collector(validator: validator, options: options, progress: progress, signatures: signatures)
        collector.keepsFingerprints = keepsSignatureFingerprints
        collector.known = knownSignatures
        let inputBytes = files.reduce(0) { $0 + $1.sizeOnDisk }
        collector.reserveCapacity(records: min(options.maxRecords, inputBytes / ValidationOptions.fewestBytesPerRecord))
        var claimed: [(file: Int, value: JSONValue)] = []
        progress?.start(reading: files)
        for (index, file) in files.enumerated() {
            guard collector.count < options.maxRecords else {
                problems.append(
                    InputProblem(
                        path: file.display,
                        message: "not read: the run already holds \(options.maxRecords) records, the record limit"))
                continue
            }
            var reader = RecordReader(file: file, index: Int32(index), options: options)
            reader.claimsDocument = claimsDocument.map { claims in
                { value in
                    guard claims(value) else { return false }
                    claimed.append((index, value))
                    return true
                }
            }
            var truncated = false
            if let problem = reader.read(
                { record in
                    if collector.count < options.maxRecords { collector.add(record) } else { truncated = true }
                }, bytesRead: { progress?.advance(bytes: $0) })
            {
                problems.append(problem)
            }
            if truncated {
                problems.append(
                    InputProblem(
                        path: file.display,
                        message: "only partly read: the run reached the limit of \(options.maxRecords) records"))
            }
            collector.flush()
        }
        let verdict = collector.finish()
        progress?.finish()
        return ValidationResult(
            files: files, problems: problems, sources: collector.sources, failedIdentities: collector.failedIdentities,
            verdict: verdict, signatureFingerprints: collector.fingerprints,
            sharedVerifications: collector.sharedVerifications, claimedDocuments: claimed,
            failingParents: collector.failingParents)
    }

    /// Validates records already in memory as one log, the way `run` validates the records
    /// of a file: the same batches, checks, deferred signatures and log pass. The vector
    /// suites, the vector generator and the platform reference use it, so what they expect
    /// is what `validate` finds.
    package func run(records: [[UInt8]]) -> LogVerdict {
        let validator = NodeValidator(
            profile: options.profile, limits: JSONLimits(maxDocumentBytes: options.maxRecordBytes))
        var collector = Collector(validator: validator, options: options, progress: nil, signatures: .all)
        for (index, record) in records.enumerated() {
            collector.add(
                InputRecord(
                    source: RecordSource(file: 0, line: Int32(index + 1)), content: .bytes(record[...]),
                    storedUnder: nil))
        }
        return collector.finish()
    }

    /// Gathers records into batches and checks each batch on all cores — in the
    /// background, so that reading the next batch and grouping the previous one into the
    /// log pass overlap with the checks (a three-stage pipeline).
    private struct Collector {
        let validator: NodeValidator
        let options: ValidationOptions
        let progress: ProgressMeter?
        private var pending: [InputRecord] = []
        /// The batch being checked in the background, if any: each record's check, and the
        /// signature it leaves to verify.
        private var inFlight: BackgroundWork<CheckedBatch>?
        private var log = LogValidator.Incremental()
        private var checked = 0
        /// Records handed to the log pass so far.
        private var absorbed = 0
        private(set) var sources = RecordSources()
        private(set) var failedIdentities: [Int32: RecordIdentity] = [:]
        private(set) var fingerprints: [SignatureFingerprint] = []
        private(set) var sharedVerifications = 0
        var keepsFingerprints = false
        var known: KnownSignatures?
        /// In a shard run, the followable parents of the shard's records that failed
        /// node-level checks (their findings follow those parents too).
        private(set) var failingParents: [NodeID] = []
        private var signatures: SignatureScope
        private let verifier: SignatureVerifier

        init(
            validator: NodeValidator, options: ValidationOptions, progress: ProgressMeter?,
            signatures: SignatureScope
        ) {
            self.validator = validator
            self.options = options
            self.progress = progress
            self.signatures = signatures
            verifier = SignatureVerifier(threads: options.jobs, progress: progress, cache: options.cache)
        }

        var count: Int { checked + pending.count }

        mutating func reserveCapacity(records: Int) {
            log.reserveCapacity(records: records)
            sources.reserveCapacity(records)
        }

        mutating func add(_ record: InputRecord) {
            pending.append(record)
            if pending.count >= options.batchSize { flush() }
        }

        /// Starts checking the pending records in the background; first hands the batch
        /// checked before to the log pass (while the new one is being checked).
        mutating func flush() {
            guard !pending.isEmpty else { return }
            verifier.waitForBacklog(atMost: options.maxSignatureBacklog)
            let previous = inFlight
            inFlight = BackgroundWork {
                [pending, validator, jobs = options.jobs, keepsFingerprints, known, cache = options.cache, signatures]
                in
                var (checks, deferred) = RecordChecks.checkDeferringSignatures(
                    pending, validator: validator, jobs: jobs)
                var (fingerprints, shared): ([SignatureFingerprint], Int) = ([], 0)
                if keepsFingerprints || known != nil {
                    (fingerprints, shared) = RecordChecks.fingerprint(
                        pending, checks: checks, deferred: &deferred, known: known, jobs: jobs)
                }
                // After the fingerprints: they are read from the deferred signatures.
                cache?.takeFound(from: &deferred) { k in
                    // A deferred signature's record passed its hash check: its id is the
                    // SHA-256 of the body the signature covers.
                    signatures.verifies(task: checks[k].node?.taskId) ? checks[k].claimedNodeId?.digest : nil
                }
                return CheckedBatch(
                    checks: checks, deferred: deferred, fingerprints: keepsFingerprints ? fingerprints : [],
                    shared: shared)
            }
            checked += pending.count
            progress?.advance(recordsRead: pending.count)
            for record in pending { sources.append(record.source) }
            pending.removeAll(keepingCapacity: true)
            if let previous { absorb(previous) }
        }

        private mutating func absorb(_ batch: BackgroundWork<CheckedBatch>) {
            let checked = batch.wait()
            var (checks, deferred) = (checked.checks, checked.deferred)
            fingerprints += checked.fingerprints
            sharedVerifications += checked.shared
            var jobs: [SignatureVerifier.Job] = []
            jobs.reserveCapacity(deferred.count)
            for k in deferred.indices {
                // Moved out (`take`), not copied: a copy would retain the body only for the
                // array to release it.
                if let signature = deferred[k].take(), let id = checks[k].claimedNodeId,
                    signatures.verifies(task: checks[k].node?.taskId)
                {
                    jobs.append(SignatureVerifier.Job(record: absorbed + k, id: id, signature: signature))
                }
            }
            deferred = []
            // Counted before they are handed over, so the meter never sees more verified
            // than pending.
            progress?.checked(records: checks.count, signaturesPending: jobs.count)
            verifier.submit(jobs)
            for k in checks.indices where checks[k].node == nil {
                failedIdentities[Int32(absorbed + k)] = RecordIdentity(checks[k])
            }
            absorbed += checks.count
            if case .shard = signatures {
                for check in checks where check.node == nil && signatures.owns(taskId: check.taskIdText) {
                    failingParents += check.followableParents ?? []
                }
            }
            log.add(consume checks)  // the last use: the log pass takes the nodes over without copying
        }

        /// Records whose signature failed late passed every other check: their place in
        /// the DAG is their node's, which the second verdict no longer holds.
        private mutating func notePlaces(of late: [LateRejection], in verdict: LogVerdict) {
            var lateRecords: [NodeID: [Int]] = [:]
            for rejection in late { lateRecords[rejection.id, default: []].append(rejection.record) }
            for (id, records) in lateRecords {
                guard let position = verdict.nodes.position(of: id) else { continue }
                let node = verdict.nodes[position]
                for record in records {
                    failedIdentities[Int32(record)] = .claims(
                        id: node.id.text, task: node.taskId.text,
                        place: RecordPlace(action: node.action, lamport: node.lamport, parents: node.parents))
                }
            }
        }

        /// Signatures left at the end of reading below which `finish` waits for them: 256
        /// take about 7 ms of two cores to verify.
        static let backlogNotWorthAGuess = 256

        /// One batch after its checks: what `checkDeferringSignatures` returns, and the
        /// fingerprints and shared verifications when the run wants them.
        struct CheckedBatch: Sendable {
            var checks: [NodeCheck]
            var deferred: [DeferredSignature?]
            var fingerprints: [SignatureFingerprint]
            var shared: Int
        }

        /// Runs the log rules while the last signatures are still being verified, on the
        /// assumption that they hold. Should one fail, the rules run again with that record
        /// rejected: the verdict is always the one of checking every signature first.
        /// With only a few signatures left (their answers came from the cache, or the
        /// input was small), it waits for them instead: the guess runs the rules on a copy
        /// of the log's storage, which costs more than the wait.
        package mutating func finish() -> LogVerdict {
            flush()
            progress?.readingFinished()
            if let last = inFlight { absorb(last) }
            inFlight = nil
            progress?.logRulesStarted()
            if verifier.backlog <= Self.backlogNotWorthAGuess {
                let late = verifier.finish()
                if late.isEmpty { return log.finish() }
                notePlaces(of: late, in: log.verdict())
                return log.finish(rejecting: late, with: NodeValidator.signatureInvalidFinding)
            }
            var speculative: LogVerdict? = log.verdict()
            let late = verifier.finish()
            if late.isEmpty { return speculative! }
            notePlaces(of: late, in: speculative!)
            speculative = nil  // let go of it before the second verdict is built
            return log.finish(rejecting: late, with: NodeValidator.signatureInvalidFinding)
        }
    }
}
