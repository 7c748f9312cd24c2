import RedoCrypto
import RedoJSON

// A pass that stays open (`LiveLog`): the rules applied again over every record, or
// continued on a batch's nodes when the batch cannot change any earlier verdict.
extension LogPass {
    /// The rules applied anew over every record grouped so far, starting from the records'
    /// node-level verdicts (`nodeLevel`, one per record): the verdict `run` gives on the
    /// same records, kept open for more. Returns whether the processing order was the
    /// total order (`continueRules` needs it to be).
    mutating func applyRulesAgain(nodeLevel: [RecordVerdict]) -> Bool {
        verdicts = nodeLevel
        nodes.resolveLaterParents()
        // Kept whole (`run` empties it): a later batch may bring a passing record of an id.
        rejectedAtNodeLevel = failedCodes.filter { nodes.position(of: $0.key) == nil }
        let total = Self.totalOrderIfTopological(nodes)
        applyRules(in: total ?? Self.topologicalOrder(nodes))
        history.followsTotalOrderAcrossTasks = false
        return total != nil
    }

    /// Whether the nodes at `added` (the last ones, just grouped from `records`) leave
    /// every earlier verdict as it is and can be judged by `continueRules`. True when the
    /// processing order is the total order (`orderIsTotal`) and:
    /// - every new record passed node-level checks (a failing one can change what its id's
    ///   children and the rejected list say);
    /// - no earlier record waits for a new node's id (`awaited`: parents and MERGE bases
    ///   not in the log) and no earlier record with that id failed;
    /// - each new node comes after its parents and after every node of its task
    ///   (`lastOfTask`) in the total order, so that the order stays topological and no
    ///   earlier node of its task is visited after it (the rules compare nodes of one
    ///   task only: todo creators, CREATEs, MERGE writers);
    /// - a new CREATE's task has no CREATE yet.
    func canContinue(
        with added: Range<Int>, records: Range<Int>, orderIsTotal: Bool, awaited: Set<NodeID>,
        lastOfTask: [UUIDv4: Int32]
    ) -> Bool {
        guard orderIsTotal else { return false }
        OperationCount.add(records.count + added.count)
        for record in records where verdicts[record].node < 0 { return false }
        for position in added {
            let id = nodes.id(at: position)
            if awaited.contains(id) || failedCodes[id] != nil { return false }
            let key = NodeHeap.Entry(nodes, position: Int32(position))
            if let last = lastOfTask[nodes.taskId(at: position)],
                !NodeHeap.Entry(nodes, position: last).precedes(key, ids: nodes.ids)
            {
                return false
            }
            for k in nodes.parentRange(of: position) where nodes.parentPosition(k) >= 0 {
                if !NodeHeap.Entry(nodes, position: nodes.parentPosition(k)).precedes(key, ids: nodes.ids) {
                    return false
                }
            }
            if nodes.action(at: position) == .create,
                let original = originalCreate.position(of: nodes.taskId(at: position), in: nodes),
                original < added.lowerBound
            {
                return false
            }
        }
        return true
    }

    /// Judges the nodes at `added` by visiting them after every node already judged, in
    /// total order: what `applyRulesAgain` would give when `canContinue` holds, at the
    /// cost of the new nodes alone. Returns them in the order visited.
    mutating func continueRules(with added: Range<Int>) -> [Int32] {
        noteOriginalCreates(among: added)
        state += repeatElement(.unprocessed, count: added.count)
        primary += repeatElement(nil, count: added.count)
        ancestryIndex += repeatElement(-1, count: added.count)
        history.lend(nodes)
        let nodes = self.nodes
        var order = added.map { NodeHeap.Entry(nodes, position: Int32($0)) }
        order.sort { $0.precedes($1, ids: nodes.ids) }
        for entry in order { process(Int(entry.position), in: nodes) }
        return order.map(\.position)
    }

    /// Ids that records wait for: parents and MERGE bases that no node holds, of nodes
    /// and of failing records alike. A node with one of these ids would change their
    /// verdicts.
    func awaitedIds(among positions: Range<Int>? = nil) -> Set<NodeID> {
        var awaited = Set<NodeID>()
        for position in positions ?? nodes.indices {
            for k in nodes.parentRange(of: position) where nodes.parentPosition(k) < 0 {
                awaited.insert(nodes.parentId(k))
            }
            if case let .merge(merge) = nodes.payload(at: position), nodes.position(of: merge.base) == nil {
                awaited.insert(merge.base)
            }
        }
        if positions == nil {
            for parent in failedParents where nodes.position(of: parent) == nil { awaited.insert(parent) }
        }
        return awaited
    }
}
