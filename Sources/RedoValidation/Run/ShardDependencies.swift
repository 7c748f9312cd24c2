import RedoCore

/// The tasks of other shards whose signatures a shard's verdicts depend on.
///
/// Why only parents: a record's verdict is decided by its own checks, by the records of
/// its id (same body, so the same task) and of its task (duplicate CREATE, todo
/// references, processing order within the task), and by its ancestors. Tasks are
/// sharded whole, so only a parent in another task — which parents.otherTask rejects,
/// but whose standing still shapes the child's findings — reaches outside the shard,
/// and from there that task's own ancestors. Processing order restricted to a set of
/// tasks closed under parents does not depend on nodes outside it.
enum ShardDependencies {
    /// Every task not of `shard` reachable from the shard's tasks along parents that cross
    /// tasks (transitively, through tasks of any shard). `verdict` is a run's verdict with
    /// the other shards' signatures taken as good: its nodes are every record that passed
    /// node-level checks, whatever its signature. `failingParents` are the followable
    /// parents of the shard's records that failed node-level checks.
    static func tasks(of shard: Shard, in verdict: LogVerdict, failingParents: [NodeID]) -> Set<UUIDv4> {
        guard shard.count > 1 else { return [] }
        let nodes = verdict.nodes
        // Parent tasks by child task, only across tasks (few in any log).
        var crossing: [UUIDv4: Set<UUIDv4>] = [:]
        for position in nodes.indices {
            let task = nodes.taskId(at: position)
            for k in nodes.parentRange(of: position) where nodes.parentPosition(k) >= 0 {
                let parentTask = nodes.taskId(at: Int(nodes.parentPosition(k)))
                if parentTask != task { crossing[task, default: []].insert(parentTask) }
            }
        }
        var owned: [UUIDv4: Bool] = [:]
        func isOwned(_ task: UUIDv4) -> Bool {
            if let known = owned[task] { return known }
            let answer = shard.owns(taskId: task.text)
            owned[task] = answer
            return answer
        }
        var pending: [UUIDv4] = crossing.keys.filter(isOwned)
        for parent in failingParents {
            if let p = nodes.position(of: parent) { pending.append(nodes.taskId(at: p)) }
        }
        var seen = Set(pending)
        var needed = Set<UUIDv4>()
        while let task = pending.popLast() {
            if !isOwned(task) { needed.insert(task) }
            for parentTask in crossing[task] ?? [] where seen.insert(parentTask).inserted {
                pending.append(parentTask)
            }
        }
        return needed
    }
}
