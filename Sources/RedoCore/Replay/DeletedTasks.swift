/// A task a log deleted: none of its valid nodes survives its valid DELETEs (the tasks
/// `Reconstruction.deleted` lists), with what a reader needs to recognise it.
package struct DeletedTask: Sendable, Equatable {
    package let taskId: UUIDv4
    /// The position in `LogVerdict.nodes` of its valid DELETE last in total order.
    package let delete: Int
    /// The title its last valid CREATE or UPDATE in total order set; nil when none set one.
    package let lastTitle: String?
}

/// Finds the deleted tasks of a verdict without replaying the others: only a task with a
/// valid DELETE can be deleted, so the valid nodes are grouped for those tasks alone. One
/// pass over the nodes, and one over the total order when some DELETE is valid.
package enum DeletedTasks {
    /// The deleted tasks among those `includes` accepts, sorted by taskId.
    package static func find(in verdict: LogVerdict, includes: (UUIDv4) -> Bool = { _ in true }) -> [DeletedTask] {
        let store = verdict.nodes
        var candidates = Set<UUIDv4>()
        for position in 0..<store.count
        where store.action(at: position) == .delete && verdict.nodeStatus[position] == nil {
            let task = store.taskId(at: position)
            if includes(task) { candidates.insert(task) }
        }
        guard !candidates.isEmpty else { return [] }
        var nodesOf: [UUIDv4: [Int32]] = [:]
        for position in verdict.order where verdict.nodeStatus[Int(position)] == nil {
            let task = store.taskId(at: Int(position))
            if candidates.contains(task) { nodesOf[task, default: []].append(position) }
        }
        var deleted: [DeletedTask] = []
        for (task, positions) in nodesOf {
            guard Reconstructor.survivors(positions.map { store[Int($0)] }).isEmpty,
                let delete = positions.last(where: { store.action(at: Int($0)) == .delete })
            else { continue }
            deleted.append(DeletedTask(taskId: task, delete: Int(delete), lastTitle: lastTitle(positions, store)))
        }
        return deleted.sorted { $0.taskId < $1.taskId }
    }

    private static func lastTitle(_ positions: [Int32], _ store: NodeStore) -> String? {
        for position in positions.reversed() {
            switch store.payload(at: Int(position)) {
            case let .create(fields), let .update(fields):
                if case let .string(title)? = fields[.title] { return title }
            default: continue
            }
        }
        return nil
    }
}
