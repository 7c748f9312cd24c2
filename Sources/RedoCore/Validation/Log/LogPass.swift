import RedoCrypto
import RedoJSON

/// One run of the log rules. Node state lives in arrays indexed by the node's position
/// in `nodes`, so a million-node log costs a few flat arrays, not a million objects.
/// Its stages, one file each: records grouped into nodes (`LogPass+Grouping`), the
/// processing order (`+Order`), the rules on each node (`+Rules`, `+BrokenBranch`) and the
/// verdict (`+Verdict`). Its state is internal so that those files can share it; nothing
/// outside this folder but the tests touches it.
struct LogPass {
    var verdicts: [RecordVerdict]
    /// Records whose string id is malformed: listed verbatim, with the furthest code.
    /// Keyed by bytes: `String` equality would merge canonically equivalent texts (a
    /// precomposed and a decomposed é), which are different ids.
    var malformedIds: [BytewiseString: ErrorCode] = [:]
    /// Nodes that passed node-level checks, one per id; `representative[i]` is the record
    /// that stands for node i.
    var nodes = NodeStore()
    var representative: [Int32] = []
    /// Ids claimed by records of which none passed node-level checks, with the code of the
    /// record that got furthest.
    var rejectedAtNodeLevel: [NodeID: ErrorCode] = [:]

    enum State: Equatable {
        case unprocessed, valid, rejectedOwn, ancestorRejected, afterDelete
    }
    var state: [State] = []
    var primary: [ErrorCode?] = []
    /// Nearest E-rejected ancestors (capped, smallest first) of X_ANCESTOR_REJECTED nodes,
    /// and nearest DELETE ancestors of X_AFTER_DELETE ones.
    var rejectedRoots: [Int32: [NodeID]] = [:]
    var deleteRoots: [Int32: [NodeID]] = [:]

    /// Valid nodes' positions in the ancestry structure (-1 while not valid).
    var ancestryIndex: [Int32] = []
    var ancestry = Ancestry()
    /// Field writers of valid nodes, for MERGE semantics.
    var history = History()
    /// Tracks every task's history, not just those with a MERGE: for tests, which hold
    /// the two to the same verdict.
    var historyOfEveryTask = false
    /// Decisions of the MERGE being processed, kept when it turns out valid.
    var pendingDecisions: MergeDecisions?
    var mergeDecisions: [NodeID: MergeDecisions] = [:]
    /// The first valid CREATE_TODO of each (task, todo) in processing order.
    var todoCreators = PositionTable<TodoCreatorKey>()
    /// Each task's original CREATE (see `chooseOriginalCreates`).
    var originalCreate = PositionTable<TaskKey>()

    /// Ids whose records all failed node-level checks so far, with the furthest code.
    var failedCodes: [NodeID: ErrorCode] = [:]
    /// Duplicate records (passing, same id as an earlier passing one): record → node.
    /// Few in any real log; kept so that a late rejection can promote a duplicate.
    var duplicateOf: [Int32: Int32] = [:]

    /// Failing records whose parents the broken-branch rules still follow (see
    /// `NodeCheck.followableParents`): the X rules run for every record, not only for
    /// nodes that pass node-level checks. Record k's parents are
    /// `failedParents[failedParentEnd[k - 1]..<failedParentEnd[k]]`, one flat array.
    var failedRecords: [Int32] = []
    var failedParentEnd: [Int] = []
    var failedParents: [NodeID] = []

    init(_ batches: consuming [[NodeCheck]]) {
        verdicts = []
        verdicts.reserveCapacity(batches.reduce(0) { $0 + $1.count })
        for k in batches.indices {
            let batch = batches[k]
            batches[k] = []  // release the batch's nodes once they are copied out
            groupRecords(batch)
        }
    }

    mutating func add(_ batch: consuming [NodeCheck]) {
        groupRecords(batch)
    }

    /// Room for `records` records and as many nodes. A node array that doubles holds its
    /// nodes twice while it copies them: at 10M nodes that copy was the peak of the run.
    mutating func reserveCapacity(records: Int) {
        verdicts.reserveCapacity(records)
        nodes.reserveCapacity(records)
        representative.reserveCapacity(records)
    }

    mutating func run() -> LogVerdict {
        // Parents listed before their node was added now name it by position: the order
        // and the rules read parents as positions.
        nodes.resolveLaterParents()
        for (id, code) in failedCodes where nodes.position(of: id) == nil {
            rejectedAtNodeLevel[id] = code
        }
        failedCodes = [:]
        let order = processingOrder()
        applyRules(in: order)
        return finish(order)
    }

    /// The rules on every node, visited in `order`, and the inherited findings of failing
    /// records; starts from the grouping (the rules' state is made anew).
    mutating func applyRules(in order: [Int32]) {
        chooseOriginalCreates()
        history = History(
            nodes: nodes,
            trackedTasks: historyOfEveryTask ? nil : History.tasksWithMerges(nodes))
        ancestry = Ancestry()
        ancestry.reserveCapacity(nodes.count)
        todoCreators = PositionTable()
        mergeDecisions = [:]
        rejectedRoots = [:]
        deleteRoots = [:]
        state = Array(repeating: .unprocessed, count: nodes.count)
        primary = Array(repeating: nil, count: nodes.count)
        ancestryIndex = Array(repeating: -1, count: nodes.count)
        // The same storage, read by the rules while they write the rest; lent to each call,
        // not stored: a copy per node would retain every column once a node.
        let nodes = self.nodes
        for position in order { process(Int(position), in: nodes) }
        addInheritedFindingsToFailedRecords()
    }
}
