/// A fault a scenario puts on a node on purpose, for a negative fixture. Each makes the
/// record (or, for `omitted`, its children) get one verdict, `expectedVerdict`, which a node
/// with a fault and no `expect` is held to (docs/scenarios.md lists them with their rules). Canonically equivalent key orders and other
/// spellings of a number are valid nodes, not faults: write them in the payload.
public enum ScenarioFault: String, Sendable, CaseIterable {
    /// A field changed after signing (the wall moves by one millisecond): the id no longer
    /// matches the body.
    case tampered
    /// Signed by another author's key (the scenario's next author, or a key derived for it).
    case foreignSignature = "foreign-signature"
    /// No `signature` member.
    case missingSignature = "missing-signature"
    /// A lamport one below what its parents require (or 0 on a root).
    case wrongLamport = "wrong-lamport"
    /// The id written in uppercase hex.
    case uppercaseHex = "uppercase-hex"
    /// A wall past 9999-12-31T23:59:59.999Z (a five-digit year, which the wall format refuses).
    case wallOutOfRange = "wall-out-of-range"
    /// Built, named, and left out of the log: its children name a parent the log lacks.
    case omitted
    /// A payload member under a reserved key (`id`).
    case reservedKey = "reserved-key"
    /// A payload number that is not I-JSON (`1e400`, beyond a double).
    case numberOutOfRange = "number-out-of-range"
    /// The record written twice; the second copy's status is `duplicate`.
    case duplicated
    /// The record's `action` member written twice (first, then where it belongs): not
    /// I-JSON, so the record has no one reading and claims no id, not even the one it
    /// spells; its children name a parent the log lacks.
    case repeatedKey = "repeated-key"
    /// The line starts with a UTF-8 byte-order mark: that record is not I-JSON, the lines
    /// after it are read.
    case byteOrderMark = "byte-order-mark"

    /// The verdict the faulty record gets. For `omitted`, which writes no record, it is the
    /// verdict of a child: the child says so with `expect`.
    public var expectedVerdict: NodeExpectation {
        switch self {
        case .tampered: return .rejected(code: "E_HASH_MISMATCH", rule: "id.hash")
        case .foreignSignature: return .rejected(code: "E_INVALID_SIGNATURE", rule: "signature.invalid")
        case .missingSignature: return .rejected(code: "E_INVALID_SIGNATURE", rule: "signature.missing")
        case .wrongLamport: return .rejected(code: "E_LAMPORT_VIOLATION", rule: "lamport.successor")
        case .uppercaseHex: return .rejected(code: "E_ENCODING_VIOLATION", rule: "id.format")
        case .wallOutOfRange: return .rejected(code: "E_SCHEMA_MISMATCH", rule: "timestamp.wall.format")
        case .omitted: return .rejected(code: "E_PARENT_NOT_FOUND", rule: "parents.notFound")
        case .reservedKey: return .rejected(code: "E_FORBIDDEN_FIELD", rule: "payload.reserved")
        case .numberOutOfRange: return .rejected(code: "E_SCHEMA_MISMATCH", rule: "record.syntax")
        case .duplicated: return .duplicate
        case .repeatedKey, .byteOrderMark: return .rejected(code: "E_SCHEMA_MISMATCH", rule: "record.syntax")
        }
    }
}

/// What a scenario expects of one record, in the log manifest's shape: valid, duplicate,
/// or rejected with a code (and optionally its rule and the node names its finding relates).
public enum NodeExpectation: Sendable, Equatable {
    /// Status `valid`.
    case valid
    /// Status `duplicate`.
    case duplicate
    /// Status `rejected` with this primary code; `rule` and `related` (node names) when given.
    case rejected(code: String, rule: String? = nil, related: [String]? = nil)
}

/// One assertion on the reconstructed state, in the reconstruction manifest's shape: the
/// value at `path` (`tasks[0].title`, `deleted`, `rejected[0].code`) equals a value.
public struct StateAssertion: Sendable, Equatable {
    /// What the value at `path` must equal.
    public enum Expected: Sendable, Equatable {
        /// This JSON value.
        case value(ScenarioValue)
        /// The id of the named node (or, when no node has the name, of the named todo).
        case id(String)
        /// The ids of the named nodes, sorted (as `heads` lists them).
        case ids([String])
        /// The taskIds of the named tasks, sorted (as `deleted` lists them).
        case taskIds([String])
        /// The `rejected` list: for each named node (a key) its code, as `{"code", "id"}`
        /// entries sorted by id, as the state writes them (the order depends on the ids).
        case rejected([String: String])
        /// The value given for the named node (a member's key) whose id is the greatest: a
        /// fact the ids decide (the total order's last tie-break), stated for every run seed.
        case byGreatestId([ScenarioMember])
        /// The value given for the named author (a member's key) whose `author.userId` is
        /// the greatest: a fact the keys decide (lww tiebreakers `[author]`), for every run seed.
        case byGreatestUserId([ScenarioMember])
    }

    /// A path into the state JSON.
    public var path: String
    /// What the value there must equal.
    public var expected: Expected
    /// Where the assertion was written.
    public var location: SourceLocation?

    /// An assertion that the value at `path` equals `expected`.
    public init(path: String, _ expected: Expected, location: SourceLocation? = nil) {
        self.path = path
        self.expected = expected
        self.location = location
    }
}
