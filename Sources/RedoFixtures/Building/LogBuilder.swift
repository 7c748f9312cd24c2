import RedoCore
import RedoCrypto
import RedoJSON

/// Builds one task's nodes for log fixtures: lamport follows the parents, walls advance
/// one second per node unless given.
package struct LogBuilder {
    package let factory: NodeFactory
    package let task: String
    private var tick = 0
    package static let startSeconds = 1_761_469_200  // 2025-10-26T09:00:00.000Z

    package init(factory: NodeFactory, task: String) {
        self.factory = factory
        self.task = task
    }

    package static func wall(secondsAfterStart seconds: Int) -> String {
        UTCTime(millisecondsSinceEpoch: Int64(startSeconds + seconds) * 1000).text
    }

    static func lamport(_ node: JSONObject) -> Int {
        Int(node["timestamp"]?.objectValue?["lamport"]?.numberValue ?? 0)
    }

    package mutating func create(title: String = "Task", _ extra: [JSONMember] = [], wall: String? = nil) -> JSONObject
    {
        node(.create, parents: [], [member("title", str(title))] + extra, wall: wall)
    }

    package mutating func node(
        _ action: Action, parents: [JSONObject], _ payload: [JSONMember] = [], lamport: Int? = nil, wall: String? = nil
    ) -> JSONObject {
        node(
            action, parentIds: parents.map(\.idText), payload,
            lamport: lamport ?? ((parents.map(Self.lamport).max() ?? 0) + 1), wall: wall)
    }

    package mutating func node(
        _ action: Action, parentIds: [String], _ payload: [JSONMember], lamport: Int, wall: String? = nil
    ) -> JSONObject {
        tick += 1
        return factory.node(
            action, task: task, parents: parentIds, lamport: lamport, wall: wall ?? Self.wall(secondsAfterStart: tick),
            payload: payload)
    }
}
