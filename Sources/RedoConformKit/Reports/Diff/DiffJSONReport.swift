import RedoFixtures
import RedoJSON

/// The machine report, format `redo-conform/diff-report` version 1 (docs/reports.md; its
/// schema is docs/schemas/diff-report.schema.json). Keys in a fixed order; tasks in the
/// bytes' order of their taskId; written task by task.
package enum DiffJSONReport {
    package static func write(_ report: DiffReport, to sink: inout ReportSink) {
        func count(_ n: Int?) -> JSONValue { n.map { .number(Double($0)) } ?? .null }
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        let summary = report.summaryCounts.map { JSONMember(key: $0.key, value: count($0.count)) }
        let head = JSONObject([
            JSONMember(key: "format", value: .string(DiffReport.format)),
            JSONMember(key: "version", value: .number(Double(DiffReport.version))),
            JSONMember(key: "profile", value: .string(report.profile.rawValue)),
            JSONMember(key: "at", value: text(report.at)),
            JSONMember(key: "task", value: text(report.task)),
            JSONMember(key: "equivalent", value: .bool(report.equivalent)),
            JSONMember(
                key: "sides",
                value: .array(
                    report.sides.map { side in
                        .object(
                            JSONObject([
                                JSONMember(key: "name", value: .string(side.name)),
                                JSONMember(key: "path", value: .string(side.path)),
                                JSONMember(key: "kind", value: .string(side.kind.rawValue)),
                                JSONMember(key: "records", value: count(side.records)),
                                JSONMember(key: "nodes", value: count(side.nodes)),
                                JSONMember(key: "valid", value: count(side.valid)),
                                JSONMember(key: "rejected", value: count(side.rejected)),
                                JSONMember(key: "duplicates", value: count(side.duplicates)),
                                JSONMember(key: "unreadable", value: count(side.unreadable)),
                                JSONMember(key: "tasks", value: count(side.tasks)),
                                JSONMember(key: "deleted", value: count(side.deleted)),
                            ]))
                    })),
            JSONMember(
                key: "problems",
                value: .array(
                    report.problems.map { problem in
                        .object(
                            JSONObject([
                                JSONMember(key: "side", value: .string(problem.side)),
                                JSONMember(key: "path", value: .string(problem.path)),
                                JSONMember(key: "message", value: .string(problem.message)),
                            ]))
                    })),
            JSONMember(key: "summary", value: .object(JSONObject(summary))),
        ])
        var headBytes = OrderedJSONWriter.bytes(.object(head))
        headBytes.removeLast()
        sink.write(bytes: headBytes)
        sink.write(",\"tasks\":[")
        for (index, task) in report.tasks.enumerated() {
            if index > 0 { sink.write(",") }
            sink.write(bytes: OrderedJSONWriter.bytes(taskJSON(task)))
        }
        sink.write("],\"rejected\":")
        sink.write(
            bytes: OrderedJSONWriter.bytes(
                .array(
                    report.rejected.map { d in
                        .object(
                            JSONObject([
                                JSONMember(key: "id", value: .string(d.id)), JSONMember(key: "a", value: text(d.a)),
                                JSONMember(key: "b", value: text(d.b)),
                            ]))
                    })))
        sink.write("}\n")
    }

    static func taskJSON(_ task: DiffReport.TaskDifferences) -> JSONValue {
        func verdict(_ v: DiffReport.NodeVerdict?) -> JSONValue {
            guard let v else { return .null }
            return .object(
                JSONObject([
                    JSONMember(key: "status", value: .string(v.status)),
                    JSONMember(key: "code", value: v.code.map { .string($0.rawValue) } ?? .null),
                ]))
        }
        return .object(
            JSONObject([
                JSONMember(key: "taskId", value: .string(task.taskId)),
                JSONMember(key: "differs", value: .bool(task.differs)),
                JSONMember(
                    key: "nodes",
                    value: .array(
                        task.nodes.map { d in
                            .object(
                                JSONObject([
                                    JSONMember(key: "kind", value: .string(d.kind.rawValue)),
                                    JSONMember(key: "id", value: .string(d.id)),
                                    JSONMember(key: "a", value: verdict(d.a)),
                                    JSONMember(key: "b", value: verdict(d.b)),
                                ]))
                        })),
                JSONMember(
                    key: "state",
                    value: .array(
                        task.state.map { d in
                            var members = [
                                JSONMember(key: "kind", value: .string(d.kind.rawValue)),
                                JSONMember(key: "path", value: .string(d.path)),
                            ]
                            if let a = d.a { members.append(JSONMember(key: "a", value: a)) }
                            if let b = d.b { members.append(JSONMember(key: "b", value: b)) }
                            return .object(JSONObject(members))
                        })),
            ]))
    }
}
