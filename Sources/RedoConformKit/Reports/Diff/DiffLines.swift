import RedoFixtures
import RedoJSON
import RedoText

/// How one difference reads in the text, junit and html reports: its kind, where, and both
/// sides. Shared so that the two say the same thing in the same words (escaping is the
/// writer's: text escapes for the terminal, junit for XML).
enum DiffLines {
    /// Values longer than this are cut, with "…": a screen, not a dump (json has them whole).
    static let valueLimit = 60

    static func node(_ d: DiffReport.NodeDifference) -> String {
        let kind = d.kind == .resigned ? "re-signed" : d.kind.rawValue
        return pad(kind) + d.id + "  " + verdicts(d)
    }

    static func verdicts(_ d: DiffReport.NodeDifference) -> String {
        switch (d.a, d.b) {
        case let (a?, nil): return "\(a.text) in A, absent from B"
        case let (nil, b?): return "absent from A, \(b.text) in B"
        case let (a?, b?):
            return d.kind == .resigned ? "valid in both, signatures differ" : "A \(a.text), B \(b.text)"
        case (nil, nil): return ""
        }
    }

    static func state(_ d: DiffReport.StateDifference) -> String {
        pad(d.kind.rawValue) + (d.path == "$" ? "task" : d.path) + "  A " + value(d.a) + "  B " + value(d.b)
    }

    static func rejected(_ d: DiffReport.RejectedDifference) -> String {
        pad("rejected") + d.id + "  A " + (d.a ?? "(absent)") + "  B " + (d.b ?? "(absent)")
    }

    /// A state value as JSON text, cut at `limit` characters.
    static func value(_ value: JSONValue?, limit: Int = valueLimit) -> String {
        guard let value else { return "(absent)" }
        if case let .string(text) = value, ["present", "deleted", "absent"].contains(text) { return text }
        let text = OrderedJSONWriter.string(value)
        return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }

    /// The verdict in one line: `equivalent: …` or `differ: …` (input problems aside).
    static func conclusion(_ report: DiffReport) -> String {
        if report.equivalent {
            let resigned = report.nodeCounts.first { $0.0 == .resigned }?.1 ?? 0
            return "equivalent: \(counted(report.comparedTasks.count, "task")) compared"
                + (resigned > 0 ? "; \(resigned) re-signed (signatures only)" : "")
        }
        let differing = report.tasks.filter(\.differs).count
        return "differ: differences in \(differing) of \(counted(report.comparedTasks.count, "task"))"
            + (report.rejected.isEmpty ? "" : "; \(counted(report.rejected.count, "rejected id")) differ")
            + (report.unreadable == 0
                ? "" : "; \(counted(report.unreadable, "record")) without an id cannot be compared")
    }

    private static func pad(_ kind: String) -> String {
        kind + String(repeating: " ", count: max(1, 11 - kind.count))
    }
}
