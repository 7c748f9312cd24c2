import RedoCore
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

/// A live log taken in batch by batch gives the batch validator's verdicts on the
/// concatenated batches and the batch replay's state, byte for byte, for every order and
/// split; and each update names exactly what changed.
final class LiveLogPropertyTests: XCTestCase {
    /// The random logs of these seeds, generated logs with forks, MERGEs, DELETEs and
    /// broken nodes, and every log scenario as one log.
    static let logs: [[[UInt8]]] =
        (0..<10).map { RandomLog(seed: 0x11FE + UInt64($0)).records }
        + [generated(.faulty, nodes: 120, tasks: 6), generated(.mergeStack, nodes: 60, tasks: 1)]
        + [LogVectorFiles.all.flatMap(\.records)]

    static func generated(_ shape: LogGenerator.Shape, nodes: Int, tasks: Int) -> [[UInt8]] {
        var records: [[UInt8]] = []
        LogGenerator(shape: shape, nodes: nodes, tasks: tasks, seed: "live", jobs: 1).generate { records.append($0) }
        return records
    }

    func testSingleRecords() throws {
        for (k, records) in Self.logs.dropLast().enumerated() {
            try LiveLogCheck.holds(records.map { [$0] }, "log \(k), one record at a time")
        }
    }

    func testRandomBatches() throws {
        var rng = SeededRandom(for: self, seed: 0x11FE_BA7C)
        for round in rng.rounds(1) {
            for (k, records) in Self.logs.enumerated() {
                let shuffled = records.shuffled(using: &rng)
                try LiveLogCheck.holds(
                    LiveLogCheck.split(shuffled, using: &rng), "round \(round), log \(k), shuffled in random batches")
                try LiveLogCheck.holds(
                    LiveLogCheck.split(records, using: &rng), "round \(round), log \(k), random batches")
            }
        }
    }

    func testReversedOrder() throws {
        var rng = SeededRandom(for: self, seed: 0x11FE_4E5E)
        for (k, records) in Self.logs.dropLast().enumerated() {
            let reversed = Array(records.reversed())
            try LiveLogCheck.holds(reversed.map { [$0] }, "log \(k), reversed, one at a time")
            try LiveLogCheck.holds(LiveLogCheck.split(reversed, using: &rng), "log \(k), reversed in batches")
        }
    }

    /// Nodes arrive roughly by lamport, each up to a few lamports late, as from devices that
    /// sync at different times: many come before nodes their task already holds in the total
    /// order, and are judged and replayed with the nodes after them only.
    func testLateNodes() throws {
        var rng = SeededRandom(for: self, seed: 0x11FE_1A7E)
        for (k, records) in Self.logs.enumerated() {
            let late = records.map {
                (record: $0, key: Double(LiveLogCheck.lamport($0)) + Double.random(in: 0..<4, using: &rng))
            }
            .sorted { $0.key < $1.key }.map(\.record)
            try LiveLogCheck.holds(late.map { [$0] }, "log \(k), late nodes one at a time")
            try LiveLogCheck.holds(LiveLogCheck.split(late, using: &rng), "log \(k), late nodes in batches")
        }
    }

    /// Every node's parents come in a later batch than the node: each batch releases the
    /// subtrees the ones before it left waiting.
    func testParentsAfterChildren() throws {
        for (k, records) in Self.logs.enumerated() {
            let byLamport = records.sorted { LiveLogCheck.lamport($0) > LiveLogCheck.lamport($1) }
            var batches: [[[UInt8]]] = []
            for record in byLamport {
                if let last = batches.last?.last, LiveLogCheck.lamport(last) == LiveLogCheck.lamport(record) {
                    batches[batches.count - 1].append(record)
                } else {
                    batches.append([record])
                }
            }
            try LiveLogCheck.holds(batches, "log \(k), parents after children")
        }
    }

    /// Duplicates, records that are not JSON, unknown keys: the batch validator's verdicts.
    func testBadRecords() throws {
        var rng = SeededRandom(for: self, seed: 0x11FE_BAD)
        for (k, records) in Self.logs.prefix(10).enumerated() {
            var mixed = records + records.prefix(5)
            mixed.append(Array("not json".utf8))
            mixed.append(Array("{\"id\":1}".utf8))
            if let first = records.first, var object = try? JSONReader.parse(first).objectValue {
                object["unexpected"] = .string("key")
                mixed.append(OrderedJSONWriter.bytes(.object(object)))
            }
            mixed.shuffle(using: &rng)
            try LiveLogCheck.holds(LiveLogCheck.split(mixed, using: &rng), "log \(k) with bad records")
        }
    }

