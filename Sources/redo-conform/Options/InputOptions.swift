import ArgumentParser
import RedoConformKit
import RedoCore
import RedoValidation

/// Options every command that reads change logs shares.
struct InputOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp("Files, directories (walked for .json/.jsonl/.ndjson) or - for stdin.", valueName: "PATH"))
    var paths: [String]

    @Option(help: ArgumentHelp("synced (signatures required) or local.", valueName: "PROFILE"))
    var profile: ValidationProfile = .synced

    // Optional, so the parser does not append this machine's core count as the default.
    @Option(
        help: ArgumentHelp(
            "Threads for node checks and signature verification, 1 to 1024 (default: all cores).", valueName: "N"))
    var jobs: Int?

    @Option(
        name: .customLong("max-records"),
        help: ArgumentHelp(
            "Read at most this many records (at least 1; default: as many as fit in memory, 768 bytes each).",
            valueName: "N"))
    var maxRecords: Int?

    @OptionGroup var cache: CacheOption

    @OptionGroup var nodesAt: NodesAtOption

    func validate() throws {
        if let problem = ValidationOptions.usageProblem(jobs: jobs, maxRecords: maxRecords) {
            throw ValidationError(problem)
        }
        if let problem = StandardInputOnce.usageProblem(paths, givenAs: "PATH") { throw ValidationError(problem) }
    }

    var validation: ValidationOptions {
        var options = ValidationOptions()
        options.profile = profile
        options.jobs = jobs ?? ParallelMap.availableCores
        if let maxRecords { options.maxRecords = maxRecords }
        options.cache = cache.opened
        options.nodesAt = nodesAt.pointer
        return options
    }
}
