import RedoCore
import RedoCrypto
import RedoJSON
import RedoText
import RedoValidation

/// `redo-conform verify PATH...`: content address and signature only — for each record,
/// is the id the hash of its canonical body, and does the signature verify? No schema or
/// log rules (that is `validate`).
package enum VerifyCommand {
    package enum Outcome: Sendable, Equatable {
        case ok
        case unsigned
        case hashMismatch(actual: String)
        case badSignature
        case unreadable(String)

        var failed: Bool { self != .ok }

        var text: String {
            switch self {
            case .ok: return "ok"
            case .unsigned: return "no signature"
            case let .hashMismatch(actual): return "id does not match the content (the body hashes to \(actual))"
            case .badSignature: return "signature does not verify with author.publicKey"
            case let .unreadable(reason): return reason
            }
        }
    }

    package static func outcome(_ record: InputRecord, cache: SignatureCache? = nil) -> Outcome {
        let value: JSONValue
        switch record.content {
        case let .bytes(bytes):
            do { value = try bytes.withUnsafeBufferPointer { try JSONReader.parse($0) } } catch {
                return .unreadable("not I-JSON: \(error)")
            }
        case let .value(parsed): value = parsed
        case let .finding(finding): return .unreadable(finding.message)
        }
        guard case let .object(node) = value else { return .unreadable("not a JSON object") }
        guard let idText = node["id"]?.stringValue, let id = NodeID(idText) else {
            return .unreadable("no well-formed id")
        }
        let body = NodeBody.canonicalBytes(of: node)
        let actual = NodeBody.id(ofCanonicalBody: body)
        if actual != id { return .hashMismatch(actual: actual.text) }
        guard let signatureValue = node["signature"] else { return .unsigned }
        guard let signatureText = signatureValue.stringValue, let signature = try? Ed25519Signature(hex: signatureText)
        else {
            return .unreadable("signature is not 128 lowercase hex digits")
        }
        guard let keyText = node["author"]?.objectValue?["publicKey"]?.stringValue,
            let key = try? Ed25519PublicKey(hex: keyText)
        else {
            return .unreadable("author.publicKey is not 64 lowercase hex digits")
        }
        if let cache { return cache.verify(signature, of: body, hash: actual.digest, by: key) ? .ok : .badSignature }
        return Ed25519.verify(signature, of: body, by: key) ? .ok : .badSignature
    }

    /// Each batch is verified on all cores while the next one is read.
    /// - Parameter progress: the progress line (stderr on a terminal), or nil. Failure
    /// lines go to stdout as records are checked, with the progress line taken off the
    /// screen around each write, since both may be the same terminal.
    package static func run(
        _ operands: [String], options: ValidationOptions, console: Console,
        progress: ProgressMeter? = nil
    ) -> ExitStatus {
        let (files, walkProblems) = InputFiles.expand(operands)
        var problems = walkProblems
        var failed = 0
        var total = 0
        var pending: [InputRecord] = []
        /// The batch being verified in the background while the next one is read.
        var inFlight: (records: [InputRecord], outcomes: BackgroundWork<[Outcome]>)?
        func report(_ batch: (records: [InputRecord], outcomes: BackgroundWork<[Outcome]>)) {
            for (record, result) in zip(batch.records, batch.outcomes.wait()) {
                total += 1
                if result.failed {
                    failed += 1
                    // File name and reason come from the input: escaped for display, one line.
                    let line = MessageText.displayed("\(record.source.text(files: files))  \(result.text)")
                    if let progress { progress.clearing { console.line(line) } } else { console.line(line) }
                }
            }
            progress?.checked(records: batch.records.count, signaturesPending: 0)
        }
        func flush() {
            guard !pending.isEmpty else { return }
            let records = pending
            let outcomes = BackgroundWork { [jobs = options.jobs, cache = options.cache] in
                ParallelMap.map(records, jobs: jobs) { outcome($0, cache: cache) }
            }
            progress?.advance(recordsRead: records.count)
            pending.removeAll(keepingCapacity: true)
            if let previous = inFlight { report(previous) }
            inFlight = (records, outcomes)
        }
        progress?.start(reading: files)
        for (index, file) in files.enumerated() {
            if let problem = RecordReader(file: file, index: Int32(index), options: options).read(
                { record in
                    pending.append(record)
                    if pending.count >= options.batchSize { flush() }
                }, bytesRead: { progress?.advance(bytes: $0) })
            {
                problems.append(problem)
            }
            flush()
        }
        progress?.readingFinished()
        if let last = inFlight { report(last) }
        progress?.finish()
        for problem in problems { console.error("error: \(problem)") }
        CacheUse.finish(options.cache, console: console)
        console.line("\(counted(total, "record")): \(total - failed) verified, \(failed) failed")
        if !problems.isEmpty { return .usageOrIO }
        return failed > 0 ? .findings : .ok
    }
}
