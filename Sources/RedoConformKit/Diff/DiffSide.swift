import RedoCore
import RedoJSON
import RedoValidation

/// One side of a `diff`, read: a log (validated as `validate` validates it) or a state
/// JSON. A log keeps only its node inventory and what replay reads of its verdict (its
/// nodes, by column); its records are let go before the other side is read, and its
/// tasks are replayed one at a time while the states are compared.
struct DiffSide: Sendable {
    var summary: DiffReport.Side
    var problems: [DiffReport.Problem] = []
    /// nil for a state, or a side that could not be read.
    var inventory: NodeInventory?
    var state: StateView?
    /// Each task's DAG, by taskId, when asked for (`DiffRun.keepsGraphs`).
    var graphs: [BytewiseString: TaskGraph] = [:]

    /// Reads `path` as side `name`. `known`: signatures the other side already verified.
    static func read(
        _ path: String, name: String, options: ValidationOptions, known: KnownSignatures?, keepsGraphs: Bool = false
    ) -> (DiffSide, sharedVerifications: Int) {
        var run = ValidationRun(options: options)
        run.keepsSignatureFingerprints = true
        run.knownSignatures = known
        run.claimsDocument = { StateDocument.isState($0) }
        let result = run.run([path])
        var side = DiffSide(summary: DiffReport.Side(name: name, path: path, kind: .log))
        side.problems = result.problems.map { DiffReport.Problem(side: name, path: $0.path, message: $0.message) }
        if let claimed = result.claimedDocuments.first {
            let display = result.files[claimed.file].display
            guard result.claimedDocuments.count == 1, result.verdict.records.isEmpty else {
                side.problems.append(
                    .init(
                        side: name, path: display,
                        message: "a reconstructed state among change logs: give a state JSON alone, as one side"))
                return (side, result.sharedVerifications)
            }
            do {
                let document = try StateDocument(claimed.value)
                side.summary = DiffReport.Side(name: name, path: path, kind: .state)
                side.summary.tasks = document.tasks.count
                side.summary.deleted = document.deleted.count
                side.state = .document(document)
            } catch {
                side.problems.append(
                    .init(side: name, path: display, message: "not a reconstructed state: \(error.message)"))
            }
            return (side, result.sharedVerifications)
        }
        let counts = ReportSummary(result)
        side.summary.records = counts.records
        side.summary.nodes = counts.nodes
        side.summary.valid = counts.valid
        side.summary.rejected = counts.rejected
        side.summary.duplicates = counts.duplicates
        side.inventory = NodeInventory(result)
        // Kept: the nodes, their order and statuses, what replay reads. Let go: each
        // record's verdict and findings, which the inventory has summed up.
        var verdict = result.verdict
        verdict.records = []
        verdict.duplicateOf = [:]
        let reconstruction = StreamedReconstruction(verdict)
        side.summary.tasks = reconstruction.taskCount
        side.summary.deleted = reconstruction.deleted.count
        side.state = .reconstruction(reconstruction)
        side.summary.unreadable = side.inventory?.unidentified
        if keepsGraphs { side.graphs = TaskGraph.everyTask(in: result) }
        return (side, result.sharedVerifications)
    }
}