    /// The usual sync (new nodes on the heads) does not run the rules again, and still
    /// gives the batch verdicts.
    func testNewNodesOnHeadsAreJudgedAlone() throws {
        let records = Self.generated(.benign, nodes: 400, tasks: 40)
        var live = LiveLog()
        _ = try live.ingest(Array(records.prefix(300)))
        let before = live.rulesRunAgain
        for k in stride(from: 300, to: 400, by: 10) {
            _ = try live.ingest([records[k]])
            _ = try live.ingest(Array(records[(k + 1)..<(k + 10)]))
        }
        XCTAssertEqual(live.rulesRunAgain, before)
        let validator = NodeValidator()
        XCTAssertEqual(live.verdicts, LogValidator().validate(records.map { validator.check(bytes: $0) }).records)
    }

    func testLimitLeavesTheLogUnchanged() throws {
        let records = RandomLog(seed: 3).records
        var live = LiveLog(limits: LiveLogLimits(records: records.count, bytes: 1 << 20))
        _ = try live.ingest(Array(records.dropLast()))
        let verdicts = live.verdicts
        XCTAssertThrowsError(try live.ingest(Array(records.suffix(2)))) { error in
            XCTAssertEqual((error as? LiveLogLimitExceeded)?.limit, .records)
        }
        XCTAssertEqual(live.verdicts, verdicts)
        var small = LiveLog(limits: LiveLogLimits(bytes: 10))
        XCTAssertThrowsError(try small.ingest([Array("0123456789x".utf8)]))
        XCTAssertTrue(small.verdicts.isEmpty)
        _ = try live.ingest(Array(records.suffix(1)))
        XCTAssertEqual(live.verdicts.count, records.count)
    }
}

/// Takes batches into a live log and holds it to the batch validator and replay.
enum LiveLogCheck {
    /// `batches` cut into a live log: after each, its verdicts equal `LogValidator`'s on
    /// the records so far and its state the batch replay's, and the update's verdicts and
    /// changed tasks, applied to what the caller knew, give the same.
    @discardableResult
    static func holds(_ batches: [[[UInt8]]], _ context: String) throws -> LiveLog {
        var live = LiveLog()
        var known: [RecordVerdict] = []
        var knownTasks: [UUIDv4: [UInt8]] = [:]
        var taken: [[UInt8]] = []
        for (k, batch) in batches.enumerated() {
            let update = try live.ingest(batch)
            taken += batch
            XCTAssertEqual(update.firstRecord, known.count, context)
            for change in update.changedVerdicts { known[change.record] = change.verdict }
            known += update.verdicts
            for change in update.changedTasks { knownTasks[change.taskId] = change.task.map(rendered) }
            let validator = NodeValidator()
            let verdict = LogValidator().validate(taken.map { validator.check(bytes: $0) })
            guard live.verdicts == verdict.records, known == verdict.records else {
                let first = verdict.records.indices.first { live.verdicts[$0] != verdict.records[$0] }
                XCTFail(
                    "\(context), batch \(k): verdicts differ (record \(first.map(String.init) ?? "in an update"))"
                        + (first.map { ": live \(live.verdicts[$0]), batch \(verdict.records[$0])" } ?? ""))
                return live
            }
            let reconstruction = Reconstructor.reconstruct(verdict)
            let state = StateRendering.canonicalBytes(reconstruction)
            guard StateRendering.canonicalBytes(live.reconstruction) == state else {
                XCTFail("\(context), batch \(k): states differ")
                return live
            }
            let expected = Dictionary(uniqueKeysWithValues: reconstruction.tasks.map { ($0.taskId, rendered($0)) })
            guard knownTasks == expected else {
                XCTFail("\(context), batch \(k): the updates' changed tasks do not add up to the state")
                return live
            }
        }
        return live
    }

    static func rendered(_ task: ReconstructedTask) -> [UInt8] {
        CanonicalJSON.bytes(of: StateRendering.taskJSON(task))
    }

    /// `records` cut into batches of 1 to 8 records.
    static func split(_ records: [[UInt8]], using rng: inout some RandomNumberGenerator) -> [[[UInt8]]] {
        var batches: [[[UInt8]]] = []
        var k = 0
        while k < records.count {
            let count = Int.random(in: 1...8, using: &rng)
            batches.append(Array(records[k..<min(records.count, k + count)]))
            k += count
        }
        return batches
    }

    /// The record's lamport, 0 when it has none.
    static func lamport(_ record: [UInt8]) -> Int64 {
        guard let object = (try? JSONReader.parse(record))?.objectValue,
            let lamport = object["timestamp"]?.objectValue?["lamport"]?.numberValue
        else { return 0 }
        return Int64(lamport)
    }
}
