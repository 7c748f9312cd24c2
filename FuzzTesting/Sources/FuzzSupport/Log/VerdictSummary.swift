// The log target's invariants on one verdict, and the summary that readings of the same
// records must share.
import RedoCore
import RedoJSON

/// The verdict on `checks`, its summary, and the invariants on one verdict. `originalIndex[r]`
/// is the position in the original record list of record r. `reference`: the summary of
/// the original order; the canonical re-checks of the state run on the reference, and on a
/// copy only when its state differs from the reference's (equal bytes were checked there),
/// each distinct state once (`LogCaches.canonicalStates`).
package func summarize(
    _ checks: [NodeCheck], originalIndex: [Int], reference: Summary? = nil, caches: LogCaches
) -> (Summary, LogVerdict) {
    let verdict = LogValidator().validate(checks)
    var summary = Summary()
    summary.nodeStatus.reserveCapacity(verdict.nodes.count)
    summary.perId.reserveCapacity(checks.count)
    invariant(verdict.records.count == checks.count, "records \(verdict.records.count) != checks \(checks.count)")
    for (node, status) in zip(verdict.nodes, verdict.nodeStatus) {
        invariant(summary.nodeStatus.index(forKey: node.id) == nil, "node \(node.id) listed twice in verdict.nodes")
        summary.nodeStatus[node.id] = status
    }
    for (r, record) in verdict.records.enumerated() {
        let claim = Claim(checks[r], record: originalIndex[r])
        summary.perId[Outcome(claim: claim, status: record.status, code: record.code), default: 0] += 1
        if !checks[r].passed {
            invariant(
                record.status == .rejected,
                "record \(originalIndex[r]) failed node-level checks but is \(record.status)")
        }
        if record.status != .duplicate, let id = checks[r].node?.id {
            summary.nodeFindings[id] = record.findings.map(SortedFinding.init).sorted(by: <)
        }
        invariant(
            (record.status == .rejected) == (record.code != nil),
            "record \(originalIndex[r]) status \(record.status) code \(String(describing: record.code))")
    }
    summary.rejected = verdict.rejected.map { Rejection(id: $0.id, code: $0.code) }

    // Valid nodes: strict total order; parents valid and of the same task.
    let valid = verdict.validNodes
    var validById: [NodeID: Node] = [:]
    validById.reserveCapacity(valid.count)
    for node in valid { validById[node.id] = node }
    for (a, b) in zip(valid, valid.dropFirst()) {
        invariant(
            a.precedes(b),
            "valid nodes out of total order: \(a.id) (\(a.lamport), \(a.wall)) then \(b.id) (\(b.lamport), \(b.wall))")
    }
    for node in valid {
        for parent in node.parents {
            guard let p = validById[parent] else {
                invariant(false, "valid node \(node.id) has a parent \(parent) that is not valid")
                continue
            }
            invariant(p.taskId == node.taskId, "valid node \(node.id) has a parent of another task")
            invariant(p.action != .delete, "valid node \(node.id) has a DELETE parent")
        }
    }

    // Reconstruction and its canonical JSON.
    let reconstruction = Reconstructor.reconstruct(verdict)
    let state = StateRendering.canonicalBytes(reconstruction)
    if reference.map({ !sameBytes(state, $0.state) }) ?? true {
        if caches.enabled {
            caches.canonicalStates.value(for: HashedBytes(state)) { checkCanonical(state, of: reconstruction) }
        } else {
            checkCanonical(state, of: reconstruction)
        }
    }
    for task in reconstruction.tasks {
        for head in task.heads { invariant(validById[head] != nil, "head \(head) is not a valid node") }
        if let current = task.currentTodo {
            invariant(
                task.todos.contains { $0.todoTaskId == current && $0.completed == nil },
                "current todo \(current) is not an uncompleted todo")
            if let todo = task.todos.first(where: { $0.todoTaskId == current }) {
                let u = Urgency.value(deadline: todo.deadline, now: urgencyNow)
                invariant(!u.isNaN, "urgency is NaN for deadline \(todo.deadline)")
            }
        }
    }
    summary.state = state
    return (summary, verdict)
}

/// The reconstructed state is canonical JSON (a fixed point of both paths) and I-JSON, and
/// the bytes StateRendering writes directly are the canonical form of its JSON value.
package func checkCanonical(_ state: [UInt8], of reconstruction: Reconstruction) {
    let rendered = CanonicalJSON.bytes(of: StateRendering.json(reconstruction))
    invariant(
        sameBytes(rendered, state),
        "state written directly differs from its JSON value's canonical form: \(show(state)) vs \(show(rendered))")
    let tape = try? CanonicalJSON.canonicalize(state)
    invariant(
        tape == state, "reconstructed state is not canonical: \(show(state)) -> \(tape.map { show($0) } ?? "rejected")")
    if let value = try? JSONReader.parse(state) {
        invariant(CanonicalJSON.bytes(of: value) == state, "reconstructed state is not a tree fixed point")
    } else {
        invariant(false, "reconstructed state is not I-JSON: \(show(state))")
    }
}
