import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoValidation

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
                            JSONMember(key: "deletedTasks", value: .number(Double(summary.deletedTasks))),
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
        OrderedRendering.write(count: result.recordCount, to: &sink) { index, bytes in
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendRecord(index, of: result, shard: shard, to: &bytes)
        }
        sink.write("]}\n")
    }

    /// One record's object, written straight as bytes (no value tree: a million records
    /// would each build one only to serialize it), in the spelling `OrderedJSONWriter`
    /// gives every other part of the report.
    static func appendRecord(
        _ index: Int, of result: some ReportedRun, shard: ShardReportView.Extras?, to out: inout [UInt8]
    ) {
        out.append(UInt8(ascii: "{"))
        if let shard {
            let place = shard.place(index)
            key("position", first: true, &out)
            appendInteger(place.position, to: &out)
            key("file", &out)
            appendInteger(place.file, to: &out)
        }
        key("source", first: shard == nil, &out)
        StringEscaping.appendQuoted(result.source(index), to: &out)
        key("id", &out)
        result.appendClaimedIdJSON(index, to: &out)
        key("taskId", &out)
        result.appendTaskIdJSON(index, to: &out)
        key("status", &out)
        StringEscaping.appendQuoted(result.status(index).rawValue, to: &out)
        // Only on duplicates: a key on every record would add bytes to every line of a
        // million-record report for the few that repeat a node.
        if let original = result.originalSource(ofDuplicate: index) {
            key("duplicateOf", &out)
            StringEscaping.appendQuoted(original, to: &out)
        }
        key("code", &out)
        appendOptional(result.code(index)?.rawValue, to: &out)
        key("findings", &out)
        out.append(UInt8(ascii: "["))
        for (k, finding) in result.findings(index).enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            key("code", first: true, &out)
            StringEscaping.appendQuoted(finding.code.rawValue, to: &out)
            key("rule", &out)
            StringEscaping.appendQuoted(finding.rule.id, to: &out)
            key("severity", &out)
            StringEscaping.appendQuoted(finding.severity.rawValue, to: &out)
            key("message", &out)
            StringEscaping.appendQuoted(finding.message, to: &out)
            key("path", &out)
            StringEscaping.appendQuoted(finding.path, to: &out)
            key("related", &out)
            out.append(UInt8(ascii: "["))
            for (r, related) in finding.related.enumerated() {
                if r > 0 { out.append(UInt8(ascii: ",")) }
                StringEscaping.appendQuoted(related, to: &out)
            }
            out.append(contentsOf: "]}".utf8)
        }
        out.append(contentsOf: "]}".utf8)
    }

    /// `,"name":` (without the comma for an object's first member). Key names here are
    /// plain ASCII: nothing to escape.
    private static func key(_ name: StaticString, first: Bool = false, _ out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(contentsOf: "\":".utf8)
    }

    private static func appendOptional(_ text: String?, to out: inout [UInt8]) {
        if let text { StringEscaping.appendQuoted(text, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    /// A count or position, as the canonical number writer spells a whole number.
    private static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    static func ordered(_ value: JSONValue) -> [UInt8] { OrderedJSONWriter.bytes(value) }
}
