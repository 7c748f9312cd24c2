import RedoCrypto
import RedoJSON

// The log rules on one node, in processing order: parents (found, same task), lamport,
// duplicate CREATE, todo references, deletedChain, MERGE base and semantics.
extension LogPass {
    mutating func process(_ node: Int, in nodes: NodeStore) {
        let position = Int32(node)
        pendingDecisions = nil
        var own: [Finding] = []
        var roots: [NodeID] = []
        var deletes: [NodeID] = []
        var parentPositions: [Int32] = []
        var allParentsKnown = true
        var allParentsValid = true

        let parentRange = nodes.parentRange(of: node)
        OperationCount.add(1 + parentRange.count)
        parentPositions.reserveCapacity(parentRange.count)
        for (k, ref) in parentRange.enumerated() {
            let parent = nodes.parentId(ref)
            let p = nodes.parentPosition(ref)
            if p >= 0 {
                parentPositions.append(p)
                if nodes.taskId(at: Int(p)) != nodes.taskId(at: node) {
                    own.append(
                        Finding(
                            .parentOtherTask,
                            "parent \(parent) belongs to task \(nodes.taskId(at: Int(p))), not \(nodes.taskId(at: node))",
                            path: "$.parents[\(k)]", related: [parent.text]))
                    allParentsValid = false
                }
            }
            switch standing(of: parent, at: p, in: nodes, roots: &roots, deletes: &deletes) {
            case .sound:
                break
            case .broken:
                allParentsValid = false
            case .onlyFailedRecords:
                allParentsKnown = false
                allParentsValid = false
            case .notInLog:
                own.append(
                    Finding(
                        .parentNotFound, "parent \(parent) is not in the log", path: "$.parents[\(k)]",
                        related: [parent.text]))
                allParentsKnown = false
                allParentsValid = false
            }
        }

        checkLamport(node, in: nodes, parentPositions: parentPositions, allParentsKnown: allParentsKnown, into: &own)
        if nodes.action(at: node) == .create,
            let original = originalCreate.position(of: nodes.taskId(at: node), in: nodes),
            original != position
        {
            let first = nodes.id(at: Int(original))
            own.append(
                Finding(
                    .createDuplicate,
                    "task \(nodes.taskId(at: node)) already has its CREATE \(first) (earliest wall, then smallest id)",
                    path: "$.action", related: [first.text]))
        }
        if let todo = nodes.payload(at: node).todoTaskId, todo == nodes.taskId(at: node) {
            own.append(
                Finding(.todoIsTaskId, "todoTaskId \(todo) is the task's own id", path: "$.data.payload.todoTaskId"))
        }
        // Rules over the node's history run only on a sound history: below a rejected
        // node or a DELETE the node is already rejected for that reason. (A valid node
        // always has a sound history, so the parents' ancestry positions serve both.)
        let parentAncestry = allParentsValid ? parentPositions.map { ancestryIndex[Int($0)] } : []
        if allParentsValid {
            checkHistory(node, in: nodes, parentPositions: parentPositions, parentAncestry: parentAncestry, into: &own)
        }

        let findings = own + Self.inheritedFindings(roots: &roots, deletes: &deletes)
        if !roots.isEmpty { rejectedRoots[position] = roots }
        if !deletes.isEmpty { deleteRoots[position] = deletes }

        if own.hasErrors {
            state[Int(position)] = .rejectedOwn
        } else if !roots.isEmpty {
            state[Int(position)] = .ancestorRejected
        } else if !deletes.isEmpty {
            state[Int(position)] = .afterDelete
        } else {
            state[Int(position)] = .valid
            registerValid(node, in: nodes, parentAncestry: parentAncestry)
        }
        primary[Int(position)] = findings.primaryCode

        // Untouched when there is nothing to add: a verdict run on a copy of the pass
        // (`Incremental.verdict`) would otherwise copy all the record verdicts.
        guard !findings.isEmpty else { return }
        let record = Int(representative[Int(position)])
        verdicts[record].findings += findings
        if let code = findings.primaryCode {
            verdicts[record].status = .rejected
            verdicts[record].code = code
        }
    }

    func checkLamport(
        _ node: Int, in nodes: NodeStore, parentPositions: [Int32], allParentsKnown: Bool, into own: inout [Finding]
    ) {
        if nodes.action(at: node) == .create {
            if nodes.lamport(at: node) != 1 {
                own.append(
                    Finding(
                        .lamportCreate, "a CREATE has lamport 1, found \(nodes.lamport(at: node))",
                        path: "$.timestamp.lamport"))
            }
        } else if allParentsKnown, !parentPositions.isEmpty {
            var highest = Int64.min
            for p in parentPositions { highest = max(highest, nodes.lamport(at: Int(p))) }
            guard nodes.lamport(at: node) != highest + 1 else { return }
            own.append(
                Finding(
                    .lamportSuccessor,
                    "lamport must be \(highest + 1) (the parents' highest is \(highest)), found \(nodes.lamport(at: node))",
                    path: "$.timestamp.lamport"))
        }
    }

