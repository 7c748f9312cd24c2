import RedoCore
import RedoCrypto
import RedoJSON

/// One storage round-trip vector: a valid, signed node whose payload and extensions hold
/// the values a client's storage model (Firestore, Core Data, Room, IndexedDB) is known to
/// change when it bridges them to its own types. A platform stores the node, reads it
/// back, and returns the canonical bytes of what it read: they must be the original's.
package struct StorageCase: Sendable {
    package let id: String
    package let comment: String
    package let flags: [BugClass]
    /// The node as a client would send it; number spellings (1.0, 1e0, -0) are kept.
    package let bytes: [UInt8]
}

/// The storage round-trip vectors. Every node is valid under the synced profile, and
/// every number spelling in them is canonically the same number (the id and signature do
/// not depend on it).
package struct StorageCases {
    let author: NodeFactory
    let task: String
    let todo: String
    let parent: String

    package init(seed: String) {
        author = NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0))
        task = FixtureKeys.uuid(seed: seed, "storage task")
        todo = FixtureKeys.uuid(seed: seed, "storage todo")
        parent = FixtureKeys.nodeId(seed: seed, "storage parent")
    }

    static let wall = "2025-10-27T08:15:00.000Z"

    private func create(_ payload: [JSONMember]) -> JSONObject {
        author.node(.create, task: task, parents: [], lamport: 1, wall: Self.wall, payload: payload)
    }

    private func update(_ payload: [JSONMember]) -> JSONObject {
        author.node(.update, task: task, parents: [parent], lamport: 2, wall: Self.wall, payload: payload)
    }

    /// The node's text with some number spellings replaced (each `old` must occur once).
    private func text(_ node: JSONObject, spelling edits: [(String, String)] = []) -> [UInt8] {
        var text = OrderedJSONWriter.string(.object(node))
        for (old, new) in edits {
            precondition(text.contains(old), "storage fixture edit target not found: \(old)")
            text = text.replacingFirst(old, with: new)
        }
        return Array(text.utf8)
    }

    package var all: [StorageCase] {
        [
            StorageCase(
                id: "r-create-zero-and-one",
                comment:
                    "storyPoints 0, priority 1, frequencyDays 1 and privacy false: numbers 0 and 1 beside a boolean",
                flags: [.numberBridging],
                bytes: text(
                    create([
                        member("title", str("Call the dentist")), member("priority", num(1)),
                        member("storyPoints", num(0)), member("frequencyDays", num(1)),
                        member("privacy", .bool(false)),
                    ]))),
            StorageCase(
                id: "r-update-one-point-zero",
                comment:
                    "UPDATE with storyPoints written 1.0 and priority written 1e0 (both the integer 1), privacy true",
                flags: [.numberBridging, .numberFormat],
                bytes: text(
                    update([member("storyPoints", num(1)), member("priority", num(1)), member("privacy", .bool(true))]),
                    spelling: [("\"storyPoints\":1", "\"storyPoints\":1.0"), ("\"priority\":1", "\"priority\":1e0")]
                )),
            StorageCase(
                id: "r-snooze-one-day",
                comment: "SNOOZE by daysToExtend 1",
                flags: [.numberBridging],
                bytes: text(
                    author.node(
                        .snooze, task: task, parents: [parent], lamport: 3, wall: Self.wall,
                        payload: [member("todoTaskId", str(todo)), member("daysToExtend", num(1))]))),
            StorageCase(
                id: "r-extensions-numbers",
                comment:
                    "extensions holding 0, 1, -0, 1.0, 1e0, -1, 0.5, 2^53-1, 2^53+2, 1e21, 1e300, 1e-7 and 5e-324 side by side",
                flags: [.numberBridging, .numberFormat, .integerOverflow, .doubleDescription],
                bytes: text(
                    create([
                        member("title", str("Numbers")),
                        member(
                            "extensions",
                            .object(
                                JSONObject([
                                    member("zero", num(0)), member("one", num(1)), member("negativeZero", num(0)),
                                    member("onePointZero", num(1)), member("oneE0", num(1)),
                                    member("minusOne", num(-1)),
                                    member("half", num(0.5)), member("maxSafe", num(9_007_199_254_740_991)),
                                    member("beyondSafe", num(9_007_199_254_740_994)), member("large", num(1e21)),
                                    member("huge", num(1e300)), member("small", num(1e-7)),
                                    member("subnormal", num(Double.leastNonzeroMagnitude)),
                                ]))),
                    ]),
                    spelling: [
                        ("\"negativeZero\":0", "\"negativeZero\":-0"), ("\"onePointZero\":1", "\"onePointZero\":1.0"),
                        ("\"oneE0\":1", "\"oneE0\":1e0"),
                    ])),
            StorageCase(
                id: "r-extensions-literals",
                comment: "extensions holding true, false, null, an empty object and an empty array",
                flags: [.numberBridging, .droppedFields],
                bytes: text(
                    create([
                        member("title", str("Literals")),
                        member(
                            "extensions",
                            .object(
                                JSONObject([
                                    member("yes", .bool(true)), member("no", .bool(false)), member("nothing", .null),
                                    member("emptyObject", .object(JSONObject())), member("emptyArray", .array([])),
                                ]))),
                    ]))),
            StorageCase(
                id: "r-extensions-nested",
                comment:
                    "nested extension objects and arrays mixing 0, 1, true and false, under keys no client knows",
                flags: [.numberBridging, .droppedFields, .keyOrder],
                bytes: text(
                    update([
                        member(
                            "extensions",
                            .object(
                                JSONObject([
                                    member(
                                        "com.example.sync",
                                        .object(
                                            JSONObject([
                                                member("flags", .array([num(0), num(1), .bool(true), .bool(false)])),
                                                member(
                                                    "counters",
                                                    .object(
                                                        JSONObject([
                                                            member("unread", num(1)), member("starred", num(0)),
                                                            member(
                                                                "inner", .object(JSONObject([member("level", num(1))]))),
                                                        ]))),
                                            ]))),
                                    member("zz-unknown", .array([.object(JSONObject([member("x", .null)]))])),
                                ])))
                    ]))),
            StorageCase(
                id: "r-strings-like-values",
                comment:
                    "strings that look like numbers, booleans, null and dates stay strings: \"1\", \"0\", \"1.0\", \"true\", \"null\", a wall time",
                flags: [.numberBridging, .timeFormat],
                bytes: text(
                    create([
                        member("title", str("1")), member("description", str("0")),
                        member(
                            "extensions",
                            .object(
                                JSONObject([
                                    member("onePointZero", str("1.0")), member("yes", str("true")),
                                    member("nothing", str("null")), member("when", str("2025-10-27T08:15:00.000Z")),
                                    member("date", str("2025-10-27")), member("hex", str("0x10")),
                                ]))),
                    ]))),
        ]
    }
}
