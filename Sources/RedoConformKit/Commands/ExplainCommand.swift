import RedoJSON
import RedoText
import RedoValidation

/// `redo-conform explain PATH... --task ID | --title TEXT`: what happened to one task —
/// every node of it in total order, who wrote it and when, what it changed, its verdict
/// and root cause, and how the task ends (alive, deleted and by whom, or never created).
/// The log is validated whole first, as `validate` does; then the inputs are read once
/// more for the chosen task's records (who wrote them is not part of a node's state).
package enum ExplainCommand {
    package enum Format: String, CaseIterable, Sendable {
        case text, json, html
    }

    /// Which task: by its id, or by part of any title it had.
    package enum Query: Sendable {
        case task(String)
        case title(String)
    }

    package static func run(
        _ operands: [String], options: ValidationOptions, query: Query, format: Format, output: String?,
        protocolURL: String = "PROTOCOL.md", console: Console
    ) -> ExitStatus {
        if operands.contains("-") {
            console.error(
                "error: explain reads its inputs twice (the second time for the task's authors and devices), "
                    + "and stdin can be read only once: save it to a file")
            return .usageOrIO
        }
        let result = ValidationRun(options: options).run(operands)
        CacheUse.finish(options.cache, console: console)
        for problem in result.problems { console.error("error: \(problem)") }
        guard result.problems.isEmpty else { return .usageOrIO }
        let outcome: TaskSearch.Outcome
        switch query {
        case let .task(id):
            outcome = TaskSearch.task(id: id, in: result)
        case let .title(text):
            // Titles of records that failed node-level checks are read again from the
            // inputs (the run keeps no node of theirs); a log without any is not.
            let failed =
                result.failedIdentities.isEmpty
                ? [:] : RecordDetails.read(of: result, options: options) { result.verdict.records[$0].node < 0 }
            outcome = TaskSearch.tasks(title: text, in: result, failedTitles: failed.compactMapValues(\.title))
        }
        guard case let .one(task) = outcome else {
            console.errorLines(message(for: outcome, query: query))
            return .usageOrIO
        }
        let records = TaskSearch.records(of: task, in: result)
        let wanted = Set(records)
        let details = RecordDetails.read(of: result, options: options) { wanted.contains($0) }
        let explanation = TaskExplanation(taskId: task, records: records, result: result, details: details)
        let written = ReportOutput.write(to: output, console: console) { sink in
            switch format {
            case .text: ExplainTextReport.write(explanation, to: &sink)
            case .json: ExplainJSONReport.write(explanation, to: &sink)
            case .html: ExplainHtmlReport.write(explanation, protocolURL: protocolURL, to: &sink)
            }
        }
        guard written else { return .usageOrIO }
        return explanation.entries.contains { $0.verdict == "rejected" } ? .findings : .ok
    }

    /// What a search that did not find exactly one task says, on stderr.
    static func message(for outcome: TaskSearch.Outcome, query: Query) -> String {
        let asked: String
        switch query {
        case let .task(id): asked = "no record of task \(MessageText.quoted(id))"
        case let .title(text): asked = "no task has a title containing \(MessageText.quoted(text))"
        }
        switch outcome {
        case .one: return ""
        case let .none(closest) where closest.isEmpty:
            return "error: \(asked) in the log"
        case let .none(closest):
            var lines = ["error: \(asked) in the log; the closest:"]
            for match in closest {
                let title = match.lastTitle.map { " \(MessageText.quoted($0))" } ?? ""
                lines.append("  \(MessageText.quoted(match.taskId))\(title)")
            }
            return lines.joined(separator: "\n")
        case let .several(matches, total):
            let text: String
            if case let .title(title) = query { text = MessageText.quoted(title) } else { text = "" }
            var lines = [
                "error: \(total) tasks have a title containing \(text); name one with --task"
                    + (total > matches.count ? " (the first \(matches.count) by id):" : ":")
            ]
            for match in matches {
                let title = match.lastTitle.map { MessageText.quoted($0) } ?? "(no title)"
                lines.append("  \(MessageText.displayed(match.taskId))  \(title)")
            }
            if total > matches.count { lines.append("  … and \(total - matches.count) more") }
            return lines.joined(separator: "\n")
        }
    }
}
