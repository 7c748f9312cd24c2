/// The spec's ten rejection codes, and our documented `X_` extensions, in precedence
/// order: when a record breaks several rules, the earliest code here is its primary one.
public enum ErrorCode: String, Sendable, CaseIterable, Comparable, Codable {
    /// Not the shape the spec requires: not I-JSON, a missing or unknown key, a wrong type
    /// or range, a MERGE the log cannot decide.
    case schemaMismatch = "E_SCHEMA_MISMATCH"
    /// A value of the right type in the wrong spelling: ids, keys, signatures, UUIDs.
    case encodingViolation = "E_ENCODING_VIOLATION"
    /// A reserved name used as a payload key, or as a key anywhere inside `extensions`.
    case forbiddenField = "E_FORBIDDEN_FIELD"
    /// A DELETE whose deletedChain is missing, empty, repeats an id or is not exactly its
    /// ancestors.
    case missingDeletedChain = "E_MISSING_DELETED_CHAIN"
    /// The id is not the SHA-256 of the node's canonical body (or an export stores the node
    /// under another id).
    case hashMismatch = "E_HASH_MISMATCH"
    /// The signature is missing (synced profile) or does not verify.
    case invalidSignature = "E_INVALID_SIGNATURE"
    /// A parent or MERGE base is not a node of the log or is of another task, or the base is
    /// not an ancestor of every parent.
    case parentNotFound = "E_PARENT_NOT_FOUND"
    /// lamport is not 1 for a CREATE, or not one more than the greatest parent's.
    case lamportViolation = "E_LAMPORT_VIOLATION"
    /// A CREATE for a task that has an earlier one (earliest wall, then smallest id, stands).
    case duplicateCreate = "E_DUPLICATE_CREATE"
    /// A COMPLETE_TODO or SNOOZE naming a todo no ancestor CREATE_TODO created, a todo id that
    /// is the task's own, or a CREATE_TODO reusing a todo id of its task.
    case invalidTodoRef = "E_INVALID_TODO_REF"
    /// Extension: the node descends from a node rejected by an E rule.
    case ancestorRejected = "X_ANCESTOR_REJECTED"
    /// Extension: the node descends from a DELETE.
    case afterDelete = "X_AFTER_DELETE"
    /// Extension, warning only: a deletedChain lists the right ids in another order.
    case deletedChainOrder = "X_DELETED_CHAIN_ORDER"

    /// The code's place in precedence order: 0 for the first (E_SCHEMA_MISMATCH).
    public var precedence: Int { Self.allCases.firstIndex(of: self)! }

    /// Precedence order: the smaller code is the one a record with both is rejected for.
    public static func < (lhs: ErrorCode, rhs: ErrorCode) -> Bool { lhs.precedence < rhs.precedence }

    /// Codes a node breaks on its own (E rules), as opposed to inherited ones (X rules).
    public var isOwn: Bool { rawValue.hasPrefix("E_") }

    /// Node-level codes (checked on a record alone) versus log-level ones.
    public var isNodeLevel: Bool { self <= .invalidSignature }
}

/// Whether a finding rejects its record.
public enum Severity: String, Sendable, Codable {
    /// The record is rejected.
    case error
    /// Reported, but does not reject the record.
    case warning
}
