import Dispatch
import Foundation
import RedoCore
import RedoCrypto
import RedoJSON

/// What a record claims to be: for a record that passed node-level checks, its node's id
/// and task; a failing record's claims are text (they may be malformed), with its place
/// for the drawings of the html report. Only failing records' are stored
/// (`ValidationResult.failedIdentities`).
package enum RecordIdentity: Sendable {
    case node(NodeID, UUIDv4)
    case claims(id: String?, task: String?, place: RecordPlace)

    package init(_ check: NodeCheck) {
        if let node = check.node {
            self = .node(node.id, node.taskId)
        } else {
            self = .claims(
                id: check.claimedId, task: check.taskIdText,
                place: RecordPlace(
                    action: check.claimedAction, lamport: check.claimedLamport, parents: check.followableParents))
        }
    }

    package var id: String? {
        switch self {
        case let .node(id, _): return id.text
        case let .claims(id, _, _): return id
        }
    }

    package var task: String? {
        switch self {
        case let .node(_, task): return task.text
        case let .claims(_, task, _): return task
        }
    }
}
