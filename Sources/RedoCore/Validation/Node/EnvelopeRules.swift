import RedoCrypto
import RedoJSON
import RedoText

/// What the envelope checks could read. Fields stay nil where the record broke a rule.
/// Ids, keys and times are read from their bytes; the text of the id and taskId is only
/// made when a failing record needs it (`idText`, `taskIdText`).
struct EnvelopeFields<Object: JSONObjectReadable> {
    var idValue: Object.Value?
    var id: NodeID?
    var parents: NodeParents?
    /// How many entries `parents` has, when it is an array (even with bad entries).
    var parentCount: Int?
    var lamport: Int64?
    var wall: UTCTime?
    var userId: UserId?
    var publicKey: Ed25519PublicKey?
    var action: Action?
    var taskIdValue: Object.Value?
    var taskId: UUIDv4?
    var payload: Object?
    var signature: Ed25519Signature?

    /// The `id` text, when it is a string (even a malformed one).
    var idText: String? { idValue?.stringValue }
    /// The `taskId` text, when it is a string.
    var taskIdText: String? { taskIdValue?.stringValue }
}

/// The envelope rules: closed objects, required keys, and every field's type and form.
enum EnvelopeRules {
    /// The required keys first: all but `signature` (a node may come unsigned, and is then
    /// rejected for that, not for a missing key).
    static let topLevelKeys: [JSONKey] = [
        "id", "version", "parents", "timestamp", "author", "action", "taskId", "data", "signature",
    ]
    /// Made once and shared by every finding: a hostile log of a million `{}` lines has
    /// eight of these per line, and a message per finding was its largest cost in memory.
    static let missingKeyMessages: [String] = topLevelKeys.map { "a node is missing required key \"\($0)\"" }
    static let requiredTopLevelCount = 8
    /// Places in `topLevelKeys`: the envelope's fields are read from the key scan.
    private enum Top {
        static let id = 0, version = 1, parents = 2, timestamp = 3, author = 4, action = 5, taskId = 6, data = 7,
            signature = 8
    }
    /// The author's keys: the three required first, then the optional ones (all strings).
    static let authorKeys: [JSONKey] = ["userId", "deviceId", "publicKey", "name", "email", "deviceName"]
    private enum Author {
        static let userId = 0, deviceId = 1, publicKey = 2, optional = 3..<6
    }
    static let timestampKeys: [JSONKey] = ["lamport", "wall"]
    static let dataKeys: [JSONKey] = ["payload"]

    static func check<O: JSONObjectReadable>(_ node: O, into sink: inout FindingSink) -> EnvelopeFields<O> {
        var fields = EnvelopeFields<O>()
        let root = JSONPath.root
        let scan = sink.checkKeys(
            node, at: root, allowed: topLevelKeys, unknownRule: .envelopeUnknownKey, what: "a node")
        for k in 0..<requiredTopLevelCount where !scan.has(k) {
            sink.add(.envelopeRequired, missingKeyMessages[k], at: JSONPath.member(root, topLevelKeys[k]))
        }

        if let value = node.value(scan, Top.id) {
            fields.idValue = value
            fields.id = sink.nodeId(value, at: "$.id", typeRule: .envelopeType, formatRule: .idFormat)
        }

        if let value = node.value(scan, Top.version) {
            if let number = value.numberValue {
                if FindingSink.integer(value) != 1 {
                    sink.add(
                        .versionValue, "version must be the integer 1, found \(ESNumberFormat.string(number))",
                        at: "$.version")
                }
            } else {
                sink.add(.envelopeType, "version must be the integer 1, found \(value.typeName)", at: "$.version")
            }
        }

        if let value = node.value(scan, Top.action) {
            switch sink.parsed(value, at: "$.action", typeRule: .envelopeType, { Action(utf8: $0) }) {
            case let .success(action)?: fields.action = action
            case let .failure(refused)?:
                sink.add(
                    .actionEnum,
                    "\(MessageText.quoted(refused.text)) is not a REDO action (\(Action.allCases.map(\.rawValue).joined(separator: ", ")))",
                    at: "$.action")
            case nil: break
            }
        }

        if let value = node.value(scan, Top.parents) {
            (fields.parents, fields.parentCount) = checkParents(value, action: fields.action, into: &sink)
        }

        if let value = node.value(scan, Top.timestamp),
            let timestamp = sink.object(value, at: "$.timestamp", typeRule: .envelopeType)
        {
            let keys = sink.checkKeys(
                timestamp, at: "$.timestamp", allowed: timestampKeys, unknownRule: .envelopeUnknownKey,
                what: "timestamp")
            if let lamport = sink.require(
                timestamp, keys, 0, of: timestampKeys, at: "$.timestamp", rule: .envelopeRequired, what: "timestamp")
            {
                fields.lamport = sink.integer(
                    lamport, in: 1...Int64(FindingSink.maxSafeInteger), at: "$.timestamp.lamport",
                    typeRule: .envelopeType, rangeRule: .lamportRange)
            }
            if let wall = sink.require(
                timestamp, keys, 1, of: timestampKeys, at: "$.timestamp", rule: .envelopeRequired, what: "timestamp")
            {
                fields.wall = sink.time(
                    wall, at: "$.timestamp.wall", typeRule: .envelopeType, formatRule: .wallFormat,
                    instantRule: .wallInstant)
            }
        }

        if let value = node.value(scan, Top.author),
            let author = sink.object(value, at: "$.author", typeRule: .envelopeType)
        {
            checkAuthor(author, into: &sink, fields: &fields)
        }

        if let value = node.value(scan, Top.taskId) {
            fields.taskIdValue = value
            fields.taskId = sink.uuid(value, at: "$.taskId", typeRule: .envelopeType, formatRule: .taskIdFormat)
        }

        if let value = node.value(scan, Top.data), let data = sink.object(value, at: "$.data", typeRule: .envelopeType)
        {
            let keys = sink.checkKeys(
                data, at: "$.data", allowed: dataKeys, unknownRule: .envelopeUnknownKey, what: "data")
            if let payload = sink.require(
                data, keys, 0, of: dataKeys, at: "$.data", rule: .envelopeRequired, what: "data")
            {
                fields.payload = sink.object(payload, at: "$.data.payload", typeRule: .envelopeType)
            }
        }

        if let value = node.value(scan, Top.signature) {
            switch sink.parsed(value, at: "$.signature", typeRule: .envelopeType, { Ed25519Signature(hexUTF8: $0) }) {
            case let .success(signature)?: fields.signature = signature
            case let .failure(refused)?:
                let text = refused.text
                sink.add(
                    .signatureFormat,
                    "signature must be 128 lowercase hex digits (a raw 64-byte Ed25519 signature), found \(text.utf8.count) characters\(Hex.isLowercase(text, count: text.utf8.count) ? "" : " that are not all lowercase hex digits")",
                    at: "$.signature")
            case nil: break
            }
        }
        return fields
    }

