import Foundation
import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoValidation

/// Checks that a log's verdicts and reconstructed state do not depend on how the log is
/// laid out: on random logs (`RandomLog`), each invariant compares the outcome of the log
/// as drawn with the outcome of a rewritten copy, through the same validation run
/// `validate` uses (files included). A failure names the seed and a shrunk log.
package struct RandomLogInvariants {
    package enum Invariant: String, CaseIterable, Sendable {
        case shuffled = "records shuffled"
        case split = "split across files"
        case duplicated = "every record duplicated"
        case array = "written as an array"
        case firestoreMap = "written as a Firestore map"
        case nestedExport = "written as a nested users export"
        case resigned = "a re-signed copy added"
        case oneTask = "other tasks removed (tasks that name no other task's node)"
    }

    package struct Failure: Error, CustomStringConvertible {
        package let seed: UInt64
        package let invariant: Invariant
        package let detail: String
        /// The smallest log found that still breaks the invariant, JSON Lines.
        package let shrunk: [[UInt8]]

        package var description: String {
            let lines = shrunk.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
            return """
                invariant "\(invariant.rawValue)" broken on the random log of seed \(seed) (\(detail)); \
                a log of \(shrunk.count) record\(shrunk.count == 1 ? "" : "s") that breaks it:
                \(lines)
                """
        }
    }

    /// How many logs each invariant was checked on (a shape that cannot hold a log, or a
    /// log without a valid record to copy, is not counted).
    package private(set) var checked: [Invariant: Int] = [:]
    package private(set) var logs = 0
    private let scratch: String

    /// `scratch`: a folder for the files the split and shape invariants write.
    package init(scratch: String) {
        self.scratch = scratch
    }

    /// Checks every invariant on the log of `seed`; the first one broken, shrunk.
    package mutating func check(seed: UInt64) -> Failure? {
        let log = RandomLog(seed: seed)
        logs += 1
        let reference = Outcome(inMemory: log.records)
        for invariant in Invariant.allCases {
            guard let broken = breaks(invariant, log.records, seed: seed, reference: reference) else { continue }
            checked[invariant, default: 0] += 1
            if let detail = broken {
                let shrunk = shrink(log.records) { breaks(invariant, $0, seed: seed)?.flatMap { $0 } != nil }
                return Failure(seed: seed, invariant: invariant, detail: detail, shrunk: shrunk)
            }
        }
        return nil
    }

    /// The counts, one line per invariant, for the CI log.
    package var summary: [String] {
        Invariant.allCases.map { "\($0.rawValue): \(checked[$0] ?? 0) of \(logs) random logs checked" }
    }

    // MARK: - One invariant

    /// nil when the invariant does not apply to these records; .some(nil) when it holds;
    /// .some(detail) when it is broken.
    private func breaks(_ invariant: Invariant, _ records: [[UInt8]], seed: UInt64, reference: Outcome? = nil)
        -> String??
    {
        var random = SplitMix64(seed: seed ^ 0x1A7E_5EED)
        let reference = reference ?? Outcome(inMemory: records)
        func differs(_ other: Outcome?) -> String?? {
            guard let other else { return .some("an input problem") }
            return .some(other == reference ? nil : other.difference(from: reference))
        }
        switch invariant {
        case .shuffled:
            return differs(Outcome(inMemory: records.shuffled(using: &random)))
        case .split:
            guard records.allSatisfy(Self.isOneLine) else { return nil }
            let parts = 2 + random.below(3)
            var files = [[UInt8]](repeating: [], count: parts)
            for record in records { files[random.below(parts)] += record + [0x0A] }
            // An empty file is an input problem (an export that came out empty): none written.
            let written = files.enumerated().filter { !$0.element.isEmpty }
            return differs(outcome(files: written.map { ("part-\($0.offset).jsonl", $0.element) }))
        case .duplicated:
            return differs(Outcome(inMemory: records.flatMap { [$0, $0] }))
        case .array:
            guard records.allSatisfy({ (try? JSONReader.parse($0)) != nil }) else { return nil }
            let joined = Array(records.joined(separator: [0x2C, 0x0A]))
            return differs(outcome(files: [("log.json", [0x5B] + joined + [0x5D])]))
        case .firestoreMap, .nestedExport:
            guard let ids = Self.distinctIds(records) else { return nil }
            let members = zip(ids, records).map { OrderedJSONWriter.bytes(.string($0)) + [0x3A] + $1 }
            var document: [UInt8]
            if invariant == .firestoreMap {
                document = [0x7B] + Array(members.joined(separator: [0x2C])) + [0x7D]
            } else {
                // Two users, each with some of the changes.
                var users: [[[UInt8]]] = [[], []]
                for member in members { users[random.below(2)].append(member) }
                let nonEmpty = users.enumerated().filter { !$0.element.isEmpty }
                let inner = nonEmpty.map { user, changes in
                    Array("\"user-\(user)\":{\"changes\":{".utf8) + Array(changes.joined(separator: [0x2C])) + [
                        0x7D, 0x7D,
                    ]
                }
                document = Array("{\"users\":{".utf8) + Array(inner.joined(separator: [0x2C])) + [0x7D, 0x7D]
            }
            return differs(outcome(files: [("export.json", document)]))
        case .resigned:
            let verdict = ValidationRun(options: ValidationOptions()).run(records: records)
            let valid = records.indices.filter { verdict.records[$0].status == .valid }
            guard !valid.isEmpty, let copy = Self.resigned(records[valid[random.below(valid.count)]], &random) else {
                return nil
            }
            var more = records
            more.insert(copy, at: random.below(records.count + 1))
            return differs(Outcome(inMemory: more))
        case .oneTask:
            let tasks = Self.taskIds(records)
            // A task that names a node of another task as a parent does not stand alone: its
            // record's code depends on that node (E_PARENT_NOT_FOUND under parents.otherTask
            // when it is a node, X_ANCESTOR_REJECTED when all its records failed node-level
            // checks, E_PARENT_NOT_FOUND under parents.notFound once it is removed).
            let standing = Self.tasksStandingAlone(records, tasks: tasks)
            guard !standing.isEmpty else { return nil }
            for task in standing {
                let kept = records.indices.filter { tasks[$0] == task }.map { records[$0] }
                let ids = Set(kept.compactMap(Self.claimedId))
                let alone = Outcome(inMemory: kept).restricted(to: task, ids: ids)
                let whole = reference.restricted(to: task, ids: ids)
                if alone != whole { return .some("task \(task): \(alone.difference(from: whole))") }
            }
            return .some(nil)
        }
    }

    /// Writes `files` into a fresh folder under the scratch folder and validates it.
    private func outcome(files: [(name: String, bytes: [UInt8])]) -> Outcome? {
        let folder = scratch + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for file in files {
            guard FileManager.default.createFile(atPath: folder + "/" + file.name, contents: Data(file.bytes)) else {
                return nil
            }
        }
        let result = ValidationRun(options: ValidationOptions()).run([folder])
        guard result.problems.isEmpty else { return nil }
        return Outcome(result.verdict)
    }

    // MARK: - Shrinking

    /// Drops records one at a time while the log still breaks the invariant, until no
    /// single record can go.
    private func shrink(_ records: [[UInt8]], _ stillBreaks: ([[UInt8]]) -> Bool) -> [[UInt8]] {
        var current = records
        var changed = true
        while changed {
            changed = false
            var k = current.count - 1
            while k >= 0 {
                var smaller = current
                smaller.remove(at: k)
                if !smaller.isEmpty && stillBreaks(smaller) {
                    current = smaller
                    changed = true
                }
                k -= 1
            }
        }
        return current
    }

    // MARK: - Records

    static func isOneLine(_ record: [UInt8]) -> Bool {
        !record.contains(0x0A) && !record.contains(0x0D) && record.contains { $0 != 0x20 && $0 != 0x09 }
    }

    static func claimedId(_ record: [UInt8]) -> String? {
        (try? JSONReader.parse(record))?.objectValue?["id"]?.stringValue
    }

    /// Each record's id, when every record is an object with a string id and no two share
    /// one (what a map keyed by id can hold).
    static func distinctIds(_ records: [[UInt8]]) -> [String]? {
        var seen = Set<String>()
        var ids: [String] = []
        for record in records {
            guard let id = claimedId(record), seen.insert(id).inserted else { return nil }
            ids.append(id)
        }
        return ids
    }

    /// The tasks none of whose records names, as a parent, an id a record of another
    /// task claims.
    static func tasksStandingAlone(_ records: [[UInt8]], tasks: [String?]) -> [String] {
        let parsed = records.map { (try? JSONReader.parse($0))?.objectValue }
        var taskOfId: [String: Set<String>] = [:]
        for (node, task) in zip(parsed, tasks) {
            if let id = node?["id"]?.stringValue, let task { taskOfId[id, default: []].insert(task) }
        }
        var tied = Set<String>()
        for (node, task) in zip(parsed, tasks) {
            guard let task else { continue }
            for parent in node?["parents"]?.arrayValue ?? [] {
                if let id = parent.stringValue, let owners = taskOfId[id], owners != [task] { tied.insert(task) }
            }
        }
        return Set(tasks.compactMap { $0 }).subtracting(tied).sorted()
    }

    static func taskIds(_ records: [[UInt8]]) -> [String?] {
        records.map { (try? JSONReader.parse($0))?.objectValue?["taskId"]?.stringValue }
    }

    /// The record signed again by its author with a random nonce: another valid signature
    /// of the same node, as randomized signers make.
    static func resigned(_ record: [UInt8], _ random: inout SplitMix64) -> [UInt8]? {
        guard case let .object(node)? = try? JSONReader.parse(record),
            let publicKey = node["author"]?.objectValue?["publicKey"]?.stringValue,
            let key = RandomLog.key(for: publicKey)
        else { return nil }
        let nonce = (0..<32).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        return node.signed(by: key, nonce: nonce).map { OrderedJSONWriter.bytes(.object($0)) }
    }
}

