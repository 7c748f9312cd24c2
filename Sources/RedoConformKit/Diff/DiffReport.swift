import RedoCore
import RedoJSON
import RedoValidation

/// What `diff` found, whatever format writes it (text, json, junit, html): both sides, their input problems, and the differences grouped by task.
/// Documented in docs/reports.md ("The diff report").
package struct DiffReport: Sendable {
    package static let format = "redo-conform/diff-report"
    package static let version = 1

    /// One input of the two.
    package struct Side: Sendable {
        package enum Kind: String, Sendable { case log, state }
        /// "A" or "B".
        package let name: String
        package var path: String
        package let kind: Kind
        /// For a log: its records and what became of them (nil for a state).
        package var records: Int?
        package var nodes: Int?
        package var valid: Int?
        package var rejected: Int?
        package var duplicates: Int?
        /// For a log: records that claim no id at all (not I-JSON, no string id), which
        /// cannot be matched with anything on the other side (nil for a state).
        package var unreadable: Int?
        /// Tasks in the (reconstructed) state, and tasks deleted.
        package var tasks = 0
        package var deleted = 0
    }

    package struct Problem: Sendable {
        package let side: String
        package let path: String
        package let message: String
    }

    package enum NodeKind: String, Sendable, CaseIterable {
        /// Claimed on one side only: never synced.
        case missing
        /// Both sides hold the id, and one copy's canonical bytes are not what the id
        /// hashes: one side rejects it with E_HASH_MISMATCH.
        case altered
        /// Valid on both sides with different signatures: a randomized re-sign. Counted;
        /// not a difference that fails.
        case resigned
        /// Both sides hold the same id with different verdicts (valid on one side and
        /// rejected on the other, or rejected with other codes).
        case verdict
    }

    /// A record's verdict on one side: valid, or rejected with its primary code.
    package struct NodeVerdict: Sendable, Equatable {
        package let code: ErrorCode?
        package var status: String { code == nil ? "valid" : "rejected" }
        package var text: String { code?.rawValue ?? "valid" }
    }

    package struct NodeDifference: Sendable {
        package let kind: NodeKind
        package let id: String
        /// nil: the id is absent from that side.
        package let a: NodeVerdict?
        package let b: NodeVerdict?
    }

    package enum StateKind: String, Sendable, CaseIterable {
        /// A task in one state and not the other (nor deleted there).
        case task
        /// A task deleted on one side only.
        case deleted
        /// A task field: metadata, archived, created, currentTodo, heads.
        case field
        /// A todo on one side only, or one of its fields.
        case todo
        /// The current todo's urgency at `--at`.
        case urgency
    }

    /// One difference of state. For `task` and `deleted`, `a` and `b` are "present",
    /// "deleted" or "absent"; otherwise each side's value, nil where the side has none.
    package struct StateDifference: Sendable {
        package let kind: StateKind
        /// Relative to the task: `title`, `todos[TODOTASKID].deadline`, `urgency`; `$` for
        /// the task as a whole.
        package let path: String
        package let a: JSONValue?
        package let b: JSONValue?
    }

    package struct TaskDifferences: Sendable {
        package let taskId: String
        package var nodes: [NodeDifference] = []
        package var state: [StateDifference] = []
        /// Each side's DAG of this task, as `validate`'s html report draws it (a node per
        /// claimed id, coloured by its verdict on that side), when the run was asked to keep
        /// them (`DiffRun.keepsGraphs`); nil otherwise. A side's graph is nil when it is a
        /// state JSON or holds no record of the task. Drawn side by side, with `nodes`'
        /// differences marked, they show where the two logs part.
        package var graphs: (a: TaskGraph?, b: TaskGraph?)?
        /// Whether anything but re-signed copies differs.
        package var differs: Bool { !state.isEmpty || nodes.contains { $0.kind != .resigned } }
    }

    /// An id the states list as rejected with different codes, or on one side only
    /// (compared when a side is a state JSON; between two logs the node comparison says more).
    package struct RejectedDifference: Sendable {
        package let id: String
        package let a: String?
        package let b: String?
    }

    package var sides: [Side] = []
    package var problems: [Problem] = []
    package var profile: ValidationProfile = .synced
    /// `--at`, as the protocol writes times; nil without it.
    package var at: String?
    /// `--task`; nil without it.
    package var task: String?
    /// Every task either side holds (in its state, deleted, or named by a differing
    /// node), sorted by the bytes of its taskId: one junit test case each.
    package var comparedTasks: [String] = []
    /// The tasks with some difference (re-signed copies included), in the same order.
    package var tasks: [TaskDifferences] = []
    package var rejected: [RejectedDifference] = []
    /// Records on either side that claim no id: they cannot be compared, so the sides are
    /// not shown to hold the same data (0 with `--task`: such records name no task).
    package var unreadable = 0
    /// Signatures verified once for both sides (B's records whose id and signature A had
    /// already verified).
    package var sharedVerifications = 0

    package init() {}

    /// Differences per kind, in the order reports list them.
    package var nodeCounts: [(NodeKind, Int)] {
        NodeKind.allCases.map { kind in (kind, tasks.reduce(0) { $0 + $1.nodes.lazy.filter { $0.kind == kind }.count })
        }
    }

    package var stateCounts: [(StateKind, Int)] {
        StateKind.allCases.map { kind in (kind, tasks.reduce(0) { $0 + $1.state.lazy.filter { $0.kind == kind }.count })
        }
    }

    /// The json report's `summary`, key and count, in its order (the html report shows
    /// the same numbers).
    package var summaryCounts: [(key: String, count: Int)] {
        [("tasksCompared", comparedTasks.count), ("tasksDiffering", tasks.filter(\.differs).count)]
            + nodeCounts.map { ($0.0.rawValue, $0.1) } + stateCounts.map { ($0.0.rawValue, $0.1) }
            + [("rejected", rejected.count), ("unreadable", unreadable)]
    }

    /// Converged: every input read, every record comparable, and nothing differs but
    /// signatures.
    package var equivalent: Bool {
        problems.isEmpty && unreadable == 0 && rejected.isEmpty && !tasks.contains { $0.differs }
    }

    /// 0 equivalent, 1 differences, 2 an input that could not be read.
    package var exitStatus: ExitStatus {
        if !problems.isEmpty { return .usageOrIO }
        return equivalent ? .ok : .findings
    }
}
