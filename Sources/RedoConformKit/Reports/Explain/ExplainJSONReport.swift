import RedoJSON

/// `explain --format json` (schema: docs/schemas/explain-report.schema.json): the task,
/// its end and final state, then its timeline, one node per element. Written a node at a
/// time, so a task of a million nodes is never one value in memory. Text is exact (JSON
/// escapes what it must).
enum ExplainJSONReport {
    static let version = 1

    static func write(_ explanation: TaskExplanation, to sink: inout ReportSink) {
        let rejected = explanation.entries.lazy.filter { $0.verdict == "rejected" }.count
        let head: [JSONMember] = [
            member("format", .string("redo-conform/explain-report")),
            member("version", .number(Double(version))),
            member("taskId", .string(explanation.taskId)),
            member("titles", .array(explanation.titles.map { .string($0) })),
            member("lastTitle", explanation.lastTitle.map { .string($0) } ?? .null),
            member(
                "counts",
                object([
                    member("nodes", .number(Double(explanation.entries.count))),
                    member("rejected", .number(Double(rejected))),
                    member("records", .number(Double(explanation.entries.reduce(0) { $0 + $1.records.count }))),
                ])),
            member("end", end(explanation)),
            member(
                "finalState",
                .array(
                    explanation.finalState.map {
                        object([member("field", .string($0.field)), member("value", .string($0.new))])
                    })),
        ]
        var text = OrderedJSONWriter.string(.object(JSONObject(head)))
        text.removeLast()  // the closing brace: the timeline follows
        sink.write(text + ",\"timeline\":[")
        for (k, entry) in explanation.entries.enumerated() {
            sink.write((k == 0 ? "\n" : ",\n") + OrderedJSONWriter.string(self.entry(entry)))
        }
        sink.write("\n]}\n")
    }

    private static func end(_ explanation: TaskExplanation) -> JSONValue {
        let (kind, deletes): (String, [Int])
        switch explanation.ending {
        case .alive: (kind, deletes) = ("alive", [])
        case .neverExisted: (kind, deletes) = ("neverExisted", [])
        case let .deleted(by): (kind, deletes) = ("deleted", by)
        case let .deletedOnOneBranch(by): (kind, deletes) = ("deletedOnOneBranch", by)
        }
        return object([
            member("kind", .string(kind)),
            member(
                "deletedBy",
                .array(
                    deletes.map { k in
                        let entry = explanation.entries[k]
                        return object([
                            member("id", .string(entry.id)),
                            member("wall", optional(entry.wall)),
                            member("device", device(entry.details)),
                            member("author", author(entry.details)),
                        ])
                    })),
        ])
    }

    private static func entry(_ entry: TaskExplanation.Entry) -> JSONValue {
        object([
            member("id", .string(entry.id)),
            member("sources", .array(entry.sources.map { .string($0) })),
            member("lamport", entry.lamport.map { .number(Double($0)) } ?? .null),
            member("wall", optional(entry.wall)),
            member("action", optional(entry.action)),
            member("parents", .array(entry.parents.map { .string($0) })),
            member("device", device(entry.details)),
            member("author", author(entry.details)),
            member(
                "changes",
                .array(
                    entry.changes.map {
                        object([
                            member("field", .string($0.field)), member("old", optional($0.old)),
                            member("new", .string($0.new)),
                        ])
                    })),
            member("verdict", .string(entry.verdict)),
            member("code", optional(entry.code?.rawValue)),
            member("findings", .array(entry.findings.map { .string($0) })),
            member("rootCauses", .array(entry.rootCauses.map { .string($0) })),
            member("forksInto", .array(entry.forksInto.map { .string($0) })),
            member("deleted", .bool(entry.deleted)),
            member("survives", .bool(entry.survives)),
        ])
    }

    private static func device(_ details: RecordDetails) -> JSONValue {
        object([member("deviceId", optional(details.deviceId)), member("deviceName", optional(details.deviceName))])
    }

    private static func author(_ details: RecordDetails) -> JSONValue {
        object([member("name", optional(details.authorName)), member("userId", optional(details.userId))])
    }

    private static func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
    private static func object(_ members: [JSONMember]) -> JSONValue { .object(JSONObject(members)) }
    private static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
}
