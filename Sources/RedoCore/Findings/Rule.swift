/// Every rule redo-conform checks, with a stable id. PROTOCOL.md's rule catalog lists
/// exactly these (a test compares the two), and the shipped vectors break each one.
///
/// A class, not a struct: every rule is one of the constants below, so a finding holds
/// one pointer to its rule instead of a copy of two strings and two enums (48 bytes
/// per finding instead of 80). A run keeps every rejected record's findings until its
/// report is written, and hostile input can reject millions of records.
public final class Rule: Sendable, Hashable, CustomStringConvertible {
    /// The stable id, e.g. `id.hash`: what reports, vectors and PROTOCOL.md call the rule.
    public let id: String
    /// The error code a record breaking the rule gets.
    public let code: ErrorCode
    /// Whether breaking the rule rejects the record (`.error`) or is only reported.
    public let severity: Severity
    /// What the rule checks, one line.
    public let checks: String

    init(_ id: String, _ code: ErrorCode, _ checks: String, severity: Severity = .error) {
        self.id = id
        self.code = code
        self.checks = checks
        self.severity = severity
    }

    /// The rule's id.
    public var description: String { id }

    /// Rules are equal when their ids are.
    public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.id == rhs.id }
    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Rule {
    // MARK: Record
    /// `record.syntax` (E_SCHEMA_MISMATCH): the record is I-JSON (RFC 7493).
    public static let recordSyntax = Rule("record.syntax", .schemaMismatch, "the record is I-JSON (RFC 7493)")
    /// `record.object` (E_SCHEMA_MISMATCH): the record is a JSON object.
    public static let recordObject = Rule("record.object", .schemaMismatch, "the record is a JSON object")
    /// `record.size` (E_SCHEMA_MISMATCH): the record is at most the record size limit.
    public static let recordSize = Rule("record.size", .schemaMismatch, "the record is at most the record size limit")
    /// `export.key` (E_HASH_MISMATCH): a node stored under a key (Firestore export) is stored under its own
    /// id.
    public static let exportKey = Rule(
        "export.key", .hashMismatch, "a node stored under a key (Firestore export) is stored under its own id")

    // MARK: Envelope shape
    /// `envelope.required` (E_SCHEMA_MISMATCH): every required envelope key is present.
    public static let envelopeRequired = Rule(
        "envelope.required", .schemaMismatch, "every required envelope key is present")
    /// `envelope.unknownKey` (E_SCHEMA_MISMATCH): the envelope objects (top level, timestamp, author, data)
    /// have no other keys.
    public static let envelopeUnknownKey = Rule(
        "envelope.unknownKey", .schemaMismatch,
        "the envelope objects (top level, timestamp, author, data) have no other keys")
    /// `envelope.type` (E_SCHEMA_MISMATCH): each envelope field has its JSON type.
    public static let envelopeType = Rule("envelope.type", .schemaMismatch, "each envelope field has its JSON type")

    // MARK: Envelope fields
    /// `id.format` (E_ENCODING_VIOLATION): id is `sha256:` + 64 lowercase hex digits.
    public static let idFormat = Rule("id.format", .encodingViolation, "id is `sha256:` + 64 lowercase hex digits")
    /// `version.value` (E_SCHEMA_MISMATCH): version is the integer 1.
    public static let versionValue = Rule("version.value", .schemaMismatch, "version is the integer 1")
    /// `parents.entry` (E_ENCODING_VIOLATION): each parent is a well-formed node id.
    public static let parentsEntry = Rule("parents.entry", .encodingViolation, "each parent is a well-formed node id")
    /// `parents.count` (E_SCHEMA_MISMATCH): CREATE has 0 parents, MERGE 2 to 10, every other action 1.
    public static let parentsCount = Rule(
        "parents.count", .schemaMismatch, "CREATE has 0 parents, MERGE 2 to 10, every other action 1")
    /// `parents.duplicate` (E_SCHEMA_MISMATCH): no id appears twice in parents.
    public static let parentsDuplicate = Rule("parents.duplicate", .schemaMismatch, "no id appears twice in parents")
    /// `timestamp.lamport.range` (E_SCHEMA_MISMATCH): lamport is an integer from 1 to 2^53-1.
    public static let lamportRange = Rule(
        "timestamp.lamport.range", .schemaMismatch, "lamport is an integer from 1 to 2^53-1")
    /// `timestamp.wall.format` (E_SCHEMA_MISMATCH): wall is YYYY-MM-DDTHH:MM:SS.mmmZ.
    public static let wallFormat = Rule("timestamp.wall.format", .schemaMismatch, "wall is YYYY-MM-DDTHH:MM:SS.mmmZ")
    /// `timestamp.wall.instant` (E_SCHEMA_MISMATCH): wall is a real instant (valid month, day, hour, minute,
    /// second).
    public static let wallInstant = Rule(
        "timestamp.wall.instant", .schemaMismatch, "wall is a real instant (valid month, day, hour, minute, second)")
    /// `author.userId.format` (E_ENCODING_VIOLATION): userId is 32 lowercase hex digits.
    public static let userIdFormat = Rule(
        "author.userId.format", .encodingViolation, "userId is 32 lowercase hex digits")
    /// `author.userId.prefix` (E_ENCODING_VIOLATION): userId is the first 32 hex digits of publicKey.
    public static let userIdPrefix = Rule(
        "author.userId.prefix", .encodingViolation, "userId is the first 32 hex digits of publicKey")
    /// `author.publicKey.format` (E_ENCODING_VIOLATION): publicKey is 64 lowercase hex digits (a raw Ed25519
    /// key).
    public static let publicKeyFormat = Rule(
        "author.publicKey.format", .encodingViolation, "publicKey is 64 lowercase hex digits (a raw Ed25519 key)")
    /// `author.deviceId.empty` (E_SCHEMA_MISMATCH): deviceId is a non-empty string.
    public static let deviceIdEmpty = Rule("author.deviceId.empty", .schemaMismatch, "deviceId is a non-empty string")
    /// `action.enum` (E_SCHEMA_MISMATCH): action is one of the nine REDO actions.
    public static let actionEnum = Rule("action.enum", .schemaMismatch, "action is one of the nine REDO actions")
    /// `taskId.format` (E_ENCODING_VIOLATION): taskId is a lowercase UUID v4 with hyphens.
    public static let taskIdFormat = Rule(
        "taskId.format", .encodingViolation, "taskId is a lowercase UUID v4 with hyphens")
    /// `signature.format` (E_ENCODING_VIOLATION): signature is 128 lowercase hex digits.
    public static let signatureFormat = Rule(
        "signature.format", .encodingViolation, "signature is 128 lowercase hex digits")

    // MARK: Payload
    /// `payload.required` (E_SCHEMA_MISMATCH): every key the action requires is present.
    public static let payloadRequired = Rule(
        "payload.required", .schemaMismatch, "every key the action requires is present")
    /// `payload.unknownKey` (E_SCHEMA_MISMATCH): the payload (and its nested MERGE objects) has no keys
    /// beyond the action's.
    public static let payloadUnknownKey = Rule(
        "payload.unknownKey", .schemaMismatch,
        "the payload (and its nested MERGE objects) has no keys beyond the action's")
    /// `payload.type` (E_SCHEMA_MISMATCH): each payload field has its JSON type.
    public static let payloadType = Rule("payload.type", .schemaMismatch, "each payload field has its JSON type")
    /// `payload.range` (E_SCHEMA_MISMATCH): numbers are integers in their range, strings that must not be
    /// empty are not.
    public static let payloadRange = Rule(
        "payload.range", .schemaMismatch, "numbers are integers in their range, strings that must not be empty are not")
    /// `payload.enum` (E_SCHEMA_MISMATCH): MERGE strategies, tiebreakers and array strategies are known
    /// names.
    public static let payloadEnum = Rule(
        "payload.enum", .schemaMismatch, "MERGE strategies, tiebreakers and array strategies are known names")
    /// `payload.time` (E_SCHEMA_MISMATCH): deadline, completed and newDeadline are strict UTC instants.
    public static let payloadTime = Rule(
        "payload.time", .schemaMismatch, "deadline, completed and newDeadline are strict UTC instants")
    /// `payload.todoTaskId.format` (E_ENCODING_VIOLATION): todoTaskId is a lowercase UUID v4 with hyphens.
    public static let payloadTodoId = Rule(
        "payload.todoTaskId.format", .encodingViolation, "todoTaskId is a lowercase UUID v4 with hyphens")
    /// `payload.nodeId.format` (E_ENCODING_VIOLATION): base, chosenParent and deletedChain entries are
    /// well-formed node ids.
    public static let payloadNodeId = Rule(
        "payload.nodeId.format", .encodingViolation,
        "base, chosenParent and deletedChain entries are well-formed node ids")
    /// `payload.reserved` (E_FORBIDDEN_FIELD): no reserved name is a payload key or a key anywhere inside
    /// extensions.
    public static let payloadReserved = Rule(
        "payload.reserved", .forbiddenField, "no reserved name is a payload key or a key anywhere inside extensions")
    /// `payload.size` (E_SCHEMA_MISMATCH): the payload's canonical form is at most 1,048,576 bytes.
    public static let payloadSize = Rule(
        "payload.size", .schemaMismatch, "the payload's canonical form is at most 1,048,576 bytes")
    /// `payload.update.empty` (E_SCHEMA_MISMATCH): an UPDATE payload has at least one key.
    public static let updateEmpty = Rule(
        "payload.update.empty", .schemaMismatch, "an UPDATE payload has at least one key")
    /// `payload.snooze.exactlyOne` (E_SCHEMA_MISMATCH): SNOOZE has exactly one of daysToExtend and
    /// newDeadline.
    public static let snoozeExactlyOne = Rule(
        "payload.snooze.exactlyOne", .schemaMismatch, "SNOOZE has exactly one of daysToExtend and newDeadline")
    /// `payload.deletedChain.missing` (E_MISSING_DELETED_CHAIN): DELETE carries a non-empty deletedChain.
    public static let deletedChainMissing = Rule(
        "payload.deletedChain.missing", .missingDeletedChain, "DELETE carries a non-empty deletedChain")
    /// `payload.deletedChain.duplicate` (E_MISSING_DELETED_CHAIN): no id appears twice in deletedChain.
    public static let deletedChainDuplicate = Rule(
        "payload.deletedChain.duplicate", .missingDeletedChain, "no id appears twice in deletedChain")
    /// `merge.resolution.path` (E_SCHEMA_MISMATCH): a resolution path names a task field (task resolutions)
    /// or a todo field (todo resolutions).
    public static let resolutionPath = Rule(
        "merge.resolution.path", .schemaMismatch,
        "a resolution path names a task field (task resolutions) or a todo field (todo resolutions)")
    /// `merge.resolution.strategy` (E_SCHEMA_MISMATCH): the strategy fits the field (max/min numeric fields
    /// only; union no REDO field).
    public static let resolutionStrategy = Rule(
        "merge.resolution.strategy", .schemaMismatch,
        "the strategy fits the field (max/min numeric fields only; union no REDO field)")
    /// `merge.resolution.chosenParent` (E_SCHEMA_MISMATCH): ours/theirs name a chosenParent that is one of
    /// the MERGE's parents.
    public static let resolutionChosenParent = Rule(
        "merge.resolution.chosenParent", .schemaMismatch,
        "ours/theirs name a chosenParent that is one of the MERGE's parents")
    /// `merge.resolution.value` (E_SCHEMA_MISMATCH): manual carries a value legal for the field.
    public static let resolutionValue = Rule(
        "merge.resolution.value", .schemaMismatch, "manual carries a value legal for the field")
    /// `merge.theirs.parents` (E_SCHEMA_MISMATCH): theirs is used only by a MERGE with exactly two parents.
    public static let theirsTwoParents = Rule(
        "merge.theirs.parents", .schemaMismatch, "theirs is used only by a MERGE with exactly two parents")

    // MARK: Content address and signature
    /// `id.hash` (E_HASH_MISMATCH): id is the SHA-256 of the canonical body (node without id and signature).
    public static let idHash = Rule(
        "id.hash", .hashMismatch, "id is the SHA-256 of the canonical body (node without id and signature)")
    /// `signature.missing` (E_INVALID_SIGNATURE): a synced node carries a signature.
    public static let signatureMissing = Rule(
        "signature.missing", .invalidSignature, "a synced node carries a signature")
    /// `signature.invalid` (E_INVALID_SIGNATURE): the signature verifies over the canonical body with
    /// author.publicKey.
    public static let signatureInvalid = Rule(
        "signature.invalid", .invalidSignature, "the signature verifies over the canonical body with author.publicKey")

    // MARK: Log level
    /// `parents.notFound` (E_PARENT_NOT_FOUND): every parent is a node of the log.
    public static let parentNotFound = Rule("parents.notFound", .parentNotFound, "every parent is a node of the log")
    /// `parents.otherTask` (E_PARENT_NOT_FOUND): every parent belongs to the same task.
    public static let parentOtherTask = Rule(
        "parents.otherTask", .parentNotFound, "every parent belongs to the same task")
    /// `merge.base.notFound` (E_PARENT_NOT_FOUND): a MERGE base is a node of the log, of the same task.
    public static let mergeBaseNotFound = Rule(
        "merge.base.notFound", .parentNotFound, "a MERGE base is a node of the log, of the same task")
    /// `merge.base.notAncestor` (E_PARENT_NOT_FOUND): a MERGE base is an ancestor of (or equal to) every
    /// parent.
    public static let mergeBaseNotAncestor = Rule(
        "merge.base.notAncestor", .parentNotFound, "a MERGE base is an ancestor of (or equal to) every parent")
    /// `lamport.create` (E_LAMPORT_VIOLATION): a CREATE has lamport 1.
    public static let lamportCreate = Rule("lamport.create", .lamportViolation, "a CREATE has lamport 1")
    /// `lamport.successor` (E_LAMPORT_VIOLATION): any other node has lamport = max(parents' lamport) + 1.
    public static let lamportSuccessor = Rule(
        "lamport.successor", .lamportViolation, "any other node has lamport = max(parents' lamport) + 1")
    /// `create.duplicate` (E_DUPLICATE_CREATE): a task has one CREATE: the earliest wall, then the smallest
    /// id.
    public static let createDuplicate = Rule(
        "create.duplicate", .duplicateCreate, "a task has one CREATE: the earliest wall, then the smallest id")
    /// `todo.notAncestor` (E_INVALID_TODO_REF): COMPLETE_TODO and SNOOZE name a todo created by an ancestor
    /// CREATE_TODO.
    public static let todoNotAncestor = Rule(
        "todo.notAncestor", .invalidTodoRef, "COMPLETE_TODO and SNOOZE name a todo created by an ancestor CREATE_TODO")
    /// `todo.isTaskId` (E_INVALID_TODO_REF): a todoTaskId is not the task's own id.
    public static let todoIsTaskId = Rule("todo.isTaskId", .invalidTodoRef, "a todoTaskId is not the task's own id")
    /// `todo.reused` (E_INVALID_TODO_REF): a CREATE_TODO does not reuse a todoTaskId an earlier valid
    /// CREATE_TODO of the task created.
    public static let todoReused = Rule(
        "todo.reused", .invalidTodoRef,
        "a CREATE_TODO does not reuse a todoTaskId an earlier valid CREATE_TODO of the task created")
    /// `deletedChain.ancestors` (E_MISSING_DELETED_CHAIN): deletedChain holds exactly the DELETE's ancestors.
    public static let deletedChainMismatch = Rule(
        "deletedChain.ancestors", .missingDeletedChain, "deletedChain holds exactly the DELETE's ancestors")
    /// `deletedChain.order` (X_DELETED_CHAIN_ORDER, a warning): deletedChain lists ancestors before
    /// descendants (warning).
    public static let deletedChainOrder = Rule(
        "deletedChain.order", .deletedChainOrder, "deletedChain lists ancestors before descendants (warning)",
        severity: .warning)
    /// `merge.conflict.unresolvable` (E_SCHEMA_MISMATCH): a conflict left to defaultStrategy can be decided
    /// by it (not ours, theirs or manual).
    public static let mergeUnresolvable = Rule(
        "merge.conflict.unresolvable", .schemaMismatch,
        "a conflict left to defaultStrategy can be decided by it (not ours, theirs or manual)")
    /// `ancestor.rejected` (X_ANCESTOR_REJECTED): no ancestor is rejected by an E rule.
    public static let ancestorRejected = Rule(
        "ancestor.rejected", .ancestorRejected, "no ancestor is rejected by an E rule")
    /// `ancestor.deleted` (X_AFTER_DELETE): no ancestor is a DELETE.
    public static let afterDelete = Rule("ancestor.deleted", .afterDelete, "no ancestor is a DELETE")

    /// The whole catalog, in document order.
    public static let all: [Rule] = [
        recordSyntax, recordObject, recordSize, exportKey,
        envelopeRequired, envelopeUnknownKey, envelopeType,
        idFormat, versionValue, parentsEntry, parentsCount, parentsDuplicate, lamportRange, wallFormat, wallInstant,
        userIdFormat, userIdPrefix, publicKeyFormat, deviceIdEmpty, actionEnum, taskIdFormat, signatureFormat,
        payloadRequired, payloadUnknownKey, payloadType, payloadRange, payloadEnum, payloadTime, payloadTodoId,
        payloadNodeId,
        payloadReserved, payloadSize, updateEmpty, snoozeExactlyOne, deletedChainMissing, deletedChainDuplicate,
        resolutionPath, resolutionStrategy, resolutionChosenParent, resolutionValue, theirsTwoParents,
        idHash, signatureMissing, signatureInvalid,
        parentNotFound, parentOtherTask, mergeBaseNotFound, mergeBaseNotAncestor, lamportCreate, lamportSuccessor,
        createDuplicate, todoNotAncestor, todoIsTaskId, todoReused, deletedChainMismatch, deletedChainOrder,
        mergeUnresolvable, ancestorRejected, afterDelete,
    ]

    /// The rule with this id; nil when there is none.
    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }
}
