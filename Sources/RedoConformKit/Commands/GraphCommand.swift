import RedoJSON
import RedoText
import RedoValidation

/// `redo-conform graph PATH... --task TASKID`: one task's DAG, drawn as the html report
/// draws it (layers by lamport, statuses, folds and bounds), as Graphviz DOT or as SVG of
/// its own — Graphviz is not needed — or as a Mermaid flowchart for markdown. The log is validated whole first: a node's colour
/// is its verdict in the whole log.
package enum GraphCommand {
    package enum Format: String, CaseIterable, Sendable {
        case dot, svg, mermaid
    }

    package static func run(
        _ operands: [String], options: ValidationOptions, task: String, format: Format, output: String?,
        console: Console
    ) -> ExitStatus {
        let result = ValidationRun(options: options).run(operands)
        CacheUse.finish(options.cache, console: console)
        for problem in result.problems { console.error("error: \(problem)") }
        guard result.problems.isEmpty else { return .usageOrIO }
        guard let records = TaskGraph.records(ofTasks: [task], in: result)[BytewiseString(task)] else {
            console.error("error: no record of task \(MessageText.displayed(task)) in the log")
            return .usageOrIO
        }
        let standing = TaskGraph.standingIndex(of: records, in: result)
        let layout = GraphLayout.readingDetails(
            [GraphLayout(TaskGraph(taskId: task, records: records, result: result, standing: standing))], of: result,
            options: options)[0]
        let written = ReportOutput.write(to: output, console: console) { sink in
            switch format {
            case .dot: sink.write(GraphDOT.dot(layout))
            case .svg: sink.write(GraphSVG.svg(layout, standalone: true) + "\n")
            case .mermaid: sink.write(GraphMermaid.mermaid(layout))
            }
        }
        guard written else { return .usageOrIO }
        return records.contains { result.verdict.records[$0].status == .rejected } ? .findings : .ok
    }
}
