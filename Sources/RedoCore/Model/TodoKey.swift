import RedoCrypto
import RedoJSON

/// A todo of a task: todo ids are unique within their task only, so tables of todos are
/// keyed by both.
struct TodoKey: Hashable {
    let task: UUIDv4
    let todo: UUIDv4

    /// `WordHash` over the four words of the two ids.
    func _rawHashValue(seed: Int) -> Int { WordHash.hash(task.high, task.low, todo.high, todo.low, seed: seed) }
}
