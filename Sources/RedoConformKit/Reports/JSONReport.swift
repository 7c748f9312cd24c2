import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON

/// The machine report (format `redo-conform/validation-report`, version 1), documented in
/// docs/reports.md, with its schema in docs/schemas/validation-report.schema.json.
/// Records appear in input order; keys in a fixed order; written as a stream.
package enum JSONReport {
    package static let format = "redo-conform/validation-report"
    package static let version = 1

    package static func write(_ result: some ReportedRun, profile: ValidationProfile, to sink: inout ReportSink) {
        write(result, profile: profile, shard: nil, to: &sink)
    }

    /// The report, or with `shard` one shard's report: the same keys, plus a top-level
    /// `shard` object after `profile` and each record's `position` and `file` (see
    /// `ShardReportView`), which `merge-reports` reads to put the shards back together.
    static func write(
        _ result: some ReportedRun, profile: ValidationProfile, shard: ShardReportView.Extras?,
        to sink: inout ReportSink
    ) {
        let summary = ReportSummary(result)
        let byCode = JSONObject(
            summary.byCode.keys.sorted().map {
                JSONMember(key: $0.rawValue, value: .number(Double(summary.byCode[$0]!)))
            })
        let head = JSONObject(
            [
                JSONMember(key: "format", value: .string(format)),
                JSONMember(key: "version", value: .number(Double(version))),
                JSONMember(key: "profile", value: .string(profile.rawValue)),
            ] + (shard.map { [JSONMember(key: "shard", value: $0.json)] } ?? []) + [
                JSONMember(
                    key: "summary",
                    value: .object(
                        JSONObject([
                            JSONMember(key: "records", value: .number(Double(summary.records))),
                            JSONMember(key: "nodes", value: .number(Double(summary.nodes))),
                            JSONMember(key: "valid", value: .number(Double(summary.valid))),
                            JSONMember(key: "rejected", value: .number(Double(summary.rejected))),
                            JSONMember(key: "duplicates", value: .number(Double(summary.duplicates))),
                            JSONMember(key: "byCode", value: .object(byCode)),
                        ]))),
                JSONMember(
                    key: "problems",
                    value: .array(
                        result.problems.map { problem in
                            .object(
                                JSONObject([
                                    JSONMember(key: "path", value: .string(problem.path)),
                                    JSONMember(key: "message", value: .string(problem.message)),
                                ]))
                        })),
            ])
        // Everything but the closing "}" of the head, then the records one by one.
        var headBytes = ordered(.object(head))
        headBytes.removeLast()
        sink.write(bytes: headBytes)
        sink.write(",\"records\":[")
        for index in 0..<result.recordCount {
            if index > 0 { sink.write(",") }
            var record = recordJSON(index, result)
            if let shard, case let .object(members) = record {
                record = .object(JSONObject(shard.recordMembers(index) + members.members))
            }
            sink.write(bytes: ordered(record))
        }
        sink.write("]}\n")
    }

    static func recordJSON(_ index: Int, _ result: some ReportedRun) -> JSONValue {
        var members = [
            JSONMember(key: "source", value: .string(result.source(index))),
            JSONMember(key: "id", value: result.claimedId(index).map { .string($0) } ?? .null),
            JSONMember(key: "taskId", value: result.taskId(index).map { .string($0) } ?? .null),
            JSONMember(key: "status", value: .string(result.status(index).rawValue)),
        ]
        // Only on duplicates: a key on every record would add bytes to every line of a
        // million-record report for the few that repeat a node.
        if let original = result.originalSource(ofDuplicate: index) {
            members.append(JSONMember(key: "duplicateOf", value: .string(original)))
        }
        return .object(
            JSONObject(
                members + [
                    JSONMember(key: "code", value: result.code(index).map { .string($0.rawValue) } ?? .null),
                    JSONMember(
                        key: "findings",
                        value: .array(
                            result.findings(index).map { finding in
                                .object(
                                    JSONObject([
                                        JSONMember(key: "code", value: .string(finding.code.rawValue)),
                                        JSONMember(key: "rule", value: .string(finding.rule.id)),
                                        JSONMember(key: "severity", value: .string(finding.severity.rawValue)),
                                        JSONMember(key: "message", value: .string(finding.message)),
                                        JSONMember(key: "path", value: .string(finding.path)),
                                        JSONMember(key: "related", value: .array(finding.related.map { .string($0) })),
                                    ]))
                            })),
                ]))
    }

    static func ordered(_ value: JSONValue) -> [UInt8] { OrderedJSONWriter.bytes(value) }
}