    /// Todo references, todoTaskId reuse, deletedChain and MERGE base: rules over the
    /// node's ancestors, all of which are valid here.
    mutating func checkHistory(
        _ node: Int, in nodes: NodeStore, parentPositions: [Int32], parentAncestry: [Int32], into own: inout [Finding]
    ) {
        switch nodes.payload(at: node) {
        case let .completeTodo(todo, _, _), let .snooze(todo, _, _):
            guard todo != nodes.taskId(at: node) else { return }
            let creator = todoCreators.position(of: TodoKey(task: nodes.taskId(at: node), todo: todo), in: nodes)
            let reachable =
                creator.map { c in parentAncestry.contains { ancestry.isAncestor(ancestryIndex[Int(c)], of: $0) } }
                ?? false
            if !reachable {
                let note = creator.map { " (\(nodes.id(at: Int($0))) creates it on another branch)" } ?? ""
                own.append(
                    Finding(
                        .todoNotAncestor, "todo \(todo) is not created by an ancestor CREATE_TODO\(note)",
                        path: "$.data.payload.todoTaskId",
                        related: creator.map { [nodes.id(at: Int($0)).text] } ?? []))
            }
        case let .createTodo(todo, _, _):
            if todo != nodes.taskId(at: node),
                let creator = todoCreators.position(of: TodoKey(task: nodes.taskId(at: node), todo: todo), in: nodes)
            {
                own.append(
                    Finding(
                        .todoReused, "todo \(todo) was already created by \(nodes.id(at: Int(creator)))",
                        path: "$.data.payload.todoTaskId",
                        related: [nodes.id(at: Int(creator)).text]))
            }
        case let .delete(chain):
            own += DeletedChainRule.check(chain, parents: parentPositions, nodes: nodes)
        case let .merge(merge):
            checkMergeBase(merge.base, node: node, in: nodes, parentAncestry: parentAncestry, into: &own)
            // MERGE semantics run only for a MERGE that is otherwise valid.
            if !own.hasErrors, let base = nodes.position(of: merge.base) {
                let evaluator = MergeEvaluator(history: history, ancestry: ancestry)
                switch evaluator.evaluate(
                    nodes[node], merge, base: ancestryIndex[base], parents: parentAncestry)
                {
                case let .success(decisions): pendingDecisions = decisions
                case let .failure(finding): own.append(finding)
                }
            }
        default:
            break
        }
    }

    func checkMergeBase(
        _ base: NodeID, node: Int, in nodes: NodeStore, parentAncestry: [Int32], into own: inout [Finding]
    ) {
        let path = "$.data.payload.base"
        guard let b = nodes.position(of: base) else {
            if rejectedAtNodeLevel[base] != nil {
                own.append(
                    Finding(
                        .mergeBaseNotAncestor, "base \(base) is a rejected node, not an ancestor of the parents",
                        path: path, related: [base.text]))
            } else {
                own.append(
                    Finding(.mergeBaseNotFound, "base \(base) is not in the log", path: path, related: [base.text]))
            }
            return
        }
        guard nodes.taskId(at: b) == nodes.taskId(at: node) else {
            own.append(
                Finding(
                    .mergeBaseNotFound, "base \(base) belongs to task \(nodes.taskId(at: b))", path: path,
                    related: [base.text]))
            return
        }
        let baseAncestry = ancestryIndex[b]
        let misses = zip(nodes.parentRange(of: node).map(nodes.parentId), parentAncestry).filter { _, p in
            baseAncestry < 0 || !ancestry.isAncestor(baseAncestry, of: p)
        }.map(\.0)
        if !misses.isEmpty {
            own.append(
                Finding(
                    .mergeBaseNotAncestor,
                    "base \(base) is not an ancestor of parent\(misses.count > 1 ? "s" : "") \(misses.map(\.text).joined(separator: ", "))",
                    path: path,
                    related: [base.text] + misses.map(\.text)))
        }
    }

    mutating func registerValid(_ node: Int, in nodes: NodeStore, parentAncestry: [Int32]) {
        let position = Int32(node)
        assert(!parentAncestry.contains(-1), "a valid node's parents are valid")
        let ancestryPosition = Int32(history.count)  // the valid nodes so far
        ancestry.add(index: ancestryPosition, parents: parentAncestry)
        history.register(position, parents: parentAncestry, decisions: pendingDecisions)
        if let decisions = pendingDecisions { mergeDecisions[nodes.id(at: node)] = decisions }
        ancestryIndex[Int(position)] = ancestryPosition
        if case let .createTodo(todo, _, _) = nodes.payload(at: node),
            todoCreators.position(of: TodoKey(task: nodes.taskId(at: node), todo: todo), in: nodes) == nil
        {
            todoCreators.insert(position, in: nodes)
        }
    }
}
