import RedoCore
import RedoJSON

/// What the report writers read: the inputs, their problems and, per record in input
/// order, its verdict and what it claims. A validation run is one (`ValidationResult`); so
/// are one shard's records of a run (`ShardReportView`) and shard reports merged back
/// together (`MergedReport`), which is how `merge-reports` writes the very bytes one
/// unsharded run writes: through the same writers.
package protocol ReportedRun: Sendable {
    /// Every input file as reports show it, in reading order.
    var fileNames: [String] { get }
    var problems: [InputProblem] { get }
    var recordCount: Int { get }
    func status(_ record: Int) -> RecordStatus
    /// The primary code; nil for valid and duplicate records.
    func code(_ record: Int) -> ErrorCode?
    func findings(_ record: Int) -> [Finding]
    /// The index in `fileNames` of the file the record came from.
    func fileIndex(_ record: Int) -> Int
    /// "file:line", "file#key" or "file".
    func source(_ record: Int) -> String
    /// The id text a record claims, if it has a string id.
    func claimedId(_ record: Int) -> String?
    /// The taskId text a record claims, if it has a string taskId.
    func taskId(_ record: Int) -> String?
    /// For a duplicate record, the source of the record that stands for its node.
    func originalSource(ofDuplicate record: Int) -> String?
    /// Distinct ids the records claim, each record without a string id counting alone.
    var nodeCount: Int { get }
    /// Tasks the log deleted (`DeletedTasks`): reconstruct lists them, so the summary counts them.
    var deletedTaskCount: Int { get }
    /// `claimedId(record)` as JSON (a string or null), appended to `out`; and the same of
    /// `taskId(record)`. The json report writes them for every record: a run can spell its
    /// nodes' ids and tasks straight from their bits instead of making strings.
    func appendClaimedIdJSON(_ record: Int, to out: inout [UInt8])
    func appendTaskIdJSON(_ record: Int, to out: inout [UInt8])
}

extension ReportedRun {
    package func appendClaimedIdJSON(_ record: Int, to out: inout [UInt8]) {
        appendJSONString(claimedId(record), to: &out)
    }

    package func appendTaskIdJSON(_ record: Int, to out: inout [UInt8]) {
        appendJSONString(taskId(record), to: &out)
    }
}

/// `text` as a JSON string, or `null`, appended to `out`.
package func appendJSONString(_ text: String?, to out: inout [UInt8]) {
    if let text { StringEscaping.appendQuoted(text, to: &out) } else { out.append(contentsOf: "null".utf8) }
}

extension ValidationResult: ReportedRun {
    package var fileNames: [String] { files.map(\.display) }
    package var recordCount: Int { verdict.records.count }
    package func status(_ record: Int) -> RecordStatus { verdict.records[record].status }
    package func code(_ record: Int) -> ErrorCode? { verdict.records[record].code }
    package func findings(_ record: Int) -> [Finding] { verdict.records[record].findings }
    package func fileIndex(_ record: Int) -> Int { Int(sources.file(of: record)) }

    package func appendClaimedIdJSON(_ record: Int, to out: inout [UInt8]) {
        let node = verdict.records[record].node
        guard node >= 0 else { return appendJSONString(claimedId(record), to: &out) }
        verdict.nodes.id(at: Int(node)).appendQuoted(to: &out)
    }

    package func appendTaskIdJSON(_ record: Int, to out: inout [UInt8]) {
        let node = verdict.records[record].node
        guard node >= 0 else { return appendJSONString(taskId(record), to: &out) }
        verdict.nodes.taskId(at: Int(node)).appendQuoted(to: &out)
    }

    package var deletedTaskCount: Int { DeletedTasks.find(in: verdict).count }

    package var nodeCount: Int {
        var withoutId = 0
        for identity in failedIdentities.values {
            if case .claims(nil, _, _) = identity { withoutId += 1 }  // no id: a node of its own
        }
        return withoutId + verdict.claimedIdCount
    }
}
