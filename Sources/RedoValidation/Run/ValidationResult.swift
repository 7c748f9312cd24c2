import Dispatch
import Foundation
import RedoCore
import RedoCrypto
import RedoJSON

/// Everything `validate` learned: per record, where it came from and its verdict.
package struct ValidationResult: Sendable {
    package let files: [InputFileRef]
    package let problems: [InputProblem]
    package let sources: RecordSources
    /// What each record that failed node-level checks claims to be (for reports), by
    /// record. A record that passed them is a copy of its node, which says its id and task:
    /// kept once, for the node, not once more for each of a million records.
    package let failedIdentities: [Int32: RecordIdentity]
    package let verdict: LogVerdict
    /// Parallel to `sources` when the run kept them (`keepsSignatureFingerprints`): each
    /// record's signature fingerprint, `.none` for a record without a well-formed signature
    /// or that is not a node. Empty otherwise.
    package let signatureFingerprints: [SignatureFingerprint]
    /// Signatures not verified again because `knownSignatures` already held them.
    package let sharedVerifications: Int
    /// The documents `claimsDocument` took out of the inputs (they are not records).
    package let claimedDocuments: [(file: Int, value: JSONValue)]
    /// In a shard run, the followable parents of the shard's records that failed
    /// node-level checks; empty otherwise.
    let failingParents: [NodeID]

    package func source(_ record: Int) -> String { sources[record].text(files: files) }
    /// What a record claims to be.
    package func identity(_ record: Int) -> RecordIdentity {
        let node = verdict.records[record].node
        if node >= 0 { return .node(verdict.nodes.id(at: Int(node)), verdict.nodes.taskId(at: Int(node))) }
        return failedIdentities[Int32(record)] ?? .claims(id: nil, task: nil, place: RecordPlace())
    }
    /// The id text a record claims, if it has a string id.
    package func claimedId(_ record: Int) -> String? { identity(record).id }
    /// The taskId text a record claims, if it has a string taskId.
    package func taskId(_ record: Int) -> String? { identity(record).task }
    /// Where a rejected record sits in its task's DAG, as far as it says (nil for a record
    /// that stands: its node in `verdict.nodes` says it).
    package func place(_ record: Int) -> RecordPlace? {
        if case let .claims(_, _, place) = identity(record) { return place }
        return nil
    }
    /// For a duplicate record, the source of the record that stands for its node.
    package func originalSource(ofDuplicate record: Int) -> String? {
        verdict.duplicateOf[Int32(record)].map { source(Int($0)) }
    }
}
