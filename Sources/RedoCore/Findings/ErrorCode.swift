/// The spec's ten rejection codes, and our documented `X_` extensions, in precedence
/// order: when a record breaks several rules, the earliest code here is its primary one.
public enum ErrorCode: String, Sendable, CaseIterable, Comparable, Codable {
    case schemaMismatch = "E_SCHEMA_MISMATCH"
    case encodingViolation = "E_ENCODING_VIOLATION"
    case forbiddenField = "E_FORBIDDEN_FIELD"
    case missingDeletedChain = "E_MISSING_DELETED_CHAIN"
    case hashMismatch = "E_HASH_MISMATCH"
    case invalidSignature = "E_INVALID_SIGNATURE"
    case parentNotFound = "E_PARENT_NOT_FOUND"
    case lamportViolation = "E_LAMPORT_VIOLATION"
    case duplicateCreate = "E_DUPLICATE_CREATE"
    case invalidTodoRef = "E_INVALID_TODO_REF"
    /// Extension: the node descends from a node rejected by an E rule.
    case ancestorRejected = "X_ANCESTOR_REJECTED"
    /// Extension: the node descends from a DELETE.
    case afterDelete = "X_AFTER_DELETE"
    /// Extension, warning only: a deletedChain lists the right ids in another order.
    case deletedChainOrder = "X_DELETED_CHAIN_ORDER"

    public var precedence: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: ErrorCode, rhs: ErrorCode) -> Bool { lhs.precedence < rhs.precedence }

    /// Codes a node breaks on its own (E rules), as opposed to inherited ones (X rules).
    public var isOwn: Bool { rawValue.hasPrefix("E_") }

    /// Node-level codes (checked on a record alone) versus log-level ones.
    public var isNodeLevel: Bool { self <= .invalidSignature }
}

public enum Severity: String, Sendable, Codable {
    case error
    /// Reported, but does not reject the record.
    case warning
}
