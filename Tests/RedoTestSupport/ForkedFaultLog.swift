import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoValidation

/// A small log the report tests draw and fold: in one task, two concurrent UPDATEs with
/// foreign signatures (two root causes) closed by a MERGE with a child below it (each
/// descending from both roots), beside a valid chain; a second task broken at its
/// CREATE's hash, everything below it a descendant.
package enum ForkedFaultLog {
    package static let key = FixtureKeys.pair(seed: "forked fault", index: 0)
    package static let stranger = FixtureKeys.pair(seed: "forked fault", index: 1)
    package static let task = FixtureKeys.uuid(seed: "forked fault", "task")
    package static let secondTask = FixtureKeys.uuid(seed: "forked fault", "second task")

    package static func records() -> [JSONObject] {
        var log = LogBuilder(factory: NodeFactory(key: key), task: task)
        let create = log.create(title: "Forked")
        let todo = log.node(
            .createTodo, parents: [create],
            [
                member("todoTaskId", str(FixtureKeys.uuid(seed: "forked fault", "todo"))),
                member("deadline", str("2026-01-01T00:00:00.000Z")),
            ])
        let left = log.node(.update, parents: [todo], [member("priority", num(2))]).signed(by: stranger)
        let right = log.node(.update, parents: [todo], [member("storyPoints", num(3))]).signed(by: stranger)
        let merge = log.node(.merge, parents: [left, right], [member("base", str(todo.idText))])
        let below = log.node(.archive, parents: [merge])
        var second = LogBuilder(factory: NodeFactory(key: key), task: secondTask)
        let secondCreate = second.create(title: "Broken at the root")
        var chain = [secondCreate]
        for _ in 0..<6 { chain.append(second.node(.update, parents: [chain.last!], [member("priority", num(1))])) }
        let tampered = secondCreate.setting(
            "data", to: .object(JSONObject([member("payload", .object(JSONObject([member("title", str("Edited"))])))])))
        return [create, todo, left, right, merge, below, tampered] + chain.dropFirst()
    }

    package static func lines() -> [[UInt8]] { records().map { OrderedJSONWriter.bytes(.object($0)) } }

    /// The log as a JSON Lines file in a new folder named for `label`; its path.
    package static func file(_ label: String) -> String {
        TempFiles.write(lines().flatMap { $0 + [0x0A] }, to: TempFiles.folder(label) + "/forked.jsonl")
    }

    /// The log validated as `validate` would, from a file.
    package static func result() -> ValidationResult {
        ValidationRun(options: ValidationOptions()).run([file("forked-fault")])
    }
}
