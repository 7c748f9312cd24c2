import ArgumentParser
import RedoConformKit

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "What happened to one task: every node in total order, who wrote it and when, why it was rejected, how it ends.",
        discussion: """
            The log is validated whole, as validate does; then the inputs are read once more for \
            the task's authors and devices (so stdin cannot be one of them). --title matches part \
            of any title the task ever had, rejected nodes' included, case-insensitively after \
            NFC; several matches are listed (at most 20, with the total) for --task to pick one.

            Exit status: 0 explained, every record of the task valid (alive or deleted); 1 \
            explained, some record of the task rejected; 2 usage error, an input that could not \
            be read, or no task or several tasks match (the closest or the matches are listed).
            """
    )

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("The task to explain (its taskId, exactly as the records spell it).", valueName: "ID"))
    var task: String?

    @Option(help: ArgumentHelp("Part of any title the task had, instead of --task.", valueName: "TEXT"))
    var title: String?

    @Option(help: "text, json or html (the DAG beside the timeline).")
    var format: ExplainCommand.Format = .text

    @Option(help: "Write the report to FILE instead of stdout.")
    var output: String?

    @OptionGroup var protocolLink: ProtocolLinkOption

    func validate() throws {
        if (task == nil) == (title == nil) { throw ValidationError("give exactly one of --task ID and --title TEXT") }
    }

    func run() throws {
        let query: ExplainCommand.Query = task.map { .task($0) } ?? .title(title ?? "")
        finish(
            ExplainCommand.run(
                input.paths, options: input.validation, query: query, format: format, output: output,
                protocolURL: protocolLink.protocolURL, console: .standard))
    }
}
