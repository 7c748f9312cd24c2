import ArgumentParser
import RedoValidation

/// `--nodes-at`, for every command that reads exports: where a wrapped export keeps its nodes.
struct NodesAtOption: ParsableArguments {
    @Option(
        name: .customLong("nodes-at"),
        help: ArgumentHelp(
            "Read the nodes of each JSON document at this JSON Pointer (RFC 6901), e.g. /nodes for {\"exportedAt\": ..., \"nodes\": [...]}; JSON Lines are read as they are.",
            valueName: "JSON-POINTER"))
    var nodesAt: String?

    func validate() throws {
        if let nodesAt, let problem = NodesPointer.usageProblem(nodesAt) { throw ValidationError(problem) }
    }

    /// The pointer, checked by `validate()`.
    var pointer: NodesPointer? { nodesAt.flatMap(NodesPointer.init) }
}
