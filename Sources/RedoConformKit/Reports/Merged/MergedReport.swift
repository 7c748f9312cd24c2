import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// N shard reports (`validate --shard K/N --format json`) read back and put in input
/// order: what one unsharded run of the same inputs would report, for the same writers
/// (`ReportedRun`). Reading checks that the reports are the N shards of one run, each
/// once, and that their records are every record of the input exactly once.
package struct MergedReport: ReportedRun {
    package let profile: ValidationProfile
    package let fileNames: [String]
    package let problems: [InputProblem]
    package let nodeCount: Int
    /// The sum of the shards' counts: a task's records, DELETEs included, are all in one shard.
    package let deletedTaskCount: Int
    /// In input order; every slot is filled (`merge` checks), so that the records are
    /// placed once, not copied into a second array.
    private let records: [Record?]
    /// Each shard report's `Text`, by the `shard` of its records.
    private let texts: [Text]

    /// A record as its shard report gives it. Its source, id and task stay UTF-8 bytes in
    /// its shard's `Text` until a report writer asks for them: a million records then keep
    /// no three million strings.
    struct Record {
        let shard: Int32
        let file: Int32
        let text: Text.Strings
        let status: RecordStatus
        let code: ErrorCode?
        /// Set on a duplicate only (few in any log).
        let duplicateOf: String?
        let findings: [Finding]
    }

    /// The source, id and task of a shard report's records, one after another in one buffer,
    /// each as few bytes as give it back exactly: a source without its file's name (kept
    /// once), an id that is a node id as its 32 digest bytes, a taskId that is a UUID v4 as
    /// its 16: about 55 bytes a record of a JSON Lines log instead of 160.
    struct Text {
        private(set) var bytes: [UInt8] = []
        /// Distinct heads of sources (a source up to its last `:` or `#`, or all of it):
        /// the file names, mostly, which every record of a file repeats.
        private var heads: [String] = []
        private var headIndex: [BytewiseString: Int32] = [:]
        private var lastHead: (number: Int32, utf8: [UInt8])?

        /// Where a record's strings are: from `start`, the source's tail, then the id and
        /// the task. A length of -1 is null; `packed`, the id's digest or the task's bits.
        struct Strings {
            let start: Int
            let head: Int32
            let source: Int32
            let id: Int32
            let task: Int32

            static let packed: Int32 = -2
        }

        /// Appends a record's strings (nil: null).
        mutating func append(source: String, id: String?, task: String?) -> Strings {
            let start = bytes.count
            var source = source
            let (head, tail) = source.withUTF8 { utf8 in
                let cut = utf8.lastIndex { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "#") } ?? utf8.count
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[cut...]))
                return (headNumber(UnsafeBufferPointer(rebasing: utf8[..<cut])), utf8.count - cut)
            }
            return Strings(start: start, head: head, source: Int32(tail), id: appendId(id), task: appendTask(task))
        }

        /// The number of a source's head, kept the first time it is seen. A file's records
        /// come one after another, so the last head used is tried first, by its bytes.
        private mutating func headNumber(_ utf8: UnsafeBufferPointer<UInt8>) -> Int32 {
            if let last = lastHead, last.utf8.elementsEqual(utf8) { return last.number }
            let text = BytewiseString(String(decoding: utf8, as: UTF8.self))
            let number: Int32
            if let known = headIndex[text] {
                number = known
            } else {
                number = Int32(heads.count)
                heads.append(text.string)
                headIndex[text] = number
            }
            lastHead = (number, Array(utf8))
            return number
        }

        /// The strict spellings parse to their bits one to one (the parsers refuse any other
        /// spelling), so the bits give the text back exactly.
        private mutating func appendId(_ id: String?) -> Int32 {
            guard let id else { return -1 }
            if let node = NodeID(id) {
                for word in [node.digest.w0, node.digest.w1, node.digest.w2, node.digest.w3] {
                    withUnsafeBytes(of: word.bigEndian) { bytes.append(contentsOf: $0) }
                }
                return Strings.packed
            }
            bytes.append(contentsOf: id.utf8)
            return Int32(id.utf8.count)
        }

        private mutating func appendTask(_ task: String?) -> Int32 {
            guard let task else { return -1 }
            if let uuid = UUIDv4(task) {
                for word in [uuid.high, uuid.low] {
                    withUnsafeBytes(of: word.bigEndian) { bytes.append(contentsOf: $0) }
                }
                return Strings.packed
            }
            bytes.append(contentsOf: task.utf8)
            return Int32(task.utf8.count)
        }

        func source(_ strings: Strings) -> String {
            heads[Int(strings.head)] + String(decoding: bytes[strings.start..<idStart(strings)], as: UTF8.self)
        }

        func id(_ strings: Strings) -> String? {
            let at = idStart(strings)
            switch strings.id {
            case -1: return nil
            case Strings.packed: return nodeId(at: at).text
            default: return String(decoding: bytes[at..<at + Int(strings.id)], as: UTF8.self)
            }
        }

        func task(_ strings: Strings) -> String? {
            let at = taskStart(strings)
            switch strings.task {
            case -1: return nil
            case Strings.packed: return UUIDv4(high: word(at), low: word(at + 8)).text
            default: return String(decoding: bytes[at..<at + Int(strings.task)], as: UTF8.self)
            }
        }

        /// `id(strings)` as JSON (a string or null), a packed id spelled straight from its bits.
        func appendIdJSON(_ strings: Strings, to out: inout [UInt8]) {
            if strings.id == Strings.packed { return nodeId(at: idStart(strings)).appendQuoted(to: &out) }
            appendJSONString(id(strings), to: &out)
        }

        /// `task(strings)` as JSON, the same way.
        func appendTaskJSON(_ strings: Strings, to out: inout [UInt8]) {
            let at = taskStart(strings)
            if strings.task == Strings.packed {
                return UUIDv4(high: word(at), low: word(at + 8)).appendQuoted(to: &out)
            }
            appendJSONString(task(strings), to: &out)
        }

        private func nodeId(at start: Int) -> NodeID {
            bytes.withUnsafeBytes {
                NodeID(digest: RedoSHA256Digest(bytes: UnsafeRawBufferPointer(rebasing: $0[start..<start + 32])))
            }
        }

        private func taskStart(_ strings: Strings) -> Int { idStart(strings) + Self.length(ofId: strings.id) }

        private func idStart(_ strings: Strings) -> Int { strings.start + Int(strings.source) }

        private static func length(ofId id: Int32) -> Int {
            switch id {
            case -1: 0
            case Strings.packed: 32
            default: Int(id)
            }
        }

        /// The big-endian word at `at`.
        private func word(_ at: Int) -> UInt64 {
            bytes.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        }
    }

    /// Why the reports cannot be merged, naming the report (or "shard reports").
    package struct Problem: Error, CustomStringConvertible {
        package let description: String
        init(_ path: String, _ reason: String) { description = "\(path): \(reason)" }
    }

    package var recordCount: Int { records.count }
    package func status(_ record: Int) -> RecordStatus { records[record]!.status }
    package func code(_ record: Int) -> ErrorCode? { records[record]!.code }
    package func findings(_ record: Int) -> [Finding] { records[record]!.findings }
    package func fileIndex(_ record: Int) -> Int { Int(records[record]!.file) }
    package func source(_ record: Int) -> String { strings(record) { $0.source($1) } }
    package func claimedId(_ record: Int) -> String? { strings(record) { $0.id($1) } }
    package func taskId(_ record: Int) -> String? { strings(record) { $0.task($1) } }
    package func originalSource(ofDuplicate record: Int) -> String? { records[record]!.duplicateOf }
    package func appendClaimedIdJSON(_ record: Int, to out: inout [UInt8]) {
        strings(record) { $0.appendIdJSON($1, to: &out) }
    }
    package func appendTaskIdJSON(_ record: Int, to out: inout [UInt8]) {
        strings(record) { $0.appendTaskJSON($1, to: &out) }
    }

    private func strings<R>(_ record: Int, _ read: (Text, Text.Strings) -> R) -> R {
        let record = records[record]!
        return read(texts[Int(record.shard)], record.text)
    }

    /// Reads and merges the shard reports at `paths` (any order).
    package static func read(_ paths: [String]) throws(Problem) -> MergedReport {
        var shards: [ShardReport] = []
        for path in paths {
            let bytes: [UInt8]
            do { bytes = try InputFile.readAll(InputPath(path)) } catch { throw Problem(error.path, error.reason) }
            let slot = shards.count
            let shard = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(Problem) in try ShardReport(buffer, path: path, slot: slot) }
            }
            shards.append(try shard.get())
        }
        return try merge(consume shards)
    }

    private static func merge(_ given: consuming [ShardReport]) throws(Problem) -> MergedReport {
        var shards = given
        guard !shards.isEmpty else { throw Problem("shard reports", "none given") }
        // The first report without its records (which `slots` takes over, shard by shard).
        var first = shards[0]
        first.recordsAt = []
        let count = first.count
        var byIndex: [Int: String] = [:]
        for shard in shards {
            guard shard.count == count, shard.profile == first.profile, shard.records == first.records,
                shard.nodes == first.nodes, shard.files == first.files
            else {
                throw Problem(shard.path, "not a shard of the same run as \(first.path) (other inputs or options)")
            }
            if let other = byIndex[shard.index] {
                throw Problem(shard.path, "shard \(shard.index)/\(count) again (also \(other))")
            }
            byIndex[shard.index] = shard.path
        }
        if let missing = (0..<count).first(where: { byIndex[$0] == nil }) {
            throw Problem("shard reports", "shard \(missing)/\(count) is missing (\(shards.count) of \(count) given)")
        }
        var slots = [Record?](repeating: nil, count: first.records)
        for k in shards.indices {
            let path = shards[k].path
            for (position, record) in shards[k].recordsAt {
                guard position < slots.count else {
                    throw Problem(path, "record position \(position) beyond the run's \(first.records) records")
                }
                guard slots[position] == nil else {
                    throw Problem(path, "record position \(position) is in another shard report too")
                }
                slots[position] = record
            }
            shards[k].recordsAt = []  // placed: not held twice
        }
        if let position = slots.firstIndex(where: { $0 == nil }) {
            throw Problem("shard reports", "no shard report holds record position \(position)")
        }
        let problems = shards.first { $0.index == 0 }!.problems
        return MergedReport(
            profile: first.profile, fileNames: first.files, problems: problems, nodeCount: first.nodes,
            deletedTaskCount: shards.reduce(0) { $0 + $1.deletedTasks }, records: slots, texts: shards.map(\.text))
    }
}

