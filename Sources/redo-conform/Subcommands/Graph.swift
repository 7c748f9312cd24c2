import ArgumentParser
import RedoConformKit

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Draw one task's DAG, as the html report draws it: Graphviz DOT, SVG (no Graphviz needed) or Mermaid.",
        discussion: """
            The log is validated whole, so each node is coloured by its verdict in the whole log: \
            valid, rejected by its own rule, rejected as a descendant, deleted, duplicate; parents \
            no record of the task claims are drawn dashed. Layers by lamport; long runs of valid \
            nodes or of descendants fold into one box; at most 240 boxes. A box whose node passed the node-level checks gives \
            its wall and its author's userId prefix; its tooltip (dot, svg) both whole.

            Exit status: 0 drawn, every record of the task valid; 1 drawn, some record of the task \
            rejected; 2 usage error, an input that could not be read, or no record of that task.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("The task to draw (its taskId, exactly as the records spell it).", valueName: "TASKID"))
    var task: String

    @Option(help: "dot (Graphviz), svg or mermaid (a flowchart, for markdown).")
    var format: GraphCommand.Format = .dot

    @Option(help: "Write the drawing to FILE instead of stdout.")
    var output: String?

    func run() throws {
        finish(
            GraphCommand.run(
                input.paths, options: input.validation, task: task, format: format, output: output,
                console: .standard))
    }
}
