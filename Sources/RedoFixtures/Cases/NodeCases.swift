import Foundation
import RedoCore
import RedoCrypto
import RedoJSON

/// One node vector: a file as a client would export it, and the verdict it must get.
package struct NodeCase: Sendable {
    package let id: String
    package let comment: String
    package let flags: [BugClass]
    package var profile: ValidationProfile = .synced
    /// A record-size limit for this case only (to exercise `record.size` without a huge file).
    package var maxRecordBytes: Int? = nil
    package let bytes: [UInt8]
    package let expected: ExpectedVerdict
}

/// The node vectors: a valid node per action (and per tricky encoding), and invalid nodes
/// breaking each node-level rule. Everything derives from `seed`.
package struct NodeCases {
    package let seed: String
    let author: NodeFactory
    let stranger: NodeFactory
    let task: String
    let todo: String
    let p1: String, p2: String, p3: String

    package init(seed: String) {
        self.seed = seed
        author = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0))
        stranger = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 1), deviceId: "device-b")
        task = FixtureKeys.uuid(seed: seed, "node-vectors task")
        todo = FixtureKeys.uuid(seed: seed, "node-vectors todo")
        // Node-level checks never look parents up, so any well-formed ids do.
        p1 = FixtureKeys.nodeId(seed: seed, "parent 1")
        p2 = FixtureKeys.nodeId(seed: seed, "parent 2")
        p3 = FixtureKeys.nodeId(seed: seed, "parent 3")
    }

    static let wall = "2025-10-26T09:30:00.000Z"

    // MARK: Valid nodes, one per action

    var create: JSONObject {
        author.node(
            .create, task: task, parents: [], lamport: 1, wall: Self.wall,
            payload: [
                member("title", str("Water the plants")), member("description", str("Balcony and kitchen — «both»")),
                member("priority", num(3)), member("storyPoints", num(2)), member("frequencyDays", num(3)),
                member("privacy", .bool(false)),
            ])
    }
    var update: JSONObject {
        author.node(
            .update, task: task, parents: [p1], lamport: 2, wall: "2025-10-26T10:00:00.000Z",
            payload: [member("title", str("Water all plants")), member("priority", num(5))])
    }
    var createTodo: JSONObject {
        author.node(
            .createTodo, task: task, parents: [p1], lamport: 2, wall: "2025-10-26T09:30:00.001Z",
            payload: [
                member("todoTaskId", str(todo)), member("deadline", str("2025-10-29T09:30:00.000Z")),
                member("notes", str("first one")),
            ])
    }
    var completeTodo: JSONObject {
        author.node(
            .completeTodo, task: task, parents: [p1], lamport: 3, wall: "2025-10-28T18:00:00.000Z",
            payload: [
                member("todoTaskId", str(todo)), member("completed", str("2025-10-28T18:00:00.000Z")),
            ])
    }
    var snoozeDays: JSONObject {
        author.node(
            .snooze, task: task, parents: [p1], lamport: 3, wall: "2025-10-28T08:00:00.000Z",
            payload: [member("todoTaskId", str(todo)), member("daysToExtend", num(2))])
    }
    var snoozeDate: JSONObject {
        author.node(
            .snooze, task: task, parents: [p1], lamport: 3, wall: "2025-10-28T08:00:00.000Z",
            payload: [
                member("todoTaskId", str(todo)), member("newDeadline", str("2025-11-02T09:30:00.000Z")),
                member("notes", str("after the trip")),
            ])
    }
    var archive: JSONObject {
        author.node(.archive, task: task, parents: [p1], lamport: 4, wall: "2025-11-01T00:00:00.000Z", payload: [])
    }
    var unarchive: JSONObject {
        author.node(.unarchive, task: task, parents: [p1], lamport: 5, wall: "2025-11-02T00:00:00.000Z", payload: [])
    }
    var delete: JSONObject {
        author.node(
            .delete, task: task, parents: [p2], lamport: 3, wall: "2025-11-03T00:00:00.000Z",
            payload: [member("deletedChain", .array([str(p1), str(p2)]))])
    }
    var merge: JSONObject {
        author.node(
            .merge, task: task, parents: [p1, p2], lamport: 4, wall: "2025-11-04T00:00:00.000Z",
            payload: [
                member("base", str(p3)),
                MergeResolutions.policy(
                    defaultStrategy: "lww", lwwTiebreakers: ["lamport", "wall", "author"], arrayStrategy: "union"),
                member(
                    "resolutions",
                    MergeResolutions.object(
                        task: [
                            MergeResolutions.field(
                                "title", "ours",
                                [member("chosenParent", str(p1)), member("notes", str("keep A's wording"))]),
                            MergeResolutions.field("priority", "max"),
                        ],
                        todos: [
                            (
                                todo,
                                [
                                    MergeResolutions.field(
                                        "deadline", "manual", [member("value", str("2025-11-10T09:00:00.000Z"))])
                                ]
                            )
                        ])),
            ])
    }

    // MARK: Helpers

    func file(_ object: JSONObject, pretty: Bool = false) -> [UInt8] {
        OrderedJSONWriter.bytes(.object(object), pretty: pretty)
    }

    /// A valid node with one field replaced, then sealed again (id and signature match the
    /// broken content, so only the targeted rule fails).
    func broken(_ base: JSONObject, _ path: String, _ value: JSONValue?) -> [UInt8] {
        file(author.seal(base.setting(path, to: value)))
    }

    /// A byte-level edit of a valid node's file (for what a JSON value cannot express).
    func edited(_ base: JSONObject, replacing old: String, with new: String) -> [UInt8] {
        let text = OrderedJSONWriter.string(.object(base))
        precondition(text.contains(old), "fixture edit target not found: \(old)")
        return Array(text.replacingFirst(old, with: new).utf8)
    }

    // MARK: The cases

    package var all: [NodeCase] {
        let hexUpper = "sha256:" + String(p1.dropFirst(7)).uppercased()
        var cases: [NodeCase] = [
            NodeCase(
                id: "create-valid", comment: "CREATE with every metadata field", flags: [.nonASCII, .entryShape],
                bytes: file(create), expected: .valid),
            NodeCase(
                id: "update-valid", comment: "UPDATE of title and priority", flags: [], bytes: file(update),
                expected: .valid),
            NodeCase(
                id: "create-todo-valid", comment: "CREATE_TODO with notes", flags: [], bytes: file(createTodo),
                expected: .valid),
            NodeCase(
                id: "complete-todo-valid", comment: "COMPLETE_TODO", flags: [], bytes: file(completeTodo),
                expected: .valid),
            NodeCase(
                id: "snooze-days-valid", comment: "SNOOZE by daysToExtend", flags: [], bytes: file(snoozeDays),
                expected: .valid),
            NodeCase(
                id: "snooze-date-valid", comment: "SNOOZE to a newDeadline", flags: [], bytes: file(snoozeDate),
                expected: .valid),
            NodeCase(
                id: "archive-valid", comment: "ARCHIVE with {}", flags: [], bytes: file(archive), expected: .valid),
            NodeCase(
                id: "unarchive-valid", comment: "UNARCHIVE with {}", flags: [], bytes: file(unarchive), expected: .valid
            ),
            NodeCase(
                id: "delete-valid", comment: "DELETE with a deletedChain (node-level: ids well-formed)",
                flags: [.deletion], bytes: file(delete), expected: .valid),
            NodeCase(
                id: "merge-valid", comment: "MERGE with policy, task and todo resolutions",
                flags: [.mergeSemantics, .unknownAction],
                bytes: file(merge), expected: .valid),
            NodeCase(
                id: "create-pretty-valid", comment: "pretty-printed: whitespace never reaches the canonical form",
                flags: [.whitespace], bytes: file(create, pretty: true), expected: .valid),
            NodeCase(
                id: "create-number-spellings-valid",
                comment: "2.0 and 3E0 are the integers 2 and 3 (canonical form writes 2 and 3)", flags: [.numberFormat],
                bytes: edited(create, replacing: "\"storyPoints\":2", with: "\"storyPoints\":2.0").replacingFirst(
                    "\"priority\":3", with: "\"priority\":3E0"), expected: .valid),
            NodeCase(
                id: "create-extensions-valid",
                comment:
                    "CREATE with an extensions object whose keys need UTF-16 ordering (U+E000 after an astral key)",
                flags: [.keyOrder, .nonASCII],
                bytes: file(
                    author.seal(
                        create.setting(
                            "data.payload.extensions",
                            to: .object(
                                JSONObject([
                                    member("\u{E000}private", str("x")), member("😀", str("astral")),
                                    member("zeta", num(0.5)),
                                    member("nested", .array([.object(JSONObject([member("ok", num(1e21))]))])),
                                ]))))), expected: .valid),
            NodeCase(
                id: "update-extensions-only-valid",
                comment: "an UPDATE carrying only extensions changes no task field and is valid", flags: [],
                bytes: file(
                    author.node(
                        .update, task: task, parents: [p1], lamport: 2, wall: Self.wall,
                        payload: [member("extensions", .object(JSONObject([member("color", str("green"))])))])),
                expected: .valid),
            NodeCase(
                id: "title-combining-mark-first-valid",
                comment: "a title that begins with a combining mark (U+0301) and holds spaces",
                flags: [.graphemeScan, .nonASCII],
                bytes: broken(create, "data.payload.title", str("\u{301} begins with a combining mark, then spaces")),
                expected: .valid),
            NodeCase(
                id: "extensions-equivalent-keys-valid",
                comment: "extensions with the keys \"é\" precomposed and decomposed: two keys, two pairs",
                flags: [.equivalentKeys, .nonASCII],
                bytes: broken(
                    create, "data.payload.extensions",
                    .object(JSONObject([member("\u{E9}", str("precomposed")), member("e\u{301}", str("decomposed"))]))),
                expected: .valid),
            NodeCase(
                id: "title-control-characters-valid",
                comment: "a title holding BEL and U+001F, which the canonical form escapes as \\u0007 and \\u001f",
                flags: [.unescapedControl],
                bytes: broken(create, "data.payload.title", str("bell\u{7} and unit separator\u{1F}")),
                expected: .valid),
            NodeCase(
                id: "local-unsigned-valid", comment: "the local profile accepts a node without signature",
                flags: [.missingSignature], profile: .local,
                bytes: file(author.seal(create, signed: false).removing(["signature"])), expected: .valid),
        ]

        cases += [
            // record
            NodeCase(
                id: "record-duplicate-key", comment: "duplicate key in the payload: not I-JSON", flags: [.notIJSON],
                bytes: edited(create, replacing: "\"title\":", with: "\"title\":\"dup\",\"title\":"),
                expected: .rejected(.recordSyntax)),
            NodeCase(
                id: "record-lone-surrogate", comment: "an escaped lone surrogate in a string: not I-JSON",
                flags: [.notIJSON],
                bytes: edited(create, replacing: "Water the plants", with: "Water \\ud800 plants"),
                expected: .rejected(.recordSyntax)),
            NodeCase(
                id: "record-byte-order-mark", comment: "a UTF-8 byte-order mark before the node", flags: [.notIJSON],
                bytes: [0xEF, 0xBB, 0xBF] + file(create), expected: .rejected(.recordSyntax)),
            NodeCase(
                id: "record-nan", comment: "NaN is not JSON", flags: [.notIJSON],
                bytes: edited(create, replacing: "\"priority\":3", with: "\"priority\":NaN"),
                expected: .rejected(.recordSyntax)),
            NodeCase(
                id: "record-huge-number", comment: "1e400 overflows a double: not I-JSON",
                flags: [.notIJSON, .numberFormat],
                bytes: edited(create, replacing: "\"storyPoints\":2", with: "\"storyPoints\":1e400"),
                expected: .rejected(.recordSyntax)),
            NodeCase(
                id: "record-array", comment: "a node must be an object", flags: [.laxValidation],
                bytes: Array("[]".utf8), expected: .rejected(.recordObject)),
            NodeCase(
                id: "record-too-large", comment: "over this case's 512-byte record limit", flags: [.laxValidation],
                maxRecordBytes: 512, bytes: file(create), expected: .rejected(.recordSize)),
            // envelope shape
            NodeCase(
                id: "envelope-missing-task-id", comment: "no taskId", flags: [.laxValidation],
                bytes: broken(update, "taskId", nil), expected: .rejected(.envelopeRequired)),
            NodeCase(
                id: "envelope-extra-key", comment: "an extra top-level key", flags: [.laxValidation],
                bytes: broken(update, "lamport", num(2)), expected: .rejected(.envelopeUnknownKey)),
            NodeCase(
                id: "envelope-author-extra-key", comment: "author has no key 'avatar'", flags: [.laxValidation],
                bytes: broken(update, "author.avatar", str("x.png")), expected: .rejected(.envelopeUnknownKey)),
            NodeCase(
                id: "envelope-version-string", comment: "version \"1\" is a string, not the integer 1",
                flags: [.laxValidation], bytes: broken(update, "version", str("1")), expected: .rejected(.envelopeType)),
            NodeCase(
                id: "envelope-payload-array", comment: "data.payload must be an object", flags: [.laxValidation],
                bytes: broken(archive, "data.payload", .array([])), expected: .rejected(.envelopeType)),
            // envelope fields
            NodeCase(
                id: "id-uppercase-hex", comment: "id in uppercase hex", flags: [.uppercaseHex],
                bytes: edited(
                    update, replacing: update.idText, with: "sha256:" + String(update.idText.dropFirst(7)).uppercased()),
                expected: .rejected(.idFormat)),
            NodeCase(
                id: "version-2", comment: "version 2", flags: [.laxValidation],
                bytes: broken(update, "version", num(2)), expected: .rejected(.versionValue)),
            NodeCase(
                id: "parents-uppercase", comment: "a parent id in uppercase hex", flags: [.uppercaseHex],
                bytes: broken(update, "parents", .array([str(hexUpper)])), expected: .rejected(.parentsEntry)),
            NodeCase(
                id: "parents-base58", comment: "a parent id in Base58", flags: [.base58],
                bytes: broken(update, "parents", .array([str("sha256:3yZe7d8T6vS1Dp7wQm1fRj3sXk9Vb2Nc4Lq8Hh5Gg6Ff")])),
                expected: .rejected(.parentsEntry)),
            NodeCase(
                id: "parents-count-update-none", comment: "UPDATE with no parent", flags: [.logStructure],
                bytes: broken(update, "parents", .array([])), expected: .rejected(.parentsCount)),
            NodeCase(
                id: "parents-count-create-one", comment: "CREATE with a parent", flags: [.logStructure],
                bytes: broken(create, "parents", .array([str(p1)])), expected: .rejected(.parentsCount)),
            NodeCase(
                id: "parents-count-merge-one", comment: "MERGE with one parent",
                flags: [.logStructure, .mergeSemantics],
                bytes: broken(merge.setting("data.payload.resolutions", to: nil), "parents", .array([str(p1)])),
                expected: .rejected(.parentsCount)),
            NodeCase(
                id: "parents-duplicate", comment: "MERGE naming the same parent twice", flags: [.logStructure],
                bytes: broken(
                    merge.setting("data.payload.resolutions", to: nil), "parents", .array([str(p1), str(p1)])),
                expected: .rejected(.parentsDuplicate)),
            NodeCase(
                id: "lamport-zero", comment: "lamport 0", flags: [.laxValidation],
                bytes: broken(update, "timestamp.lamport", num(0)), expected: .rejected(.lamportRange)),
            NodeCase(
                id: "lamport-fraction", comment: "lamport 1.5", flags: [.numberFormat],
                bytes: broken(update, "timestamp.lamport", num(1.5)), expected: .rejected(.lamportRange)),
            NodeCase(
                id: "lamport-unsafe", comment: "lamport 2^53 is beyond the safe integers", flags: [.numberFormat],
                bytes: broken(update, "timestamp.lamport", num(9_007_199_254_740_992)),
                expected: .rejected(.lamportRange)),
            NodeCase(
                id: "wall-no-millis", comment: "wall without milliseconds", flags: [.timeFormat],
                bytes: broken(update, "timestamp.wall", str("2025-10-26T10:00:00Z")), expected: .rejected(.wallFormat)),
            NodeCase(
                id: "wall-offset", comment: "wall with +00:00 instead of Z", flags: [.timeFormat],
                bytes: broken(update, "timestamp.wall", str("2025-10-26T10:00:00.000+00:00")),
                expected: .rejected(.wallFormat)),
            NodeCase(
                id: "wall-february-30", comment: "February 30 is no instant", flags: [.timeFormat],
                bytes: broken(update, "timestamp.wall", str("2025-02-30T10:00:00.000Z")),
                expected: .rejected(.wallInstant)),
            NodeCase(
                id: "wall-february-29-2100", comment: "2100 is not a leap year", flags: [.timeFormat],
                bytes: broken(update, "timestamp.wall", str("2100-02-29T10:00:00.000Z")),
                expected: .rejected(.wallInstant)),
            NodeCase(
                id: "user-id-hash", comment: "userId as 64 hex digits (a hash of the key)", flags: [.userIdDerivation],
                bytes: broken(update, "author.userId", str(RedoSHA256.hash(author.key.publicKey.bytes).hex)),
                expected: .rejected(.userIdFormat)),
            NodeCase(
                id: "user-id-unicode-digits",
                comment: "userId with Arabic-Indic digits, which Character.isNumber accepts as digits",
                flags: [.unicodeDigits, .userIdDerivation],
                bytes: broken(
                    update, "author.userId",
                    str(String(author.key.publicKey.redoUserId.dropLast(4)) + "\u{663}\u{664}\u{665}\u{666}")),
                expected: .rejected(.userIdFormat)),
            NodeCase(
                id: "snooze-days-key-name", comment: "SNOOZE with snoozeDays, a client's own name, for daysToExtend",
                flags: [.fieldName, .laxValidation],
                bytes: file(
                    author.seal(
                        snoozeDays.setting("data.payload.daysToExtend", to: nil).setting(
                            "data.payload.snoozeDays", to: num(2)))),
                expected: .rejected(.payloadUnknownKey)),
            NodeCase(
                id: "user-id-not-prefix", comment: "userId of another key", flags: [.userIdDerivation],
                bytes: broken(update, "author.userId", str(stranger.key.publicKey.redoUserId)),
                expected: .rejected(.userIdPrefix)),
            NodeCase(
                id: "public-key-base64", comment: "publicKey in Base64", flags: [.base64],
                bytes: broken(update, "author.publicKey", str(Base64.encode(author.key.publicKey.bytes))),
                expected: .rejected(.publicKeyFormat)),
            NodeCase(
                id: "public-key-uppercase", comment: "publicKey in uppercase hex", flags: [.uppercaseHex],
                bytes: broken(update, "author.publicKey", str(author.key.publicKey.hex.uppercased())),
                expected: .rejected(.publicKeyFormat)),
            NodeCase(
                id: "device-id-empty", comment: "deviceId \"\"", flags: [.laxValidation],
                bytes: broken(update, "author.deviceId", str("")), expected: .rejected(.deviceIdEmpty)),
            NodeCase(
                id: "action-unknown", comment: "action COMPLETE (not a REDO action)", flags: [.laxValidation],
                bytes: broken(update, "action", str("COMPLETE")), expected: .rejected(.actionEnum)),
            NodeCase(
                id: "action-lowercase", comment: "action in lowercase", flags: [.laxValidation],
                bytes: broken(update, "action", str("update")), expected: .rejected(.actionEnum)),
            NodeCase(
                id: "task-id-uppercase", comment: "taskId in uppercase", flags: [.uuidForm, .uppercaseHex],
                bytes: broken(update, "taskId", str(task.uppercased())), expected: .rejected(.taskIdFormat)),
            NodeCase(
                id: "task-id-version-1", comment: "taskId is a version-1 UUID", flags: [.uuidForm],
                bytes: broken(update, "taskId", str("6ba7b810-9dad-11d1-80b4-00c04fd430c8")),
                expected: .rejected(.taskIdFormat)),
            NodeCase(
                id: "signature-base64", comment: "signature in Base64", flags: [.base64],
                bytes: file(
                    update.setting(
                        "signature", to: str(Base64.encode(author.key.sign(NodeBody.canonicalBytes(of: update)).bytes)))
                ), expected: .rejected(.signatureFormat)),
            // payload
            NodeCase(
                id: "create-without-title", comment: "CREATE requires title", flags: [.laxValidation],
                bytes: broken(create, "data.payload.title", nil), expected: .rejected(.payloadRequired)),
            NodeCase(
                id: "create-todo-without-todo-id", comment: "CREATE_TODO requires todoTaskId since v1.7",
                flags: [.laxValidation], bytes: broken(createTodo, "data.payload.todoTaskId", nil),
                expected: .rejected(.payloadRequired)),
            NodeCase(
                id: "create-todo-extra-key", comment: "CREATE_TODO has no key 'priority'", flags: [.laxValidation],
                bytes: broken(createTodo, "data.payload.priority", num(1)), expected: .rejected(.payloadUnknownKey)),
            NodeCase(
                id: "archive-not-empty", comment: "ARCHIVE payload must be {}", flags: [.laxValidation],
                bytes: broken(archive, "data.payload.reason", str("done")), expected: .rejected(.payloadUnknownKey)),
            NodeCase(
                id: "priority-string", comment: "priority \"3\"", flags: [.laxValidation],
                bytes: broken(update, "data.payload.priority", str("3")), expected: .rejected(.payloadType)),
            NodeCase(
                id: "priority-six", comment: "priority 6 (1 to 5)", flags: [.laxValidation],
                bytes: broken(update, "data.payload.priority", num(6)), expected: .rejected(.payloadRange)),
            NodeCase(
                id: "title-empty", comment: "title \"\"", flags: [.laxValidation],
                bytes: broken(update, "data.payload.title", str("")), expected: .rejected(.payloadRange)),
            NodeCase(
                id: "days-to-extend-zero", comment: "daysToExtend 0", flags: [.laxValidation],
                bytes: broken(snoozeDays, "data.payload.daysToExtend", num(0)), expected: .rejected(.payloadRange)),
            NodeCase(
                id: "merge-strategy-unknown", comment: "defaultStrategy \"newest\"", flags: [.mergeSemantics],
                bytes: broken(
                    merge, "data.payload.policy", .object(JSONObject([member("defaultStrategy", str("newest"))]))),
                expected: .rejected(.payloadEnum)),
            NodeCase(
                id: "deadline-no-zone", comment: "deadline without Z", flags: [.timeFormat],
                bytes: broken(createTodo, "data.payload.deadline", str("2025-10-29T09:30:00.000")),
                expected: .rejected(.payloadTime)),
            NodeCase(
                id: "todo-id-uppercase", comment: "todoTaskId in uppercase", flags: [.uuidForm, .uppercaseHex],
                bytes: broken(completeTodo, "data.payload.todoTaskId", str(todo.uppercased())),
                expected: .rejected(.payloadTodoId)),
            NodeCase(
                id: "merge-base-malformed", comment: "MERGE base without the sha256: prefix", flags: [.mergeSemantics],
                bytes: broken(merge, "data.payload.base", str(String(p3.dropFirst(7)))),
                expected: .rejected(.payloadNodeId)),
            NodeCase(
                id: "update-archived", comment: "UPDATE {\"archived\": true}: a reserved state name, E_FORBIDDEN_FIELD",
                flags: [.reservedName],
                bytes: file(
                    author.node(
                        .update, task: task, parents: [p1], lamport: 2, wall: Self.wall,
                        payload: [member("archived", .bool(true))])), expected: .rejected(.payloadReserved).alone()),
            NodeCase(
                id: "extensions-reserved-deep", comment: "a reserved name inside an array inside extensions",
                flags: [.reservedName],
                bytes: broken(
                    create, "data.payload.extensions",
                    .object(JSONObject([member("list", .array([.object(JSONObject([member("taskId", str("x"))]))]))]))),
                expected: .rejected(.payloadReserved)),
            NodeCase(
                id: "payload-too-large", comment: "a description that makes the payload's canonical form exceed 1 MiB",
                flags: [.laxValidation],
                bytes: broken(create, "data.payload.description", str(String(repeating: "x", count: 1_048_577))),
                expected: .rejected(.payloadSize)),
            NodeCase(
                id: "update-empty", comment: "UPDATE with {}", flags: [.laxValidation],
                bytes: broken(update, "data.payload", .object(JSONObject())), expected: .rejected(.updateEmpty)),
            NodeCase(
                id: "snooze-both", comment: "SNOOZE with daysToExtend and newDeadline", flags: [.laxValidation],
                bytes: broken(snoozeDays, "data.payload.newDeadline", str("2025-11-02T09:30:00.000Z")),
                expected: .rejected(.snoozeExactlyOne)),
            NodeCase(
                id: "delete-without-chain", comment: "DELETE {}", flags: [.deletion],
                bytes: broken(delete, "data.payload", .object(JSONObject())), expected: .rejected(.deletedChainMissing)),
            NodeCase(
                id: "delete-chain-empty", comment: "DELETE with deletedChain []", flags: [.deletion],
                bytes: broken(delete, "data.payload.deletedChain", .array([])),
                expected: .rejected(.deletedChainMissing)),
            NodeCase(
                id: "delete-chain-repeats", comment: "an id twice in deletedChain", flags: [.deletion],
                bytes: broken(delete, "data.payload.deletedChain", .array([str(p1), str(p2), str(p1)])),
                expected: .rejected(.deletedChainDuplicate)),
            NodeCase(
                id: "merge-path-unknown", comment: "a resolution for field 'color'", flags: [.mergeSemantics],
                bytes: broken(
                    merge, "data.payload.resolutions",
                    MergeResolutions.object(task: [MergeResolutions.field("color", "lww")])),
                expected: .rejected(.resolutionPath)),
            NodeCase(
                id: "merge-max-on-title", comment: "max does not fit the text field title", flags: [.mergeSemantics],
                bytes: broken(
                    merge, "data.payload.resolutions",
                    MergeResolutions.object(task: [MergeResolutions.field("title", "max")])),
                expected: .rejected(.resolutionStrategy)),
            NodeCase(
                id: "merge-ours-without-parent", comment: "ours without chosenParent", flags: [.mergeSemantics],
                bytes: broken(
                    merge, "data.payload.resolutions",
                    MergeResolutions.object(task: [MergeResolutions.field("title", "ours")])),
                expected: .rejected(.resolutionChosenParent)),
            NodeCase(
                id: "merge-manual-bad-value", comment: "manual priority 9", flags: [.mergeSemantics],
                bytes: broken(
                    merge, "data.payload.resolutions",
                    MergeResolutions.object(task: [
                        MergeResolutions.field("priority", "manual", [member("value", num(9))])
                    ])), expected: .rejected(.resolutionValue)),
            NodeCase(
                id: "merge-theirs-three-parents", comment: "theirs in a MERGE of three parents",
                flags: [.mergeSemantics],
                bytes: broken(
                    merge.setting("parents", to: .array([str(p1), str(p2), str(p3)])), "data.payload.resolutions",
                    MergeResolutions.object(task: [
                        MergeResolutions.field("title", "theirs", [member("chosenParent", str(p1))])
                    ])), expected: .rejected(.theirsTwoParents)),
            // content address and signature
            NodeCase(
                id: "id-stale", comment: "title edited after the id was computed", flags: [.staleId],
                bytes: file(update.setting("data.payload.title", to: str("Water some plants"))),
                expected: .rejected(.idHash)),
            NodeCase(
                id: "id-of-sorted-keys-with-spaces",
                comment: "id computed over sorted keys with whitespace (not RFC 8785)", flags: [.staleId, .whitespace],
                bytes: staleHashOfWhitespaceForm(update), expected: .rejected(.idHash)),
            NodeCase(
                id: "signature-missing", comment: "a synced node without signature", flags: [.missingSignature],
                bytes: file(update.removing(["signature"])), expected: .rejected(.signatureMissing)),
            NodeCase(
                id: "signature-other-key", comment: "signed by another key than author.publicKey",
                flags: [.wrongSignature],
                bytes: file(update.signed(by: stranger.key)), expected: .rejected(.signatureInvalid)),
            NodeCase(
                id: "signature-over-id", comment: "signature over the id text instead of the canonical body",
                flags: [.wrongSignature, .neverVerifies],
                bytes: file(update.setting("signature", to: str(author.key.sign(Array(update.idText.utf8)).hex))),
                expected: .rejected(.signatureInvalid)),
            NodeCase(
                id: "local-bad-signature", comment: "the local profile still verifies a present signature",
                flags: [.wrongSignature], profile: .local,
                bytes: file(update.signed(by: stranger.key)), expected: .rejected(.signatureInvalid)),
            NodeCase(
                id: "several-findings",
                comment:
                    "uppercase taskId, a reserved payload key and a foreign signature: E_ENCODING_VIOLATION is primary",
                flags: [.multipleFindings],
                bytes: file(
                    author.seal(
                        update.setting("taskId", to: str(task.uppercased())).setting(
                            "data.payload.created", to: str("now"))
                    )
                    .setting("signature", to: str(stranger.key.sign([1]).hex))), expected: .rejected(.taskIdFormat)),
        ]
        cases += moreEnvelopeCases + morePayloadCases + precedenceCases + mergeAndTimeCases
        return cases
    }

    /// A node whose id is the hash of a sorted-keys-with-spaces serialization (the iOS
    /// client's JSONEncoder habit), so the id does not match RFC 8785.
    private func staleHashOfWhitespaceForm(_ node: JSONObject) -> [UInt8] {
        let canonical = String(decoding: NodeBody.canonicalBytes(of: node), as: UTF8.self)
        let spaced = canonical.replacingOccurrences(of: "\":", with: "\" : ").replacingOccurrences(
            of: ",\"", with: ", \"")
        let wrongId = NodeID(digest: RedoSHA256.hash(Array(spaced.utf8))).text
        let body = node.removing(["id", "signature"])
        let signature = author.key.sign(NodeBody.canonicalBytes(of: body)).hex
        return file(JSONObject([member("id", str(wrongId))] + body.members + [member("signature", str(signature))]))
    }
}

extension Array where Element == UInt8 {
    /// Byte-level replace of the first occurrence (fixtures only).
    func replacingFirst(_ old: String, with new: String) -> [UInt8] {
        Array(String(decoding: self, as: UTF8.self).replacingFirst(old, with: new).utf8)
    }
}

extension String {
    func replacingFirst(_ old: String, with new: String) -> String {
        guard let range = range(of: old) else { return self }
        return replacingCharacters(in: range, with: new)
    }
}

enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var k = 0
        while k < bytes.count {
            let b0 = Int(bytes[k])
            let b1 = k + 1 < bytes.count ? Int(bytes[k + 1]) : 0
            let b2 = k + 2 < bytes.count ? Int(bytes[k + 2]) : 0
            out.append(table[b0 >> 2])
            out.append(table[(b0 & 3) << 4 | b1 >> 4])
            out.append(k + 1 < bytes.count ? table[(b1 & 15) << 2 | b2 >> 6] : 0x3D)
            out.append(k + 2 < bytes.count ? table[b2 & 63] : 0x3D)
            k += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
