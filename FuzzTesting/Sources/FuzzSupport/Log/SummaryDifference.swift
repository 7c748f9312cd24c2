// The message of a broken order invariant: what differs between two summaries.
import RedoCore

/// A node's status in a summary: absent, valid, or its code.
private func text(_ status: ErrorCode??) -> String {
    switch status {
    case .none: "absent"
    case .some(.none): "valid"
    case .some(.some(let code)): code.rawValue
    }
}

/// Every way two summaries differ, one line each; empty when they are equal.
package func difference(_ a: Summary, _ b: Summary) -> String {
    var parts: [String] = []
    for (id, status) in a.nodeStatus where b.nodeStatus.index(forKey: id) == nil || b.nodeStatus[id]! != status {
        parts.append("node \(id): \(text(status)) vs \(text(b.nodeStatus[id]))")
    }
    for (id, status) in b.nodeStatus where a.nodeStatus.index(forKey: id) == nil {
        parts.append("node \(id): absent vs \(text(status))")
    }
    for (id, findings) in a.nodeFindings where b.nodeFindings[id] != findings {
        parts.append("findings of \(id): \(findings.map(\.text)) vs \((b.nodeFindings[id] ?? []).map(\.text))")
    }
    for (outcome, count) in a.perId where b.perId[outcome] != count {
        parts.append(
            "records of \(outcome.claim) with \(outcome.status.rawValue) \(outcome.code?.rawValue ?? "-"): \(count) vs \(b.perId[outcome] ?? 0)"
        )
    }
    for (outcome, count) in b.perId where a.perId[outcome] == nil {
        parts.append(
            "records of \(outcome.claim) with \(outcome.status.rawValue) \(outcome.code?.rawValue ?? "-"): 0 vs \(count)"
        )
    }
    if a.rejected != b.rejected {
        parts.append(
            "rejected: \(a.rejected.map { "\($0.id) \($0.code.rawValue)" }) vs \(b.rejected.map { "\($0.id) \($0.code.rawValue)" })"
        )
    }
    if a.state != b.state { parts.append("state: \(show(a.state, limit: 2000)) vs \(show(b.state, limit: 2000))") }
    return parts.joined(separator: "\n")
}
