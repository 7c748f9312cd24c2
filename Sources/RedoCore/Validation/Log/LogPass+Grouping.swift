import RedoCrypto
import RedoJSON

// Records to nodes: which record stands for each id, which are duplicates, which failed,
// and each task's original CREATE.
extension LogPass {
    /// Records with the same claimed id are the same node. The first passing record (in
    /// input order) stands for it, other passing ones are duplicates; failing records are
    /// rejected on their own. An id with no passing record is rejected as a node.
    mutating func groupRecords(_ checks: consuming [NodeCheck]) {
        OperationCount.add(checks.count)
        for k in checks.indices {
            let recordIndex = verdicts.count
            let claimedNodeId = checks[k].claimedNodeId
            let malformedId = claimedNodeId == nil ? checks[k].claimedId : nil  // read before take()
            let followable = checks[k].passed ? nil : checks[k].followableParents
            // Moved out of the batch, not copied: a copy would retain all the node holds
            // only for the batch to release it.
            let (node, findings) = checks[k].take()
            let code = findings.primaryCode
            verdicts.append(
                node != nil
                    ? RecordVerdict(status: .valid, code: nil, findings: findings)
                    : RecordVerdict(status: .rejected, code: code, findings: findings))
            guard let id = claimedNodeId else {
                if let text = malformedId.map(BytewiseString.init), let code {
                    malformedIds[text] = max(malformedIds[text] ?? code, code)
                }
                continue
            }
            if let node {
                if let existing = nodes.position(of: id).map(Int32.init) {
                    verdicts[recordIndex].status = .duplicate
                    verdicts[recordIndex].node = existing
                    duplicateOf[Int32(recordIndex)] = existing
                } else {
                    verdicts[recordIndex].node = nodes.append(node)
                    representative.append(Int32(recordIndex))
                }
            } else if let code {
                failedCodes[id] = max(failedCodes[id] ?? code, code)
                if let followable { noteFailedRecord(recordIndex, parents: followable) }
            }
        }
    }

    mutating func noteFailedRecord(_ record: Int, parents: some Sequence<NodeID>) {
        failedRecords.append(Int32(record))
        failedParents += parents
        failedParentEnd.append(failedParents.count)
    }

    /// Makes the grouping `groupRecords` would have made had each `late` record been a failing
    /// check (its findings plus `finding`, no node): the record is rejected; a node whose
    /// standing record is rejected passes to its first remaining duplicate, or is gone; and
    /// nodes keep the order of their standing records, as grouping gives them.
    mutating func regroup(rejecting late: [LateRejection], with finding: Finding) {
        guard !late.isEmpty else { return }
        var rejected = Set<Int>(minimumCapacity: late.count)
        for rejection in late {
            var verdict = verdicts[rejection.record]
            verdict.findings.append(finding)
            verdict.status = .rejected
            verdict.code = verdict.findings.primaryCode
            verdict.node = -1
            verdicts[rejection.record] = verdict
            if let code = verdict.code { failedCodes[rejection.id] = max(failedCodes[rejection.id] ?? code, code) }
            // It passed every check but its signature: its id is its content's hash.
            if let position = nodes.position(of: rejection.id) {
                noteFailedRecord(rejection.record, parents: nodes.parents(at: position))
            }
            rejected.insert(rejection.record)
            duplicateOf[Int32(rejection.record)] = nil
        }
        // Each node's standing record: its first passing record that is not rejected.
        var duplicates: [Int32: [Int]] = [:]
        for (record, node) in duplicateOf { duplicates[node, default: []].append(Int(record)) }
        var standing: [(record: Int, position: Int)] = []
        for position in nodes.indices {
            var record = Int(representative[position])
            if rejected.contains(record) {
                guard let next = duplicates[Int32(position)]?.min() else { continue }  // no passing record left
                record = next
                verdicts[record].status = .valid
                duplicateOf[Int32(record)] = nil
            }
            standing.append((record, position))
        }
        standing.sort { $0.record < $1.record }
        let oldNodes = nodes
        nodes = NodeStore()
        nodes.reserveCapacity(standing.count)
        for entry in standing { nodes.append(oldNodes[entry.position]) }
        representative = standing.map { Int32($0.record) }
        standing = []
        // Every record of a node that remains follows it to its new position (-1: gone).
        let moved = oldNodes.indices.map { nodes.position(of: oldNodes.id(at: $0)).map(Int32.init) ?? -1 }
        duplicateOf = duplicateOf.mapValues { moved[Int($0)] }
        for k in verdicts.indices where verdicts[k].node >= 0 { verdicts[k].node = moved[Int(verdicts[k].node)] }
    }

    /// The original CREATE of a task is the earliest wall, then the smallest id, among
    /// CREATEs that pass node-level checks.
    mutating func chooseOriginalCreates() {
        originalCreate = PositionTable<TaskKey>()
        noteOriginalCreates(among: nodes.indices)
    }

    /// Makes each CREATE among `positions` its task's original CREATE when it comes before
    /// the one chosen so far (a live log adds a batch's CREATEs this way).
    mutating func noteOriginalCreates(among positions: Range<Int>) {
        var originalCreate = self.originalCreate
        self.originalCreate = PositionTable()  // unshared, so that it grows in place
        OperationCount.add(positions.count)
        for position in positions where nodes.action(at: position) == .create {
            if let current = originalCreate.position(of: nodes.taskId(at: position), in: nodes).map(Int.init) {
                if (nodes.wall(at: position), nodes.id(at: position)) < (nodes.wall(at: current), nodes.id(at: current))
                {
                    originalCreate.replace(with: Int32(position), in: nodes)
                }
            } else {
                originalCreate.insert(Int32(position), in: nodes)
            }
        }
        self.originalCreate = originalCreate
    }
}
