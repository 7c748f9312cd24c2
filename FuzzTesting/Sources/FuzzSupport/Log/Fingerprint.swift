// How the log target compares whole verdicts: those of the batch and incremental validations
// with the reference verdict.
import RedoCore

/// Everything a verdict says, in record order (records, nodes, order, rejected, MERGE
/// decisions with their values): equal exactly when `lines` are equal.
///
/// Equal fingerprints have equal reconstructed states without replaying both: replay reads
/// only parts compared here (the order, each node's status, the valid nodes, whose content
/// their ids fix, the rejected list and the MERGE decisions), so it is given the same
/// input. Replay giving the same state for differently ordered verdicts is what the
/// shuffled and reversed orders test. The state is made only for a message.
package struct Fingerprint: Equatable {
    let verdict: LogVerdict

    package init(_ verdict: LogVerdict) { self.verdict = verdict }

    package static func == (a: Fingerprint, b: Fingerprint) -> Bool {
        let x = a.verdict
        let y = b.verdict
        return x.records.count == y.records.count
            && zip(x.records, y.records).allSatisfy {
                $0.status == $1.status && $0.code == $1.code && $0.findings == $1.findings
            }
            && x.nodes.count == y.nodes.count && zip(x.nodes, y.nodes).allSatisfy { $0.id == $1.id }
            && x.nodeStatus == y.nodeStatus
            && x.order.count == y.order.count
            && zip(x.order, y.order).allSatisfy { x.nodes[Int($0)].id == y.nodes[Int($1)].id }
            && x.rejected.count == y.rejected.count
            && zip(x.rejected, y.rejected).allSatisfy { $0.id == $1.id && $0.code == $1.code }
            && x.mergeDecisions == y.mergeDecisions
    }

    /// The same as text, one line per item, for messages.
    var lines: [String] {
        var lines = verdict.records.enumerated().map { k, record in
            "record \(k): \(record.status.rawValue) \(record.code?.rawValue ?? "-") \(record.findings.map { "\($0.rule.id) \($0.path) \($0.related) \($0.message)" })"
        }
        lines += zip(verdict.nodes, verdict.nodeStatus).map { "node \($0.id): \($1?.rawValue ?? "valid")" }
        lines.append("order: \(verdict.order.map { verdict.nodes[Int($0)].id.text })")
        lines += verdict.rejected.map { "rejected \($0.id) \($0.code.rawValue)" }
        lines += verdict.mergeDecisions.map { "merge decisions of \($0.key): \($0.value)" }.sorted()
        let state = StateRendering.canonicalBytes(Reconstructor.reconstruct(verdict))
        lines.append("state: " + String(decoding: state, as: UTF8.self))
        return lines
    }
}

/// The first line where two fingerprints differ, for a message.
package func firstDifference(_ a: Fingerprint, _ b: Fingerprint) -> String {
    let (a, b) = (a.lines, b.lines)
    for (x, y) in zip(a, b) where x != y { return "- \(x)\n+ \(y)" }
    return "\(a.count) lines vs \(b.count) lines"
}
