import RedoCrypto
import RedoJSON

/// Whether a node must be signed.
public enum ValidationProfile: String, Sendable, CaseIterable {
    /// Default: every synced node carries a signature.
    case synced
    /// Nodes that never left a device: a signature may be absent (a present one is still verified).
    case local
}

/// The node-level verdict on one record.
public struct NodeCheck: Sendable {
    /// Every rule the record breaks, in the order checked; warnings included.
    public private(set) var findings: [Finding]
    /// The typed node, present exactly when the record broke no node-level rule.
    public private(set) var node: Node?
    /// What a failing record claims to be; nil for passing records, whose node says it
    /// (a million valid records then carry no id strings).
    private let claims: Claims?

    private struct Claims: Sendable {
        let idText: String?
        let nodeId: NodeID?
        let taskIdText: String?
        let parents: NodeParents?
        let action: Action?
        let lamport: Int64?
    }

    /// The `id` text the record claims, when it has a string id (even a malformed one).
    public var claimedId: String? { node.map { $0.id.text } ?? claims?.idText }
    /// The claimed id when well-formed: the node this record stands for.
    package var claimedNodeId: NodeID? { node?.id ?? claims?.nodeId }
    /// The `taskId` text, when it is a string.
    package var taskIdText: String? { node.map { $0.taskId.text } ?? claims?.taskIdText }
    /// The parents the broken-branch rules may follow from this record: a passing record's,
    /// or a failing record's whose id is the hash of its content (so its parents are the
    /// ones that id stands for) and whose every parent is a well-formed id. Nil otherwise:
    /// a forged or unhashable record's parents are never followed.
    package var followableParents: NodeParents? { node?.parents ?? claims?.parents }
    /// The action the record names, when it is one of the nine: where a report draws it.
    package var claimedAction: Action? { node?.action ?? claims?.action }
    /// The lamport the record claims, when it is a valid one: where a report draws it.
    package var claimedLamport: Int64? { node?.lamport ?? claims?.lamport }

    /// Whether the record broke no node-level rule (warnings aside).
    public var passed: Bool { node != nil }
    /// The code the record is rejected for: the highest-precedence error's; nil if it passed.
    public var primaryCode: ErrorCode? { findings.primaryCode }

    package init(
        claimedId: String?, claimedNodeId: NodeID?, taskIdText: String?, followableParents: NodeParents? = nil,
        claimedAction: Action? = nil, claimedLamport: Int64? = nil, findings: [Finding], node: Node?
    ) {
        self.findings = findings
        self.node = node
        claims =
            node == nil
            ? Claims(
                idText: claimedId, nodeId: claimedNodeId, taskIdText: taskIdText, parents: followableParents,
                action: claimedAction, lamport: claimedLamport) : nil
    }

    /// Moves the node and the findings out, leaving the check spent (no node, no
    /// findings): the log pass keeps them without retaining and releasing their storage.
    mutating func take() -> (node: Node?, findings: [Finding]) {
        var findings: [Finding] = []
        swap(&findings, &self.findings)
        // Findings are kept until the report is written, one list per failing record:
        // without the spare capacity appending leaves (16 slots for 9 findings).
        if findings.capacity > findings.count + 1 { findings = findings.withUnsafeBufferPointer { Array($0) } }
        return (node.take(), findings)
    }

    /// This check completed with the outcome of its deferred signature
    /// (`NodeValidator.check(bytes:deferringSignature:)`): unchanged when the signature
    /// holds; otherwise the check `NodeValidator.check(bytes:)` returns for the record, with
    /// a `signature.invalid` finding last and no node.
    public func completed(signatureHolds: Bool) -> NodeCheck {
        signatureHolds ? self : adding(NodeValidator.signatureInvalidFinding)
    }

    /// The same verdict with one more finding (an error rejects the record).
    package func adding(_ finding: Finding) -> NodeCheck {
        NodeCheck(
            claimedId: claimedId, claimedNodeId: claimedNodeId, taskIdText: taskIdText,
            followableParents: followableParents, claimedAction: claimedAction, claimedLamport: claimedLamport,
            findings: findings + [finding],
            node: finding.severity == .error ? nil : node)
    }

    /// A record rejected before it could be read as JSON.
    package static func unreadable(_ finding: Finding) -> NodeCheck {
        NodeCheck(claimedId: nil, claimedNodeId: nil, taskIdText: nil, findings: [finding], node: nil)
    }
}

