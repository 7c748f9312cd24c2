import RedoCore
import RedoCrypto
import RedoJSON

/// Export-shape vectors: the same small log written in each shape clients and Firestore
/// produce, with the verdict of every record by its source.
package struct ExportCase: Sendable {
    package let file: String
    package let comment: String
    package let bytes: [UInt8]
    /// (source suffix as `validate` names it, expected verdict), in record order.
    package let expected: [(String, ExpectedVerdict)]
}

package struct ExportCases {
    package let seed: String
    package init(seed: String) { self.seed = seed }

    package var all: [ExportCase] {
        var b = LogBuilder(
            factory: NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0)),
            task: FixtureKeys.uuid(seed: seed, "export task"))
        let create = b.create(title: "Exported")
        let update = b.node(.update, parents: [create], [member("priority", num(2))])
        let archive = b.node(.archive, parents: [update])
        let nodes = [create, update, archive]
        let map = JSONObject(nodes.map { JSONMember(key: $0.idText, value: .object($0)) })
        // A Firestore document whose key is not its node's id (here: uppercase).
        let misfiled = JSONObject([
            JSONMember(key: create.idText, value: .object(create)),
            JSONMember(key: update.idText.uppercased(), value: .object(update)),
            JSONMember(key: archive.idText, value: .object(archive)),
        ])
        let nested = JSONValue.object(
            JSONObject([
                member(
                    "users",
                    .object(
                        JSONObject([member("google-uid-1", .object(JSONObject([member("changes", .object(map))])))])))
            ]))
        func pretty(_ value: JSONValue) -> [UInt8] { OrderedJSONWriter.bytes(value, pretty: true) + [0x0A] }
        let valid3 = nodes.map { _ in ExpectedVerdict.valid }
        return [
            ExportCase(
                file: "single-node.json", comment: "one node object", bytes: pretty(.object(create)),
                expected: [("", .valid)]),
            ExportCase(
                file: "array.json", comment: "a JSON array of nodes", bytes: pretty(.array(nodes.map { .object($0) })),
                expected: Array(zip(["#0", "#1", "#2"], valid3))),
            ExportCase(
                file: "lines.jsonl", comment: "JSON Lines",
                bytes: nodes.flatMap { OrderedJSONWriter.bytes(.object($0)) + [0x0A] },
                expected: Array(zip([":1", ":2", ":3"], valid3))),
            ExportCase(
                file: "firestore-collection.json", comment: "an id → node map (a Firestore collection export)",
                bytes: pretty(.object(map)),
                expected: Array(zip(nodes.map { "#" + $0.idText }, valid3))),
            ExportCase(
                file: "firestore-misfiled.json",
                comment: "a map entry stored under a key other than its id; its child loses its parent",
                bytes: pretty(.object(misfiled)),
                expected: [
                    ("#" + create.idText, .valid), ("#" + update.idText.uppercased(), .rejected(.exportKey)),
                    ("#" + archive.idText, .rejected(.ancestorRejected)),
                ]),
            ExportCase(
                file: "nested-export.json", comment: "{\"users\": {uid: {\"changes\": {id: node}}}}",
                bytes: pretty(nested),
                expected: Array(zip(nodes.map { "#users/google-uid-1/changes/" + $0.idText }, valid3))),
        ]
    }
}
