import RedoFixtures
import RedoJSON

/// How one difference reads in the text and junit reports: its kind, where, and both
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

    static func value(_ value: JSONValue?) -> String {
        guard let value else { return "(absent)" }
        if case let .string(text) = value, ["present", "deleted", "absent"].contains(text) { return text }
        let text = OrderedJSONWriter.string(value)
        return text.count > valueLimit ? String(text.prefix(valueLimit - 1)) + "…" : text
    }

    private static func pad(_ kind: String) -> String {
        kind + String(repeating: " ", count: max(1, 11 - kind.count))
    }
}
