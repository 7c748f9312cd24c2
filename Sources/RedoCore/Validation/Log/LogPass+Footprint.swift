// What a pass retains, part by part: for the test that measures a live log's memory.
extension LogPass {
    /// Lets go of each part, the history (which shares the nodes) before the nodes, and
    /// calls `measure` with its name after each.
    mutating func release(measuring measure: (String) -> Void) {
        history = History()
        measure("history")
        ancestry = Ancestry()
        measure("ancestry")
        verdicts = []
        measure("verdicts")
        state = []
        primary = []
        ancestryIndex = []
        representative = []
        measure("rule state (state, primary, ancestry index, representative)")
        mergeDecisions = [:]
        todoCreators = PositionTable()
        originalCreate = PositionTable()
        rejectedRoots = [:]
        deleteRoots = [:]
        measure("merge decisions, todo creators, original CREATEs, roots")
        malformedIds = [:]
        rejectedAtNodeLevel = [:]
        failedCodes = [:]
        duplicateOf = [:]
        failedRecords = []
        failedParentEnd = []
        failedParents = []
        measure("failed records and rejected ids")
        nodes.payloads = []
        measure("node payloads")
        nodes.index = PositionTable()
        measure("node id table")
        nodes = NodeStore()
        measure("node columns (ids, lamports, walls, actions, tasks, authors, parents)")
    }
}
