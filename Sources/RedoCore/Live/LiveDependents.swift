import RedoCrypto
import RedoJSON

/// What a live log's nodes depend on outside their own task: the ids they wait for (a
/// parent or MERGE base no node holds yet) and their parents in other tasks. The rules
/// read another task's node only through such a parent, so a batch changes the verdicts
/// of its own tasks, of the nodes that waited for its ids, and of the nodes below those
/// in other tasks: the scope the rules are applied again over.
///
/// Both depend on which nodes the log holds, never on verdicts, so they only grow.
struct LiveDependents: Sendable {
    /// Nodes by the id they wait for.
    private var waiting: [NodeID: [Int32]] = [:]
    /// Nodes by their parent, when it is of another task.
    private var otherTaskChildren: [Int32: [Int32]] = [:]

    /// Notes the nodes at `added` (new to `nodes`, their parents resolved) and returns the
    /// earlier nodes that waited for one of their ids.
    mutating func add(_ added: Range<Int>, in nodes: NodeStore) -> [Int32] {
        var released: [Int32] = []
        for position in added {
            guard let waiters = waiting.removeValue(forKey: nodes.id(at: position)) else { continue }
            released += waiters
            // A MERGE base in another task is noted too: it only widens the scope.
            for waiter in waiters where nodes.taskId(at: Int(waiter)) != nodes.taskId(at: position) {
                otherTaskChildren[Int32(position), default: []].append(waiter)
            }
        }
        for position in added {
            for k in nodes.parentRange(of: position) {
                let parent = nodes.parentPosition(k)
                if parent < 0 {
                    waiting[nodes.parentId(k), default: []].append(Int32(position))
                } else if nodes.taskId(at: Int(parent)) != nodes.taskId(at: position) {
                    otherTaskChildren[parent, default: []].append(Int32(position))
                }
            }
            if case let .merge(merge) = nodes.payload(at: position), nodes.position(of: merge.base) == nil {
                waiting[merge.base, default: []].append(Int32(position))
            }
        }
        return released
    }

    /// The nodes that wait for `id`.
    func waiters(for id: NodeID) -> [Int32] { waiting[id] ?? [] }

    /// The nodes whose parent is `position` and of another task.
    func childrenInOtherTasks(of position: Int32) -> [Int32] { otherTaskChildren[position] ?? [] }
}
