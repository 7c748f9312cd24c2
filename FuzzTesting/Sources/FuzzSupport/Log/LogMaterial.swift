// The fixed material every log program builds with: two authors with fixed keys, two tasks,
// four todo ids, titles and resolution paths, and the start of the clock. Fixed, so that a
// committed program builds the same records on every run.
import RedoCore
import RedoCrypto

/// Author A and author B (bit 0 of most operations' modifiers picks B).
nonisolated(unsafe) package let authors = [
    SignedNodeBuilder(key: FuzzKeys.pair(seed: "fuzz", index: 0), deviceId: "device-a"),
    SignedNodeBuilder(key: FuzzKeys.pair(seed: "fuzz", index: 1), deviceId: "device-b"),
]
package let taskIds = [FuzzKeys.uuid(seed: "fuzz", "task 0"), FuzzKeys.uuid(seed: "fuzz", "task 1")]
package let todoIds = (0..<4).map { FuzzKeys.uuid(seed: "fuzz", "todo \($0)") }
package let titles = ["Task", "Write report", "", "Ünïcödé 🚀", "tab\tand \"quote\"", "K", "\u{212A}"]
let strategies = MergeStrategy.allCases.map(\.rawValue)
let taskPaths = TaskField.allCases.map(\.rawValue) + ["bogus"]
let todoPaths = TodoField.allCases.map(\.rawValue) + ["title"]
/// 2025-10-26T09:00:00Z: walls count seconds from here.
let startSeconds: Int64 = 1_761_469_200

/// The wall `seconds` after the start.
package func wallText(_ seconds: Int64) -> String {
    UTCTime(millisecondsSinceEpoch: (startSeconds + seconds) * 1000).text
}

/// A well-formed node id that no built node has.
func fakeId(_ label: UInt8) -> String { NodeID(digest: RedoSHA256.hash([0xFE, label])).text }

/// The `now` of the urgency of a task's current todo.
let urgencyNow = UTCTime(millisecondsSinceEpoch: startSeconds * 1000)