/// A signature whose verification was left for later
/// (`NodeValidator.check(bytes:deferringSignature:)`): all a verifier needs. Verify it
/// whenever and wherever suits (in a batch, on another thread), or skip verifying a
/// (key, signature, id) triple already verified: `holds()` is a pure function of the three,
/// and the record's id is the SHA-256 of `body`.
public struct DeferredSignature: Sendable {
    /// The canonical body the signature covers (RFC 8785, without `id` and `signature`).
    public let body: [UInt8]
    /// The record's signature.
    public let signature: Ed25519Signature
    /// The record's `author.publicKey`.
    public let key: Ed25519PublicKey

    /// Verifies now (one Ed25519 verification): whether the signature holds.
    public func holds() -> Bool { Ed25519.verify(signature, of: body, by: key) }
}

/// Checks one record on its own: I-JSON, envelope, payload, reserved names, size, hash,
/// signature. Every finding is reported, not just the first. Stateless and thread-safe:
/// records can be checked on every core at once.
public struct NodeValidator: Sendable {
    /// Whether records must be signed.
    public let profile: ValidationProfile
    /// The JSON reader's limits for each record.
    public let limits: JSONLimits

    /// A validator for `profile`; `limits` bound each record (a record over
    /// `maxDocumentBytes` is rejected under `record.size`).
    public init(profile: ValidationProfile = .synced, limits: JSONLimits = .default) {
        self.profile = profile
        self.limits = limits
    }

    /// The finding of a signature that does not verify.
    package static let signatureInvalidFinding = Finding(
        .signatureInvalid, "the signature does not verify over the canonical body with author.publicKey",
        path: "$.signature")

    /// Checks a record given as bytes, but leaves signature verification (most of the
    /// cost) for later when it is the last thing the record's verdict depends on: when the
    /// record passes every other check, the check is returned as if the signature held,
    /// together with what is needed to verify it. When the signature then fails, the record
    /// gets a `signature.invalid` finding appended (it comes last in any case) and loses its
    /// node (`NodeCheck.completed(signatureHolds:)`): exactly the check `check(bytes:)`
    /// returns. A record that fails some other check is verified at once, so its findings
    /// are complete, and comes back without a deferred signature; so does every record when
    /// `deferringSignature` is false.
    public func check(bytes: UnsafeBufferPointer<UInt8>, deferringSignature: Bool) -> (NodeCheck, DeferredSignature?) {
        var (check, deferred) = checkParsing(bytes, deferring: deferringSignature)
        if let job = deferred, !check.passed {
            // Cannot happen while every unbuildable node is an error finding; if it ever
            // did, verifying now keeps the findings complete.
            deferred = nil
            check = check.completed(signatureHolds: job.holds())
        }
        return (check, deferred)
    }

    /// Checks a record given as bytes (one JSON document). Never throws: a record that is
    /// not I-JSON gets a `record.syntax` finding. Linear in the record's size, plus one
    /// SHA-256 and one signature verification.
    public func check(bytes: UnsafeBufferPointer<UInt8>) -> NodeCheck {
        checkParsing(bytes, deferring: false).0
    }

    /// Bytes are read through the parse tape, not a value tree: the rules read the few
    /// values they need in place, and the body is canonicalized straight from the tape.
    private func checkParsing(_ bytes: UnsafeBufferPointer<UInt8>, deferring: Bool) -> (NodeCheck, DeferredSignature?) {
        do {
            return try JSONTapeValue.parse(bytes, limits: limits) {
                check(value: $0, sourceBytes: bytes.count, deferring: deferring)
            }
        } catch {
            return (unparsable(error, oneLine: !bytes.contains(0x0A), byteCount: bytes.count), nil)
        }
    }

    /// Not I-JSON (or over a limit): no hash or signature check runs on it.
    /// `oneLine`: the record has no line break (every JSON Lines record), so its position
    /// is a column; the report's source gives the line.
    private func unparsable(_ error: JSONSyntaxError, oneLine: Bool, byteCount: Int) -> NodeCheck {
        let finding =
            error.kind == .sizeLimit
            ? Finding(
                .recordSize, "record of \(byteCount) bytes is over the limit of \(limits.maxDocumentBytes)", path: "$")
            : Finding(
                .recordSyntax, "not I-JSON: \(oneLine ? error.descriptionWithinLine : error.description)", path: "$")
        return NodeCheck(claimedId: nil, claimedNodeId: nil, taskIdText: nil, findings: [finding], node: nil)
    }

