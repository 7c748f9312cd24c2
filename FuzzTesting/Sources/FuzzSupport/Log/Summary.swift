// What the log target compares between readings of the same records: a summary of a
// verdict that must not depend on record order (nor on exact duplicates, `perId` aside).
// Verdicts are compared as values (ids, codes, findings), not as text: text is made only
// for the message of a broken invariant (SummaryDifference.swift).
import RedoCore

/// What a record claims to be: its node's id when it passed node-level checks (the same
/// as its `id` text, without making that text), else its `id` text as bytes, or (no string
/// id) its position in the original record list, so that such records never stand for one
/// another.
enum Claim: Hashable {
    case node(NodeID)
    case id(HashedBytes)
    case none(record: Int)

    init(_ check: NodeCheck, record: Int) {
        if let node = check.node {
            self = .node(node.id)
        } else if let text = check.claimedId {
            self = .id(HashedBytes(Array(text.utf8)))
        } else {
            self = .none(record: record)
        }
    }
}

/// One record's outcome under its claim; `Summary.perId` counts them (a multiset).
struct Outcome: Hashable {
    let claim: Claim
    let status: RecordStatus
    let code: ErrorCode?
}

/// A finding with its related ids sorted: what order independence compares.
struct SortedFinding: Comparable {
    let rule: String
    let path: String
    let related: [String]
    let message: String

    init(_ finding: Finding) {
        rule = finding.rule.id
        path = finding.path
        related = finding.related.count > 1 ? finding.related.sorted() : finding.related
        message = finding.message
    }

    static func < (a: SortedFinding, b: SortedFinding) -> Bool {
        if a.rule != b.rule { return a.rule < b.rule }
        if a.path != b.path { return a.path < b.path }
        if a.related != b.related { return a.related.lexicographicallyPrecedes(b.related) }
        return a.message < b.message
    }

    var text: String { "\(rule) \(path) \(related) \(message)" }
}

package struct Rejection: Equatable {
    let id: String
    let code: ErrorCode
}

/// What must not depend on record order (or on exact duplicates, `perId` aside).
package struct Summary: Equatable {
    /// Per node id: nil when valid, else its code.
    package var nodeStatus: [NodeID: ErrorCode?] = [:]
    /// Per node id: the findings of the record standing for it, sorted.
    var nodeFindings: [NodeID: [SortedFinding]] = [:]
    /// How many records have each (claim, status, code).
    var perId: [Outcome: Int] = [:]
    package var rejected: [Rejection] = []
    package var state: [UInt8] = []

    package static func == (a: Summary, b: Summary) -> Bool {
        sameBytes(a.state, b.state) && a.nodeStatus == b.nodeStatus && a.rejected == b.rejected
            && a.perId == b.perId && a.nodeFindings == b.nodeFindings
    }
}
