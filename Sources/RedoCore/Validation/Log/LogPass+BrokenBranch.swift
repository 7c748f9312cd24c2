import RedoCrypto
import RedoJSON

// The broken-branch rules: X_ANCESTOR_REJECTED below a rejected node, X_AFTER_DELETE below
// a DELETE, handed down with the nearest root causes.
extension LogPass {
    /// Where a parent stands under the broken-branch rules. A broken parent's root causes
    /// (the nearest E-rejected nodes, or the DELETEs above) are added to `roots` or
    /// `deletes`. `p` is the parent's position in `nodes`, -1 when no passing record holds it.
    enum ParentStanding { case sound, broken, onlyFailedRecords, notInLog }

    func standing(
        of parent: NodeID, at p: Int32, in nodes: NodeStore,
        roots: inout [NodeID], deletes: inout [NodeID]
    ) -> ParentStanding {
        guard p >= 0 else {
            guard rejectedAtNodeLevel[parent] != nil else { return .notInLog }
            roots.append(parent)
            return .onlyFailedRecords
        }
        switch state[Int(p)] {
        case .valid:
            guard nodes.action(at: Int(p)) == .delete else { return .sound }
            deletes.append(parent)
        case .rejectedOwn: roots.append(parent)
        case .ancestorRejected:
            roots += rejectedRoots[p] ?? []
            OperationCount.add(rejectedRoots[p]?.count ?? 0)
        case .afterDelete:
            deletes += deleteRoots[p] ?? []
            OperationCount.add(deleteRoots[p]?.count ?? 0)
        case .unprocessed: break
        }
        return .broken
    }

    /// The X findings for what the parents handed down; cuts `roots` and `deletes` to the
    /// smallest ids, as they are kept for the node's own children.
    static func inheritedFindings(roots: inout [NodeID], deletes: inout [NodeID]) -> [Finding] {
        var findings: [Finding] = []
        if !roots.isEmpty {
            roots = smallest(roots)
            let texts = roots.map(\.text)
            findings.append(
                Finding(
                    .ancestorRejected,
                    "descends from rejected node\(texts.count > 1 ? "s" : "") \(texts.joined(separator: ", "))",
                    path: "$.parents", related: texts))
        }
        if !deletes.isEmpty {
            deletes = smallest(deletes)
            let texts = deletes.map(\.text)
            findings.append(
                Finding(
                    .afterDelete, "descends from DELETE \(texts.joined(separator: ", "))", path: "$.parents",
                    related: texts))
        }
        return findings
    }

    /// The X rules for records that failed node-level checks, run once every node's
    /// standing is known. Only the findings grow: such a record's own E finding stays its
    /// primary code, and nothing descends from a record (children name ids, and an id's
    /// standing is its node's).
    mutating func addInheritedFindingsToFailedRecords() {
        addInheritedFindings(toFailed: failedRecords.indices)
    }

    /// The same for the failing records at `indices` of `failedRecords` alone.
    mutating func addInheritedFindings(toFailed indices: some Sequence<Int>) {
        for k in indices {
            let record = failedRecords[k]
            let start = k == 0 ? 0 : failedParentEnd[k - 1]
            let end = failedParentEnd[k]
            var roots: [NodeID] = []
            var deletes: [NodeID] = []
            OperationCount.add(1 + end - start)
            for parent in failedParents[start..<end] {
                _ = standing(
                    of: parent, at: nodes.position(of: parent).map(Int32.init) ?? -1, in: nodes, roots: &roots,
                    deletes: &deletes)
            }
            let findings = Self.inheritedFindings(roots: &roots, deletes: &deletes)
            if !findings.isEmpty { verdicts[Int(record)].findings += findings }
        }
    }

    /// The distinct ids, smallest first, at most `maxRelated` of them. Usually one id: a
    /// chain below a break hands its single root down, so that case skips the sorting.
    static func smallest(_ ids: [NodeID]) -> [NodeID] {
        guard ids.count > 1 else { return ids }
        OperationCount.add(ids.count)
        var sorted = ids.sorted {
            OperationCount.add()
            return $0 < $1
        }
        var distinct = 1
        for k in 1..<sorted.count where sorted[k] != sorted[distinct - 1] {
            sorted[distinct] = sorted[k]
            distinct += 1
        }
        return Array(sorted.prefix(min(distinct, LogValidator.maxRelated)))
    }
}
