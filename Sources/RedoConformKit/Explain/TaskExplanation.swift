import RedoCore
import RedoValidation

/// What happened to one task: every node any record of it claims, in total order, with
/// who wrote it, what it changed and its verdict, then how the task ends. Text is kept as
/// the export spells it; each report escapes it for its format.
package struct TaskExplanation: Sendable {
    /// One change a node makes, or would have made had it stood.
    package struct Change: Sendable, Equatable {
        /// A task field's name, or `todo <id> <field>`.
        package var field: String
        /// The value before (as messages show values: strings quoted); nil when unset or
        /// not known (a rejected node changes nothing).
        package var old: String?
        package var new: String
    }

    /// One node of the task (all records claiming one id), or one record without an id.
    package struct Entry: Sendable {
        package var id: String
        /// The records claiming it, in input order, with their sources.
        package var records: [Int]
        package var sources: [String]
        package var lamport: Int64?
        package var wall: String?
        package var details: RecordDetails
        package var action: String?
        package var parents: [String]
        package var changes: [Change] = []
        /// valid, rejected, or duplicate (valid, with more than one record).
        package var verdict: String
        package var code: ErrorCode?
        /// The findings of its records, errors and warnings, as `CODE [rule] path: message`.
        package var findings: [String] = []
        /// For a node rejected only as a descendant: the root causes its finding names.
        package var rootCauses: [String] = []
        /// The nodes of the task that name it as a parent, valid or not, when there are two
        /// or more: the task forks here.
        package var forksInto: [String] = []
        /// Whether a valid DELETE lists it in its deletedChain.
        package var deleted = false
        /// Whether it stands in the final state (valid and not deleted, or an ancestor of
        /// such a node).
        package var survives = false
    }

    /// How the task ends.
    package enum Ending: Sendable, Equatable {
        /// No record of the task stands: every CREATE (if any) was rejected.
        case neverExisted
        /// Every valid node is deleted; the DELETEs that did it, as entry positions.
        case deleted(by: [Int])
        /// Some DELETE deleted one branch while another lives on.
        case deletedOnOneBranch(by: [Int])
        /// Alive, no valid DELETE.
        case alive
    }

    package let taskId: String
    /// Every title any record of the task gave it, in timeline order, each once.
    package var titles: [String] = []
    /// The title of the latest node in the timeline that gave one, valid or not.
    package var lastTitle: String?
    package var entries: [Entry] = []
    package var ending: Ending = .neverExisted
    /// The replayed state of the surviving nodes, as `field: value` lines (todos
    /// included); empty unless the task is alive.
    package var finalState: [Change] = []
    /// The task's DAG as the reports draw it (bounded: `GraphLayout`).
    package var graph: TaskGraph?

    package init(taskId: String) { self.taskId = taskId }
}
