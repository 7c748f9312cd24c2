import RedoCore
import RedoJSON
import RedoValidation

/// `diff`'s work: reads both sides (A first; B then skips verifying the signatures A
/// already verified), compares their nodes when both are logs and their states always,
/// and gathers what differs by task into a `DiffReport`.
package struct DiffRun {
    package var options: ValidationOptions
    /// Compare the current todos' urgency at this time too.
    package var at: UTCTime?
    /// Report only this task.
    package var task: String?
    /// Keep each side's DAG of every task that differs (`TaskDifferences.graphs`), for the
    /// html writer that draws them. Off by default: every task's graph on A is held while
    /// B is read (a few hundred bytes a node).
    package var keepsGraphs = false

    package init(options: ValidationOptions, at: UTCTime? = nil, task: String? = nil) {
        self.options = options
        self.at = at
        self.task = task
    }

    package func run(_ a: String, _ b: String) -> DiffReport {
        var report = DiffReport()
        report.profile = options.profile
        report.at = at?.text
        report.task = task
        let (sideA, _) = DiffSide.read(a, name: "A", options: options, known: nil, keepsGraphs: keepsGraphs)
        // A record identical on both sides is verified once: B trusts what A verified.
        let known = sideA.inventory.map { inventory in KnownSignatures { inventory.verified($0, $1) } }
        let (sideB, shared) = DiffSide.read(
            b, name: "B", options: options, known: known, keepsGraphs: keepsGraphs)
        report.sharedVerifications = shared
        report.sides = [sideA.summary, sideB.summary]
        report.problems = sideA.problems + sideB.problems
        // An input not read whole has not been compared: the report says why, and no more.
        guard report.problems.isEmpty, let stateA = sideA.state, let stateB = sideB.state else { return report }

        var byTask: [BytewiseString: DiffReport.TaskDifferences] = [:]
        func entry(_ task: String) -> BytewiseString {
            let key = BytewiseString(task)
            if byTask[key] == nil { byTask[key] = DiffReport.TaskDifferences(taskId: task) }
            return key
        }
        if task == nil { report.unreadable = [sideA, sideB].reduce(0) { $0 + ($1.summary.unreadable ?? 0) } }
        if let inventoryA = sideA.inventory, let inventoryB = sideB.inventory {
            for (task, difference) in NodeComparison.compare(inventoryA, inventoryB) {
                byTask[entry(task)]!.nodes.append(difference)
            }
        }
        let (found, tasks) = StateComparison(at: at).compare(stateA, stateB)
        for (task, difference) in found { byTask[entry(task)]!.state.append(difference) }
        if sideA.summary.kind == .state || sideB.summary.kind == .state {
            report.rejected = Self.compareRejected(stateA.rejected, stateB.rejected)
        }

        var compared = Set(tasks.map(BytewiseString.init)).union(byTask.keys)
        if let task {
            compared = compared.filter { $0 == BytewiseString(task) }
            byTask = byTask.filter { $0.key == BytewiseString(task) }
            report.rejected = []  // rejected ids name no task
        }
        report.comparedTasks = compared.map(\.string).sorted { $0.utf8Precedes($1) }
        if keepsGraphs {
            for key in byTask.keys { byTask[key]!.graphs = (sideA.graphs[key], sideB.graphs[key]) }
        }
        report.tasks = byTask.values.sorted { $0.taskId.utf8Precedes($1.taskId) }
        return report
    }

    /// Ids the two states list as rejected with different codes, or on one side only.
    static func compareRejected(_ a: [(id: String, code: String)], _ b: [(id: String, code: String)])
        -> [DiffReport.RejectedDifference]
    {
        var codes: [BytewiseString: (a: String?, b: String?)] = [:]
        for entry in a where codes[BytewiseString(entry.id)] == nil {
            codes[BytewiseString(entry.id)] = (entry.code, nil)
        }
        for entry in b where codes[BytewiseString(entry.id)]?.b == nil {
            codes[BytewiseString(entry.id), default: (nil, nil)].b = entry.code
        }
        return codes.compactMap { id, pair in
            pair.a.map { Array($0.utf8) } == pair.b.map { Array($0.utf8) }
                ? nil : DiffReport.RejectedDifference(id: id.string, a: pair.a, b: pair.b)
        }.sorted { $0.id.utf8Precedes($1.id) }
    }
}
