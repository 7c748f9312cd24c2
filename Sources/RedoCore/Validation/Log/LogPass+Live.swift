import RedoCrypto
import RedoJSON

// A pass that stays open (`LiveLog`): the rules applied again over every record, or
// continued on a batch's nodes when the batch cannot change any earlier verdict.
extension LogPass {
    /// The rules applied anew over every record grouped so far, starting from the records'
    /// node-level verdicts (`nodeLevel`, one per record): the verdict `run` gives on the
    /// same records, kept open for more. Returns whether the processing order was the
    /// total order (`continueRules` needs it to be).
    mutating func applyRulesAgain(nodeLevel: NodeLevelVerdicts) -> Bool {
        for record in verdicts.indices {
            verdicts[record] = nodeLevel.verdict(
                of: record, node: verdicts[record].node, representative: representative)
        }
        nodes.resolveLaterParents()
        // Kept whole (`run` empties it): a later batch may bring a passing record of an id.
        rejectedAtNodeLevel = failedCodes.filter { nodes.position(of: $0.key) == nil }
        let total = Self.totalOrderIfTopological(nodes)
        applyRules(in: total ?? Self.topologicalOrder(nodes))
        history.followsTotalOrderAcrossTasks = false
        return total != nil
    }

    /// Room for `records` records and as many nodes in all, in every array the rules
    /// keep a node: none of them grows until the pass holds that many.
    mutating func reserveLiveCapacity(records: Int) {
        // The history shares the node columns: reserved while it holds them, each would be
        // copied instead of grown in place.
        history.releaseNodes()
        reserveCapacity(records: records)
        state.reserveCapacity(records)
        primary.reserveCapacity(records)
        ancestryIndex.reserveCapacity(records)
        ancestry.reserveCapacity(records)
        history.reserveCapacity(records)
        history.lend(nodes)
    }