/// One shard report as read (the format `ShardReportView` describes).
private struct ShardReport {
    let path: String
    let profile: ValidationProfile
    let index: Int
    let count: Int
    let records: Int
    let nodes: Int
    let files: [String]
    let problems: [InputProblem]
    /// The shard's own deleted tasks (its summary's `deletedTasks`).
    let deletedTasks: Int
    /// Its records by position in the whole input (emptied once `merge` has placed them).
    var recordsAt: [(Int, MergedReport.Record)]
    /// Their source, id and task.
    let text: MergedReport.Text

    private static let rules = Dictionary(uniqueKeysWithValues: Rule.all.map { ($0.id, $0) })

    /// The records read so far, each converted as soon as the parser has read it.
    private final class RecordsRead {
        let slot: Int32
        var recordsAt: [(Int, MergedReport.Record)] = []
        var text = MergedReport.Text()
        var count = 0
        /// The first record not as `validate --shard` writes it; none is kept after it.
        var firstBad: Int?

        init(slot: Int32) { self.slot = slot }

        func add(_ value: JSONValue) {
            defer { count += 1 }
            guard firstBad == nil else { return }
            guard let record = ShardReport.record(value, slot: slot, text: &text) else {
                firstBad = count
                return
            }
            recordsAt.append(record)
        }
    }

