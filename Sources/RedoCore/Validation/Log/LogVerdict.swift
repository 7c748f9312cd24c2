import RedoCrypto
import RedoJSON

/// What a record turned out to be.
public enum RecordStatus: String, Sendable, Codable {
    /// The record is a valid node.
    case valid
    /// The record is rejected; its verdict's `code` says why.
    case rejected
    /// Another record of the same node (same id) already stands for it.
    case duplicate
}

/// The verdict on one input record, in input order.
public struct RecordVerdict: Sendable, Equatable {
    /// Valid, rejected or a duplicate.
    public var status: RecordStatus
    /// Primary code (by precedence), nil for valid and duplicate records.
    public var code: ErrorCode?
    /// Every finding, node-level and log-level; warnings included.
    public var findings: [Finding]
    /// The position in `LogVerdict.nodes` of the node this record is a copy of, valid,
    /// rejected by the log rules or duplicate alike; -1 for a record that failed
    /// node-level checks. (It fits in the padding: a verdict stays 16 bytes.)
    package var node: Int32 = -1
}

/// The verdict on a whole log.
public struct LogVerdict: Sendable {
    /// One verdict per input record, in input order.
    public var records: [RecordVerdict]
    /// Every node that passed node-level checks (one per id); `nodeStatus` says which of
    /// them are valid.
    public var nodes: NodeStore
    /// Parallel to `nodes`: nil when valid, else the node's primary code.
    public var nodeStatus: [ErrorCode?]
    /// Positions in `nodes`, parents first and otherwise in total order (lamport, wall,
    /// id) — exactly the total order for valid nodes.
    public var order: [Int32]
    /// Every id some record claims and no valid node holds, with its code, sorted by id
    /// text. Malformed ids appear verbatim; records without a string id are not listed.
    public var rejected: [(id: String, code: ErrorCode)]
    /// What each valid MERGE decided (replay applies exactly these fields).
    public var mergeDecisions: [NodeID: MergeDecisions]
    /// Each duplicate record (by index in `records`) → the record that stands for its node.
    public var duplicateOf: [Int32: Int32] = [:]

    /// The valid nodes in total order.
    public var validNodes: [Node] { order.compactMap { nodeStatus[Int($0)] == nil ? nodes[Int($0)] : nil } }

    /// How many records are duplicates of another record's node.
    public var duplicateCount: Int { records.lazy.filter { $0.status == .duplicate }.count }

    /// How many distinct ids the records claim (records without a string id not counted).
    /// Every claimed id is exactly one of: a node's (it passed node-level checks), listed in
    /// `rejected` when the node is rejected; an id none of whose records passed; a
    /// malformed id. The last two are listed in `rejected` and are nobody's node.
    public var claimedIdCount: Int {
        nodes.count + rejected.count - nodeStatus.lazy.filter { $0 != nil }.count
    }
}
