import RedoText

/// `explain --format text`: the task, its timeline (every node, in total order) and its
/// end. Every piece of text from the export passes through `MessageText.displayed`.
enum ExplainTextReport {
    static func write(_ explanation: TaskExplanation, to sink: inout ReportSink) {
        func shown(_ text: String) -> String { MessageText.displayed(text) }
        let rejected = explanation.entries.lazy.filter { $0.verdict == "rejected" }.count
        let records = explanation.entries.reduce(0) { $0 + $1.records.count }
        sink.write("task \(shown(explanation.taskId))\n")
        sink.write("titles: \(explanation.titles.map { shown("\"\($0)\"") }.joined(separator: ", "))\n")
        sink.write(
            "\(explanation.entries.count) nodes, \(rejected) rejected, \(records) records\n\n"
                + "timeline (total order: lamport, wall, id)\n")
        for (k, entry) in explanation.entries.enumerated() {
            var lines = [
                "\(k + 1). lamport \(entry.lamport.map(String.init) ?? "?")  \(shown(entry.wall ?? "?"))  "
                    + "\(shown(entry.action ?? "?"))  \(shown(entry.id))",
                "   device \(shown(ExplainWords.device(entry.details)))  author \(shown(ExplainWords.author(entry.details)))",
            ]
            if entry.action == "MERGE" {
                lines.append("   merges \(entry.parents.map(shown).joined(separator: ", "))")
            }
            let applied = entry.verdict == "rejected" ? "would set" : "changes"
            for change in entry.changes { lines.append("   \(applied) \(shown(ExplainWords.change(change)))") }
            var verdict = "   \(entry.verdict)"
            if let code = entry.code {
                verdict += " \(code.rawValue)"
                verdict +=
                    entry.rootCauses.isEmpty
                    ? " (root cause)" : ", root cause \(entry.rootCauses.map(shown).joined(separator: ", "))"
            }
            if entry.deleted { verdict += ", deleted" }
            lines.append(verdict)
            for finding in entry.findings { lines.append("     \(shown(finding))") }
            if !entry.forksInto.isEmpty {
                lines.append("   forks into \(entry.forksInto.map(shown).joined(separator: ", "))")
            }
            lines.append("   from \(entry.sources.map(shown).joined(separator: ", "))")
            sink.write(lines.joined(separator: "\n") + "\n")
        }
        sink.write("\nend\n")
        for line in ExplainWords.ending(explanation) { sink.write("  \(shown(line))\n") }
        if !explanation.finalState.isEmpty {
            sink.write("final state\n")
            for line in explanation.finalState { sink.write("  \(line.field): \(shown(line.new))\n") }
        }
    }
}