    /// Parses the report in `bytes`. Its records are converted one by one as the parser
    /// reads them, so that neither a tree nor a tape of a million records is ever held.
    /// `slot`: the report's place among the reports read, which its records name.
    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String, slot: Int) throws(MergedReport.Problem) {
        self.path = path
        func fail(_ reason: String) -> MergedReport.Problem { MergedReport.Problem(path, reason) }
        let read = RecordsRead(slot: Int32(slot))
        let value: JSONValue
        do {
            value = try JSONReader.parse(bytes, streamingElementsOf: "records") { read.add($0) }
        } catch { throw fail("not JSON: \(error)") }
        guard let root = value.objectValue, root["format"]?.stringValue == JSONReport.format,
            root["version"]?.numberValue == Double(JSONReport.version)
        else { throw fail("not a \(JSONReport.format) version \(JSONReport.version) report") }
        guard let shard = root["shard"]?.objectValue else {
            throw fail("not a shard report (write one with validate --shard K/N --format json)")
        }
        guard let profileText = root["profile"]?.stringValue, let profile = ValidationProfile(rawValue: profileText),
            let index = Self.count(shard["index"]), let count = Self.count(shard["count"]), index < count,
            let records = Self.count(shard["records"]), let nodes = Self.count(shard["nodes"]),
            let files = shard["files"]?.arrayValue?.compactMap(\.stringValue),
            files.count == shard["files"]?.arrayValue?.count,
            let problemValues = root["problems"]?.arrayValue, root["records"]?.arrayValue != nil,
            let deletedTasks = Self.count(root["summary"]?.objectValue?["deletedTasks"])
        else { throw fail("the report's profile, shard or lists are not as validate --shard writes them") }
        self.profile = profile
        self.index = index
        self.count = count
        self.records = records
        self.nodes = nodes
        self.files = files
        self.deletedTasks = deletedTasks
        var problems: [InputProblem] = []
        for problem in problemValues {
            guard let path = problem.objectValue?["path"]?.stringValue,
                let message = problem.objectValue?["message"]?.stringValue
            else { throw fail("an input problem without path and message") }
            problems.append(InputProblem(path: path, message: message))
        }
        self.problems = problems
        // The records were read before the list of files could be relied on (a report
        // need not list `shard` first), so their file indexes are checked now.
        let beyond = read.recordsAt.firstIndex { Int($0.1.file) >= files.count }
        if let bad = [read.firstBad, beyond].compactMap({ $0 }).min() {
            throw fail("record \(bad) is not as validate --shard writes it")
        }
        recordsAt = read.recordsAt
        text = read.text
    }

    /// A whole number from 0 up (a JSON number is a double: exact far beyond any count).
    private static func count(_ value: JSONValue?) -> Int? {
        guard let number = value?.numberValue, number >= 0, number < 9e15, number.rounded() == number else {
            return nil
        }
        return Int(number)
    }

    private static func optionalString(_ value: JSONValue?) -> String?? {
        switch value {
        case .null: return .some(nil)
        case let .string(text)?: return .some(text)
        default: return nil
        }
    }

    /// The record `value` at its position, its strings appended to `text`; nil when it is
    /// not as `validate --shard` writes a record.
    fileprivate static func record(
        _ value: JSONValue, slot: Int32, text: inout MergedReport.Text
    ) -> (Int, MergedReport.Record)? {
        guard let object = value.objectValue, let position = count(object["position"]),
            let file = count(object["file"]), file <= Int(Int32.max), let source = object["source"]?.stringValue,
            let id = optionalString(object["id"]), let task = optionalString(object["taskId"]),
            let status = object["status"]?.stringValue.flatMap(RecordStatus.init(rawValue:)),
            let codeText = optionalString(object["code"]), let findingValues = object["findings"]?.arrayValue
        else { return nil }
        let code = codeText.flatMap(ErrorCode.init(rawValue:))
        guard (codeText == nil) == (code == nil) else { return nil }
        var duplicateOf: String?
        if let original = object["duplicateOf"] {
            guard let text = original.stringValue else { return nil }
            duplicateOf = text
        }
        var findings: [Finding] = []
        findings.reserveCapacity(findingValues.count)
        for value in findingValues {
            guard let finding = value.objectValue, let rule = finding["rule"]?.stringValue.flatMap({ rules[$0] }),
                finding["code"]?.stringValue == rule.code.rawValue,
                finding["severity"]?.stringValue == rule.severity.rawValue,
                let message = finding["message"]?.stringValue, let path = finding["path"]?.stringValue,
                let relatedValues = finding["related"]?.arrayValue
            else { return nil }
            let related = relatedValues.compactMap(\.stringValue)
            guard related.count == relatedValues.count else { return nil }
            findings.append(Finding(rule, message, path: path, related: related))
        }
        return (
            position,
            MergedReport.Record(
                shard: slot, file: Int32(file), text: text.append(source: source, id: id, task: task), status: status,
                code: code, duplicateOf: duplicateOf, findings: findings)
        )
    }
}