    /// Whether the nodes at `added` (the last ones, just grouped from `records`) leave
    /// every earlier verdict as it is and can be judged by `continueRules`. True when the
    /// processing order is the total order (`orderIsTotal`) and:
    /// - every new record passed node-level checks (a failing one can change what its id's
    ///   children and the rejected list say);
    /// - no earlier record waits for a new node's id (`awaited`: parents and MERGE bases
    ///   not in the log) and no earlier record with that id failed;
    /// - each new node comes after its parents and after every node of its task
    ///   (`lastOfTask`, by task number, -1 for none) in the total order, so that the
    ///   order stays topological and no earlier node of its task is visited after it (the
    ///   rules compare nodes of one task only: todo creators, CREATEs, MERGE writers);
    /// - a new CREATE's task has no CREATE yet.
    func canContinue(
        with added: Range<Int>, records: Range<Int>, orderIsTotal: Bool, awaited: Set<NodeID>,
        lastOfTask: [Int32]
    ) -> Bool {
        guard orderIsTotal else { return false }
        OperationCount.add(records.count + added.count)
        for record in records where verdicts[record].node < 0 { return false }
        for position in added {
            let id = nodes.id(at: position)
            if awaited.contains(id) || failedCodes[id] != nil { return false }
            let key = NodeHeap.Entry(nodes, position: Int32(position))
            let task = nodes.taskNumber(at: position)
            if task < lastOfTask.count, lastOfTask[task] >= 0,
                !NodeHeap.Entry(nodes, position: lastOfTask[task]).precedes(key, ids: nodes.ids)
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

    /// The rules' state for the nodes at `added`, just grouped, before any is judged.
    private mutating func makeRoom(for added: Range<Int>) {
        noteOriginalCreates(among: added)
        state += repeatElement(.unprocessed, count: added.count)
        primary += repeatElement(nil, count: added.count)
        ancestryIndex += repeatElement(-1, count: added.count)
        history.lend(nodes)
    }

    /// Judges the nodes at `added` by visiting them after every node already judged, in
    /// total order: what `applyRulesAgain` would give when `canContinue` holds, at the
    /// cost of the new nodes alone. Returns them in the order visited.
    mutating func continueRules(with added: Range<Int>) -> [Int32] {
        makeRoom(for: added)
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

// The rules applied again over part of the log: the nodes a batch can change, and nothing
// else.
extension LogPass {
    /// What the rules judged again (`applyRules(over:)`).
    struct ScopedRun {
        /// Earlier records whose verdict changed.
        var changedVerdicts: [ChangedVerdict] = []
        /// Nodes that became valid or stopped being valid (a new valid node among them).
        var validityChanged: [Int32] = []
        /// How many of the scope's nodes were valid before: the ancestry and history
        /// positions they held are left unused.
        var staleRegistrations = 0
    }

    /// Whether every node of `positions` comes after its parents in the total order: the
    /// processing order stays the total order when it does for a batch's nodes and for the
    /// earlier nodes whose parents it brings.
    func followParents(_ positions: some Sequence<Int32>) -> Bool {
        for position in positions {
            let key = NodeHeap.Entry(nodes, position: position)
            for k in nodes.parentRange(of: Int(position)) where nodes.parentPosition(k) >= 0 {
                if !NodeHeap.Entry(nodes, position: nodes.parentPosition(k)).precedes(key, ids: nodes.ids) {
                    return false
                }
            }
        }
        return true
    }

    /// Ids that the failing records at `indices` of `failedRecords` name as parents and
    /// that no node holds.
    func awaitedIds(amongFailed indices: Range<Int>) -> Set<NodeID> {
        guard !indices.isEmpty else { return [] }
        let start = indices.lowerBound == 0 ? 0 : failedParentEnd[indices.lowerBound - 1]
        return Set(
            failedParents[start..<failedParentEnd[indices.upperBound - 1]].filter { nodes.position(of: $0) == nil })
    }

    /// The rules applied again over the nodes at `scope` alone, in total order, from their
    /// records' node-level verdicts (`nodeLevel`): what `applyRulesAgain` gives, provided
    /// - the processing order is the total order and stays so with the batch;
    /// - `scope` holds every node a batch's record can change: the batch's nodes (`added`),
    ///   the nodes that waited for one of their ids or for an id that `failingIds` (the
    ///   batch's failing records' ids) now rejects;
    /// - of each task, `scope` holds every node, or every node that is not valid and comes
    ///   after one of its valid nodes in the total order (`LiveScope`): `historyKept` names,
    ///   per task, that node when valid nodes after it are in `scope`, and its history and
    ///   that of the valid nodes before it are kept;
    /// - no node outside `scope` has a parent inside it.
    /// The rules compare nodes of one task only and read other nodes through their
    /// parents, so no other node's verdict can change. Failing records (`failedRecords`
    /// from `firstFailed` on are the batch's) get their inherited findings again when one
    /// of their parents is in `scope` or newly rejected.
    mutating func applyRules(
        over scope: [Int32], added: Range<Int>, failingIds: [NodeID], firstFailed: Int, firstRecord: Int,
        nodeLevel: NodeLevelVerdicts, historyKept: [UUIDv4: Int32] = [:]
    ) -> ScopedRun {
        var run = ScopedRun()
        var newlyRejected = Set<NodeID>()
        for position in added { rejectedAtNodeLevel[nodes.id(at: position)] = nil }
        for id in failingIds where nodes.position(of: id) == nil {
            if rejectedAtNodeLevel[id] == nil { newlyRejected.insert(id) }
            rejectedAtNodeLevel[id] = failedCodes[id]
        }
        makeRoom(for: added)
        let nodes = self.nodes

        var before: [(record: Int, verdict: RecordVerdict)] = []
        var wasValid = Set<Int32>()
        var tasks = Set<UUIDv4>()
        OperationCount.add(scope.count)
        for position in scope {
            let p = Int(position)
            let record = Int(representative[p])
            if record < firstRecord { before.append((record, verdicts[record])) }
            if state[p] == .valid {
                wasValid.insert(position)
                run.staleRegistrations += 1
                // Only valid nodes write a history: a task judged without its valid nodes
                // keeps theirs.
                tasks.insert(nodes.taskId(at: p))
            }
            if case let .createTodo(todo, _, _) = nodes.payload(at: p),
                todoCreators.position(of: TodoKey(task: nodes.taskId(at: p), todo: todo), in: nodes) == position
            {
                todoCreators.remove(position, in: nodes)
            }
            if nodes.action(at: p) == .merge { mergeDecisions[nodes.id(at: p)] = nil }
            rejectedRoots[position] = nil
            deleteRoots[position] = nil
            state[p] = .unprocessed
            primary[p] = nil
            ancestryIndex[p] = -1
            verdicts[record] = nodeLevel.verdict(
                of: record, node: verdicts[record].node, representative: representative)
        }
        for task in tasks {
            if let kept = historyKept[task] {
                history.forgetTodoWrites(of: task, after: ancestryIndex[Int(kept)])
            } else {
                history.forgetTodoWrites(of: task)
            }
        }

        var order = scope.map { NodeHeap.Entry(nodes, position: $0) }
        order.sort { $0.precedes($1, ids: nodes.ids) }
        for entry in order {
            process(Int(entry.position), in: nodes)
            if (state[Int(entry.position)] == .valid) != wasValid.contains(entry.position) {
                run.validityChanged.append(entry.position)
            }
        }

        let inScope = Set(scope)
        var failed: [Int] = []
        var start = 0
        OperationCount.add(failedParents.count)
        for k in failedRecords.indices {
            let end = failedParentEnd[k]
            if k >= firstFailed
                || failedParents[start..<end].contains(where: { parent in
                    newlyRejected.contains(parent)
                        || nodes.position(of: parent).map { inScope.contains(Int32($0)) } == true
                })
            {
                failed.append(k)
                let record = Int(failedRecords[k])
                if record < firstRecord { before.append((record, verdicts[record])) }
                verdicts[record] = nodeLevel.verdict(
                    of: record, node: verdicts[record].node, representative: representative)
            }
            start = end
        }
        addInheritedFindings(toFailed: failed)

        for (record, verdict) in before.sorted(by: { $0.record < $1.record }) where verdicts[record] != verdict {
            run.changedVerdicts.append(ChangedVerdict(record: record, verdict: verdicts[record]))
        }
        return run
    }
}
