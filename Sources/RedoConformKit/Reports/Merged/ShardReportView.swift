import RedoCore
import RedoJSON
import RedoValidation

/// One shard's part of a validation run, as its report shows it: the records of the
/// shard's tasks (records without a readable taskId in shard 0), in input order, and the
/// input problems in shard 0 only. Its summary counts only those records.
///
/// A shard report is the json report with two additions `merge-reports` needs and an
/// unsharded report never has:
/// - a top-level `shard` object after `profile`: `index` and `count` (K and N), and of the
///   whole input (every shard reads all of it) `records`, `nodes` (the summary's node
///   count) and `files` (every input file's name, so that an input with no record of
///   this shard still gets its JUnit test suite);
/// - on each record, first, its `position` among all records of the input (0-based) and
///   the index of its `file` in `shard.files`.
package struct ShardReportView: ReportedRun {
    let run: ValidationResult
    let shard: Shard
    /// The records of the shard, as positions in `run`.
    let positions: [Int]

    package init(_ run: ValidationResult, shard: Shard) {
        self.run = run
        self.shard = shard
        positions = (0..<run.recordCount).filter { shard.owns(taskId: run.taskId($0)) }
    }

    package var fileNames: [String] { run.fileNames }
    package var problems: [InputProblem] { shard.index == 0 ? run.problems : [] }
    package var recordCount: Int { positions.count }
    package func status(_ record: Int) -> RecordStatus { run.status(positions[record]) }
    package func code(_ record: Int) -> ErrorCode? { run.code(positions[record]) }
    package func findings(_ record: Int) -> [Finding] { run.findings(positions[record]) }
    package func fileIndex(_ record: Int) -> Int { run.fileIndex(positions[record]) }
    package func source(_ record: Int) -> String { run.source(positions[record]) }
    package func claimedId(_ record: Int) -> String? { run.claimedId(positions[record]) }
    package func taskId(_ record: Int) -> String? { run.taskId(positions[record]) }
    package func appendClaimedIdJSON(_ record: Int, to out: inout [UInt8]) {
        run.appendClaimedIdJSON(positions[record], to: &out)
    }
    package func appendTaskIdJSON(_ record: Int, to out: inout [UInt8]) {
        run.appendTaskIdJSON(positions[record], to: &out)
    }
    package func originalSource(ofDuplicate record: Int) -> String? {
        run.originalSource(ofDuplicate: positions[record])
    }

    /// The shard's own deleted tasks: each task's records are all in one shard, so the
    /// shards' counts add up to the run's.
    package var deletedTaskCount: Int {
        DeletedTasks.find(in: run.verdict) { shard.owns(taskId: $0.text) }.count
    }

    /// The shard's own: distinct ids its records claim (compared by bytes, as the log
    /// rules compare them), each record without a string id counting alone.
    ///
    /// A record that has a node (it stands for it or duplicates it) claims that node's id,
    /// so those ids are counted as node positions, a flag each, without making their text
    /// (a set of half a million id strings was the peak of a shard run). Only the other
    /// records' ids are read as text: an id that strictly spells a node counted here is the
    /// same bytes, and is not counted again.
    package var nodeCount: Int {
        let verdict = run.verdict
        var counted = [Bool](repeating: false, count: verdict.nodes.count)
        var nodes = 0
        for record in positions {
            let node = Int(verdict.records[record].node)
            if node >= 0, !counted[node] {
                counted[node] = true
                nodes += 1
            }
        }
        var otherIds = Set<BytewiseString>()
        var withoutId = 0
        for record in positions where verdict.records[record].node < 0 {
            guard let id = run.claimedId(record) else {
                withoutId += 1
                continue
            }
            if let nodeId = NodeID(id), let node = verdict.nodes.position(of: nodeId), counted[node] { continue }
            otherIds.insert(BytewiseString(id))
        }
        return nodes + otherIds.count + withoutId
    }

    /// What the json writer adds to a shard report.
    var extras: Extras {
        Extras(shard: shard, records: run.recordCount, nodes: run.nodeCount, files: run.fileNames, view: self)
    }

    struct Extras {
        let shard: Shard
        let records: Int
        let nodes: Int
        let files: [String]
        let view: ShardReportView

        var json: JSONValue {
            .object(
                JSONObject([
                    JSONMember(key: "index", value: .number(Double(shard.index))),
                    JSONMember(key: "count", value: .number(Double(shard.count))),
                    JSONMember(key: "records", value: .number(Double(records))),
                    JSONMember(key: "nodes", value: .number(Double(nodes))),
                    JSONMember(key: "files", value: .array(files.map { .string($0) })),
                ]))
        }

        /// What record `record`'s object says first: its position among all records of the
        /// input, and the index of its file.
        func place(_ record: Int) -> (position: Int, file: Int) {
            (view.positions[record], view.fileIndex(record))
        }
    }
}
