import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// The records of a log's findings the way people read them: per task, each root cause —
/// a record rejected by an E rule of its own, or by X_AFTER_DELETE — with the records
/// rejected only because they descend from it (X_ANCESTOR_REJECTED) gathered beneath it.
///
/// A descendant is gathered under every root cause its finding names (the nearest ones,
/// at most 8: `LogValidator.maxRelated`), so one below two roots counts under each. A
/// descendant none of whose roots is a record of its task (a root whose taskId could
/// not be read lands in another group) stays a line of its own: nothing is hidden.
/// Built in one pass over the records plus the sort of task names.
package struct RootCauses {
    package struct Root {
        /// The record, by its index in the log.
        package let record: Int
        /// Records rejected only as its descendants, in input order.
        package var descendants: [Int] = []
    }

    package struct Task {
        /// The taskId text as claimed ("" when a record has none that can be read).
        package let taskId: String
        /// Root causes in input order.
        package var roots: [Root] = []
        /// Descendants whose root causes are not records of this task, in input order.
        package var unattached: [Int] = []
        /// Records that stand (valid or duplicate) but carry warnings, in input order.
        package var warned: [Int] = []

        /// Records rejected in this task, root causes and descendants alike.
        package var rejectedCount = 0
    }

    /// Tasks with findings, in byte order of their taskId text.
    package let tasks: [Task]

    /// Whether a record's primary code makes it a descendant rather than a root cause.
    package static func isDescendant(status: RecordStatus, code: ErrorCode?) -> Bool {
        status == .rejected && code == .ancestorRejected
    }

    package init(_ result: some ReportedRun) {
        // Grouped and ordered by the taskId's bytes: `String` equality would put two
        // canonically equivalent (malformed) taskIds under one heading.
        var taskIndex: [BytewiseString: Int] = [:]
        var tasks: [Task] = []
        var rootOfId: [NodeID: (task: Int, root: Int)] = [:]
        var descendants: [(record: Int, task: Int)] = []
        for index in 0..<result.recordCount {
            let status = result.status(index)
            let rejected = status == .rejected
            guard rejected || result.findings(index).contains(where: { $0.severity == .warning }) else { continue }
            let key = BytewiseString(result.taskId(index) ?? "")
            let task: Int
            if let known = taskIndex[key] {
                task = known
            } else {
                task = tasks.count
                taskIndex[key] = task
                tasks.append(Task(taskId: key.string))
            }
            if !rejected {
                tasks[task].warned.append(index)
                continue
            }
            tasks[task].rejectedCount += 1
            if Self.isDescendant(status: status, code: result.code(index)) {
                descendants.append((index, task))
            } else {
                tasks[task].roots.append(Root(record: index))
                if let id = result.claimedId(index).flatMap({ NodeID($0) }), rootOfId[id] == nil {
                    rootOfId[id] = (task, tasks[task].roots.count - 1)
                }
            }
        }
        for (record, task) in descendants {
            var attached = false
            let finding = result.findings(record).first { $0.code == .ancestorRejected }
            for related in finding?.related ?? [] {
                guard let id = NodeID(related), let root = rootOfId[id], root.task == task else { continue }
                tasks[task].roots[root.root].descendants.append(record)
                attached = true
            }
            if !attached { tasks[task].unattached.append(record) }
        }
        self.tasks = tasks.sortedByUTF8 { $0.taskId }
    }
}