    /// The parents when every entry is an id, and the number of entries.
    private static func checkParents<V: JSONReadable>(_ value: V, action: Action?, into sink: inout FindingSink) -> (
        NodeParents?, Int?
    ) {
        guard let entries = sink.array(value, at: "$.parents", typeRule: .envelopeType) else { return (nil, nil) }
        // Read straight into the shape a node keeps (`NodeParents`): the first id apart, an
        // array only from the second on, so the usual node with one parent allocates nothing.
        var first: NodeID?
        var rest: [NodeID] = []
        var complete = true
        // A node has a handful of parents (a MERGE at most 10): a linear scan finds a repeat
        // without building a set. Past 16 entries (a hostile record can list 200,000) the
        // ids seen so far go into a set, once, so the check stays linear.
        var seen: Set<NodeID>?
        for (index, entry) in entries.enumerated() {
            guard
                let id = sink.nodeId(
                    entry, at: JSONPath.index("$.parents", index), typeRule: .envelopeType, formatRule: .parentsEntry)
            else {
                complete = false
                continue
            }
            guard let head = first else {
                first = id
                continue
            }
            if rest.count == 15 { seen = Set(rest + [head]) }
            if seen?.contains(id) ?? (id == head || rest.contains(id)) {
                sink.add(.parentsDuplicate, "parent \(id) is listed twice", at: JSONPath.index("$.parents", index))
            }
            seen?.insert(id)
            rest.append(id)
        }
        if let action, !action.parentCount.contains(entries.count) {
            let expected =
                action.parentCount.count == 1
                ? "exactly \(action.parentCount.lowerBound)"
                : "\(action.parentCount.lowerBound) to \(action.parentCount.upperBound)"
            sink.add(
                .parentsCount, "\(action.rawValue) must have \(expected) parents, found \(entries.count)",
                at: "$.parents")
        }
        guard complete else { return (nil, entries.count) }
        return (first.map { NodeParents(first: $0, rest: rest) } ?? [], entries.count)
    }

    private static func checkAuthor<O: JSONObjectReadable, F>(
        _ author: O, into sink: inout FindingSink, fields: inout EnvelopeFields<F>
    ) {
        let keys = sink.checkKeys(
            author, at: "$.author", allowed: authorKeys, unknownRule: .envelopeUnknownKey, what: "author")
        // publicKey first: the userId check compares with it.
        if let value = sink.require(
            author, keys, Author.publicKey, of: authorKeys, at: "$.author", rule: .envelopeRequired, what: "author")
        {
            switch sink.parsed(
                value, at: "$.author.publicKey", typeRule: .envelopeType, { Ed25519PublicKey(hexUTF8: $0) })
            {
            case let .success(key)?: fields.publicKey = key
            case let .failure(refused)?:
                sink.add(
                    .publicKeyFormat,
                    "publicKey must be 64 lowercase hex digits (the raw 32-byte Ed25519 key), found \(MessageText.quoted(refused.text))",
                    at: "$.author.publicKey")
            case nil: break
            }
        }
        if let value = sink.require(
            author, keys, Author.userId, of: authorKeys, at: "$.author", rule: .envelopeRequired, what: "author")
        {
            let key = fields.publicKey
            switch sink.parsed(
                value, at: "$.author.userId", typeRule: .envelopeType,
                { units in
                    UserId(utf8: units).map { ($0, key.map($0.isPrefix) ?? true) }
                })
            {
            case let .success((userId, isPrefix))?:
                fields.userId = userId
                if !isPrefix, let key {
                    sink.add(
                        .userIdPrefix,
                        "userId must be the first 32 hex digits of publicKey (\(key.redoUserId)), found \(userId)",
                        at: "$.author.userId")
                }
            case let .failure(refused)?:
                sink.add(
                    .userIdFormat,
                    "userId must be 32 lowercase hex digits (the first 16 bytes of the public key), found \(MessageText.quoted(refused.text))",
                    at: "$.author.userId")
            case nil: break
            }
        }
        if let value = sink.require(
            author, keys, Author.deviceId, of: authorKeys, at: "$.author", rule: .envelopeRequired, what: "author"),
            sink.isString(value, at: "$.author.deviceId", typeRule: .envelopeType),
            value.withUTF8String({ $0.isEmpty }) == true
        {
            sink.add(.deviceIdEmpty, "deviceId must not be empty", at: "$.author.deviceId")
        }
        for k in Author.optional {
            if let value = author.value(keys, k) {
                _ = sink.isString(value, at: JSONPath.member("$.author", authorKeys[k]), typeRule: .envelopeType)
            }
        }
    }
}