/// What the invariants compare: the reconstructed state (which lists every rejected id
/// with its code), the number of valid records and the warnings on them.
struct Outcome: Equatable {
    var state: JSONValue
    var validRecords: Int
    var warnings: [String]

    init(_ verdict: LogVerdict) {
        let bytes = StateRendering.canonicalBytes(Reconstructor.reconstruct(verdict))
        state = (try? JSONReader.parse(bytes)) ?? .null
        let valid = verdict.records.filter { $0.status == .valid }
        validRecords = valid.count
        warnings = valid.flatMap { $0.findings.filter { $0.severity == .warning }.map(\.code.rawValue) }.sorted()
    }

    init(inMemory records: [[UInt8]]) {
        self.init(ValidationRun(options: ValidationOptions()).run(records: records))
    }

    private init(state: JSONValue) {
        self.state = state
        validRecords = 0
        warnings = []
    }

    /// The part of the state about one task: its entry, whether it is deleted, and the
    /// rejected ids among `ids`.
    func restricted(to task: String, ids: Set<String>) -> Outcome {
        let object = state.objectValue
        let tasks = object?["tasks"]?.arrayValue?.filter { $0.objectValue?["taskId"]?.stringValue == task } ?? []
        let deleted = object?["deleted"]?.arrayValue?.filter { $0.stringValue == task } ?? []
        let rejected =
            object?["rejected"]?.arrayValue?.filter { ($0.objectValue?["id"]?.stringValue).map(ids.contains) ?? false }
            ?? []
        return Outcome(
            state: .object(
                JSONObject([
                    JSONMember(key: "tasks", value: .array(tasks)), JSONMember(key: "deleted", value: .array(deleted)),
                    JSONMember(key: "rejected", value: .array(rejected)),
                ])))
    }

    func difference(from reference: Outcome) -> String {
        if validRecords != reference.validRecords {
            return "\(validRecords) valid records instead of \(reference.validRecords)"
        }
        if warnings != reference.warnings { return "warnings \(warnings) instead of \(reference.warnings)" }
        let text = { (value: JSONValue) in String(decoding: CanonicalJSON.bytes(of: value), as: UTF8.self) }
        return "state \(text(state)) instead of \(text(reference.state))"
    }
}