    /// The same for a record held in an array.
    public func check(bytes: [UInt8]) -> NodeCheck {
        bytes.withUnsafeBufferPointer { check(bytes: $0) }
    }

    /// Checks a record already parsed (e.g. one entry of an export map).
    public func check(value: JSONValue) -> NodeCheck {
        check(value: value, sourceBytes: nil, deferring: false).0
    }

    /// `sourceBytes`, the record's size when known, lets the payload-size rule skip
    /// records too small to break it. `deferring`: a signature that is the only thing left
    /// to check is not verified but handed back.
    func check<V: JSONReadable>(value: V, sourceBytes: Int?, deferring: Bool) -> (NodeCheck, DeferredSignature?) {
        guard let object = value.objectValue else {
            return (
                NodeCheck(
                    claimedId: nil, claimedNodeId: nil, taskIdText: nil,
                    findings: [
                        Finding(.recordObject, "a node must be a JSON object, found \(value.typeName)", path: "$")
                    ], node: nil), nil
            )
        }
        var sink = FindingSink()
        let fields = EnvelopeRules.check(object, into: &sink)
        var payload: Payload?
        if let action = fields.action, let payloadObject = fields.payload {
            payload = PayloadRules.check(
                payloadObject, action: action, parents: fields.parents, parentCount: fields.parentCount,
                sourceBytes: sourceBytes, into: &sink)
        }
        let (deferred, idMatches) = checkContentAddress(object, fields: fields, into: &sink, deferring: deferring)

        var node: Node?
        if !sink.hasErrors, let id = fields.id, let parents = fields.parents, let lamport = fields.lamport,
            let wall = fields.wall,
            let userId = fields.userId, let action = fields.action, let taskId = fields.taskId, let payload
        {
            node = Node(
                id: id, parents: parents, lamport: lamport, wall: wall, authorUserId: userId, action: action,
                taskId: taskId, payload: payload)
        }
        // A passing record's node says what it is: its id and taskId text are not made.
        return (
            NodeCheck(
                claimedId: node == nil ? fields.idText : nil, claimedNodeId: fields.id,
                taskIdText: node == nil ? fields.taskIdText : nil,
                followableParents: node == nil && idMatches ? fields.parents : nil,
                claimedAction: fields.action,
                claimedLamport: fields.lamport, findings: sink.findings, node: node),
            deferred
        )
    }

    /// The id must be the SHA-256 of the canonical body, and the signature must verify
    /// over the same bytes. Both are computed from the JSON as received. Also says whether
    /// the record has a well-formed id that is the hash of its content.
    private func checkContentAddress<O: JSONObjectReadable>(
        _ object: O, fields: EnvelopeFields<O>, into sink: inout FindingSink, deferring: Bool
    )
        -> (deferred: DeferredSignature?, idMatches: Bool)
    {
        let needsBody = fields.id != nil || (fields.signature != nil && fields.publicKey != nil)
        guard needsBody else {
            if object["signature"] == nil && profile == .synced {
                sink.add(
                    .signatureMissing,
                    "a synced node must carry a signature (use the local profile for device-only nodes)",
                    at: "$.signature")
            }
            return (nil, false)
        }
        let body = object.canonicalBytes(excluding: NodeBody.unhashedKeys)
        var idMatches = false
        if let claimed = fields.id {
            let actual = NodeBody.id(ofCanonicalBody: body)
            idMatches = actual == claimed
            if !idMatches {
                sink.add(
                    .idHash, "id does not match the content: the canonical body hashes to \(actual.text)", at: "$.id")
            }
        }
        if object["signature"] == nil {
            if profile == .synced {
                sink.add(
                    .signatureMissing,
                    "a synced node must carry a signature (use the local profile for device-only nodes)",
                    at: "$.signature")
            }
        } else if let signature = fields.signature, let key = fields.publicKey {
            // Every other check has run by now: with no error so far, the signature alone decides.
            if deferring && !sink.hasErrors {
                return (DeferredSignature(body: body, signature: signature, key: key), idMatches)
            } else if !Ed25519.verify(signature, of: body, by: key) {
                sink.findings.append(Self.signatureInvalidFinding)
            }
        }
        return (nil, idMatches)
    }
}
