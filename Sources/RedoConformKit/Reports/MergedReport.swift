import RedoCore
import RedoJSON

/// N shard reports (`validate --shard K/N --format json`) read back and put in input
/// order: what one unsharded run of the same inputs would report, for the same writers
/// (`ReportedRun`). Reading checks that the reports are the N shards of one run, each
/// once, and that their records are every record of the input exactly once.
package struct MergedReport: ReportedRun {
    package let profile: ValidationProfile
    package let fileNames: [String]
    package let problems: [InputProblem]
    package let nodeCount: Int
    private let records: [Record]

    struct Record {
        let file: Int
        let source: String
        let id: String?
        let task: String?
        let status: RecordStatus
        let duplicateOf: String?
        let code: ErrorCode?
        let findings: [Finding]
    }

    /// Why the reports cannot be merged, naming the report (or "shard reports").
    package struct Problem: Error, CustomStringConvertible {
        package let description: String
        init(_ path: String, _ reason: String) { description = "\(path): \(reason)" }
    }

    package var recordCount: Int { records.count }
    package func status(_ record: Int) -> RecordStatus { records[record].status }
    package func code(_ record: Int) -> ErrorCode? { records[record].code }
    package func findings(_ record: Int) -> [Finding] { records[record].findings }
    package func fileIndex(_ record: Int) -> Int { records[record].file }
    package func source(_ record: Int) -> String { records[record].source }
    package func claimedId(_ record: Int) -> String? { records[record].id }
    package func taskId(_ record: Int) -> String? { records[record].task }
    package func originalSource(ofDuplicate record: Int) -> String? { records[record].duplicateOf }

    /// Reads and merges the shard reports at `paths` (any order).
    package static func read(_ paths: [String]) throws(Problem) -> MergedReport {
        var shards: [ShardReport] = []
        for path in paths {
            let bytes: [UInt8]
            do { bytes = try InputFile.readAll(InputPath(path)) } catch { throw Problem(error.path, error.reason) }
            let value: JSONValue
            do { value = try JSONReader.parse(bytes) } catch { throw Problem(path, "not JSON: \(error)") }
            shards.append(try ShardReport(value, path: path))
        }
        return try merge(shards)
    }

    private static func merge(_ shards: [ShardReport]) throws(Problem) -> MergedReport {
        guard let first = shards.first else { throw Problem("shard reports", "none given") }
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
        for shard in shards {
            for (position, record) in shard.recordsAt {
                guard position < slots.count else {
                    throw Problem(shard.path, "record position \(position) beyond the run's \(first.records) records")
                }
                guard slots[position] == nil else {
                    throw Problem(shard.path, "record position \(position) is in another shard report too")
                }
                slots[position] = record
            }
        }
        var records: [Record] = []
        records.reserveCapacity(slots.count)
        for (position, record) in slots.enumerated() {
            guard let record else {
                throw Problem("shard reports", "no shard report holds record position \(position)")
            }
            records.append(record)
        }
        let problems = shards.first { $0.index == 0 }!.problems
        return MergedReport(
            profile: first.profile, fileNames: first.files, problems: problems, nodeCount: first.nodes,
            records: records)
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
    let recordsAt: [(Int, MergedReport.Record)]

    private static let rules = Dictionary(uniqueKeysWithValues: Rule.all.map { ($0.id, $0) })

    init(_ value: JSONValue, path: String) throws(MergedReport.Problem) {
        self.path = path
        func fail(_ reason: String) -> MergedReport.Problem { MergedReport.Problem(path, reason) }
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
            let problemValues = root["problems"]?.arrayValue, let recordValues = root["records"]?.arrayValue
        else { throw fail("the report's profile, shard or lists are not as validate --shard writes them") }
        self.profile = profile
        self.index = index
        self.count = count
        self.records = records
        self.nodes = nodes
        self.files = files
        var problems: [InputProblem] = []
        for problem in problemValues {
            guard let path = problem.objectValue?["path"]?.stringValue,
                let message = problem.objectValue?["message"]?.stringValue
            else { throw fail("an input problem without path and message") }
            problems.append(InputProblem(path: path, message: message))
        }
        self.problems = problems
        var recordsAt: [(Int, MergedReport.Record)] = []
        recordsAt.reserveCapacity(recordValues.count)
        for value in recordValues {
            guard let record = try Self.record(value, files: files.count) else {
                throw fail("record \(recordsAt.count) is not as validate --shard writes it")
            }
            recordsAt.append(record)
        }
        self.recordsAt = recordsAt
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

    private static func record(_ value: JSONValue, files: Int) throws(MergedReport.Problem) -> (
        Int, MergedReport.Record
    )? {
        guard let object = value.objectValue, let position = count(object["position"]),
            let file = count(object["file"]), file < files, let source = object["source"]?.stringValue,
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
                file: file, source: source, id: id, task: task, status: status, duplicateOf: duplicateOf, code: code,
                findings: findings)
        )
    }
}
