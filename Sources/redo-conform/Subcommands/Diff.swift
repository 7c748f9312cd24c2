import ArgumentParser
import RedoConformKit
import RedoCore
import RedoValidation

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare two exports of one account: the nodes that never synced, the copies and verdicts that differ, and every task field that comes out differently.",
        discussion: """
            A and B are each anything validate reads (a file, a directory, - for stdin, every export \
            shape), or a reconstructed state as reconstruct --format json prints it: a JSON object with \
            version, tasks, deleted and rejected and no format key. Nodes are compared when both sides \
            are logs; states always. Copies that differ only in their signatures (a randomized re-sign) \
            are counted and do not fail.

            Exit status: 0 equivalent; 1 differences; 2 usage error, or an input that could not be read.
            """
    )

    @Argument(help: ArgumentHelp("One side: a file, a directory, - for stdin, or a state JSON.", valueName: "A"))
    var a: String

    @Argument(help: ArgumentHelp("The other side, likewise.", valueName: "B"))
    var b: String

    @Option(help: "synced (signatures required) or local.")
    var profile: ValidationProfile = .synced

    @Option(
        help: ArgumentHelp(
            "text, json, junit or html (one self-contained file: both DAGs of each differing task side by side).",
            valueName: "FORMAT"))
    var format: DiffCommand.Format = .text

    @Option(help: "Write the report to FILE instead of stdout.")
    var output: String?

    @Option(help: ArgumentHelp("Report only this task.", valueName: "TASKID"))
    var task: String?

    @Option(
        help: ArgumentHelp(
            "Compare the current todos' urgency at this time too: \(TimeOption.accepted); a date means midnight.",
            valueName: "TIME"))
    var at: String?

    @OptionGroup var cache: CacheOption

    @OptionGroup var nodesAt: NodesAtOption

    @OptionGroup var links: ProtocolLinkOption

    func validate() throws {
        if let problem = StandardInputOnce.usageProblem([(a, "A"), (b, "B")]) { throw ValidationError(problem) }
    }

    func run() throws {
        var options = DiffCommand.Options()
        options.validation.profile = profile
        options.validation.cache = cache.opened
        options.validation.nodesAt = nodesAt.pointer
        options.format = format
        options.output = output
        options.task = task
        options.at = at
        options.protocolURL = links.protocolURL
        finish(DiffCommand.run(a, b, options: options, console: .standard))
    }
}
