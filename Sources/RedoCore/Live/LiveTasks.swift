import RedoCrypto
import RedoJSON

/// A live log's tasks: which nodes each task has, which of them are valid (in total
/// order), and each task's replayed state. A task is replayed only when its valid nodes
/// change, and only its new nodes are replayed when they come after all it held and
/// neither they nor it hold a DELETE (the usual sync).
///
/// A task's nodes and its valid nodes are lists threaded through one array a node, headed
/// by arrays indexed by the task's number in the store (`NodeStore.taskNumber`): about 11
/// bytes a node of a benign account, where a dictionary of small arrays a task took 39.
struct LiveTasks: Sendable {
    /// Per node, the next node of its task in the order taken in (-1: none).
    private var nextTaken: [Int32] = []
    /// Per task, its first and latest node taken in (any verdict).
    private var firstTaken: [Int32] = []
    private var lastTaken: [Int32] = []
    /// Per task, its node that comes last in the total order (any verdict).
    private(set) var last: [Int32] = []
    /// Per valid node, the next valid node of its task in total order (-1: none; stale for
    /// a node no longer valid, which no list reaches).
    private var nextValid: [Int32] = []
    /// Per task, its first and last valid node in total order (-1: none).
    private var firstValid: [Int32] = []
    private var lastValid: [Int32] = []
    /// Per task, whether its state replayed every valid node it had (no DELETE among them):
    /// then nodes that come after them can be replayed onto the state.
    private var replayedWhole: [Bool] = []
    /// The state of every task with a surviving node.
    private(set) var states: [UUIDv4: ReconstructedTask] = [:]
    /// The tasks whose every valid node is deleted.
    private(set) var deleted: Set<UUIDv4> = []

    /// Every node of `task` (any verdict), in the order taken in.
    func positions(of task: UUIDv4, in nodes: NodeStore) -> [Int32] {
        guard let number = nodes.taskNumber(of: task), number < firstTaken.count else { return [] }
        return Self.list(from: firstTaken[number], next: nextTaken)
    }

    /// The valid nodes of `task`, in total order; nil when it has none.
    private func valid(_ task: UUIDv4, in nodes: NodeStore) -> [Int32]? {
        guard let number = nodes.taskNumber(of: task), number < firstValid.count, firstValid[number] >= 0 else {
            return nil
        }
        return Self.list(from: firstValid[number], next: nextValid)
    }

    /// The valid node of `task` that comes last in the total order before `key`, and whether
    /// it is the task's last valid node; nil when none comes before `key`. Costs nothing more
    /// when `key` comes after all the task's valid nodes, and one step a valid node before it
    /// otherwise.
    func lastValid(of task: UUIDv4, before key: NodeHeap.Entry, in nodes: NodeStore) -> LiveScope.Start? {
        guard let number = nodes.taskNumber(of: task), number < lastValid.count, lastValid[number] >= 0 else {
            return nil
        }
        let last = lastValid[number]
        if NodeHeap.Entry(nodes, position: last).precedes(key, ids: nodes.ids) {
            return LiveScope.Start(after: last, isLastValid: true)
        }
        var found: Int32 = -1
        var position = firstValid[number]
        while position >= 0, NodeHeap.Entry(nodes, position: position).precedes(key, ids: nodes.ids) {
            OperationCount.add(1)
            found = position
            position = nextValid[Int(position)]
        }
        return found < 0 ? nil : LiveScope.Start(after: found, isLastValid: false)
    }

    private static func list(from first: Int32, next: [Int32]) -> [Int32] {
        var list: [Int32] = []
        var position = first
        while position >= 0 {
            list.append(position)
            position = next[Int(position)]
        }
        return list
    }

    /// Room for `nodes` nodes in all in the arrays kept a node.
    mutating func reserveCapacity(_ nodes: Int) {
        nextTaken.reserveCapacity(nodes)
        nextValid.reserveCapacity(nodes)
    }

    /// Indexes the nodes at `added`, new to the store.
    mutating func index(_ added: Range<Int>, in nodes: NodeStore) {
        for position in added {
            let task = nodes.taskNumber(at: position)
            while firstTaken.count <= task {
                firstTaken.append(-1)
                lastTaken.append(-1)
                last.append(-1)
                firstValid.append(-1)
                lastValid.append(-1)
                replayedWhole.append(false)
            }
            nextTaken.append(-1)
            nextValid.append(-1)
            if lastTaken[task] < 0 {
                firstTaken[task] = Int32(position)
            } else {
                nextTaken[Int(lastTaken[task])] = Int32(position)
            }
            lastTaken[task] = Int32(position)
            if last[task] >= 0,
                NodeHeap.Entry(nodes, position: Int32(position)).precedes(
                    NodeHeap.Entry(nodes, position: last[task]), ids: nodes.ids)
            {
                continue
            }
            last[task] = Int32(position)
        }
    }

    /// Appends valid nodes that come after every node of their task, given in total order.
    /// Returns them by task, in total order.
    mutating func appendValid(_ ordered: [Int32], in nodes: NodeStore, status: [ErrorCode?]) -> [UUIDv4: [Int32]] {
        var appended: [UUIDv4: [Int32]] = [:]
        for position in ordered where status[Int(position)] == nil {
            appendValid(position, task: nodes.taskNumber(at: Int(position)))
            appended[nodes.taskId(at: Int(position)), default: []].append(position)
        }
        return appended
    }

    private mutating func appendValid(_ position: Int32, task: Int) {
        if lastValid[task] < 0 {
            firstValid[task] = position
        } else {
            nextValid[Int(lastValid[task])] = position
        }
        lastValid[task] = position
        nextValid[Int(position)] = -1
    }

    /// Inserts valid nodes of one task, given in total order, that come after `start`, a
    /// valid node of the task: returns the task's valid nodes after `start`, in total order.
    /// Costs those nodes, not the task's.
    mutating func insertValid(_ ordered: [Int32], after start: Int32, in nodes: NodeStore) -> [Int32] {
        var held: [Int32] = []
        var position = nextValid[Int(start)]
        while position >= 0 {
            held.append(position)
            position = nextValid[Int(position)]
        }
        OperationCount.add(held.count + ordered.count)
        var merged: [Int32] = []
        merged.reserveCapacity(held.count + ordered.count)
        var next = (held: 0, new: 0)
        while next.held < held.count || next.new < ordered.count {
            if next.new == ordered.count
                || next.held < held.count
                    && NodeHeap.Entry(nodes, position: held[next.held]).precedes(
                        NodeHeap.Entry(nodes, position: ordered[next.new]), ids: nodes.ids)
            {
                merged.append(held[next.held])
                next.held += 1
            } else {
                merged.append(ordered[next.new])
                next.new += 1
            }
        }
        var previous = start
        for position in merged {
            nextValid[Int(previous)] = position
            previous = position
        }
        nextValid[Int(previous)] = -1
        lastValid[nodes.taskNumber(at: Int(start))] = previous
        return merged
    }

    /// Finds the valid nodes of `tasks` again, after the rules ran over every node.
    mutating func refindValid(_ tasks: Set<UUIDv4>, in nodes: NodeStore, status: [ErrorCode?]) {
        for task in tasks {
            var entries = positions(of: task, in: nodes).filter { status[Int($0)] == nil }.map {
                NodeHeap.Entry(nodes, position: $0)
            }
            entries.sort { $0.precedes($1, ids: nodes.ids) }
            guard let number = nodes.taskNumber(of: task), number < firstValid.count else { continue }
            firstValid[number] = -1
            lastValid[number] = -1
            for entry in entries { appendValid(entry.position, task: number) }
        }
    }

    /// Valid nodes that `insertValid` put among a task's: them, and the task's valid nodes
    /// after the node they were put after, in total order.
    struct Inserted {
        var new: [Int32]
        var suffix: [Int32]
    }

    /// Replays `tasks` and returns what each became, sorted by id. A task in `appended`
    /// (the valid nodes `appendValid` added to it since it was last replayed) has only
    /// those replayed onto its state when it can, and a task in `inserted` only the nodes
    /// after the node they were put after (`todoState(task, todo)` gives a todo as the task's
    /// valid nodes leave it); the others replay all their valid nodes.
    mutating func replay(
        _ tasks: Set<UUIDv4>, appended: [UUIDv4: [Int32]] = [:], inserted: [UUIDv4: Inserted] = [:],
        in nodes: NodeStore, decisions: [NodeID: MergeDecisions], todoState: (UUIDv4, UUIDv4) -> TodoState?
    ) -> [ChangedTask] {
        tasks.sorted().map { taskId in
            // Taken out of `states` while it changes, so that its todos are not copied.
            if let new = appended[taskId], let number = nodes.taskNumber(of: taskId), replayedWhole[number],
                !new.contains(where: { nodes.action(at: Int($0)) == .delete }),
                var task = states.removeValue(forKey: taskId)
            {
                Reconstructor.replay(new.map { nodes[Int($0)] }, onto: &task, decisions: decisions)
                states[taskId] = task
                return ChangedTask(taskId: taskId, task: task, isDeleted: false)
            }
            if let inserted = inserted[taskId], let number = nodes.taskNumber(of: taskId), replayedWhole[number],
                !inserted.new.contains(where: { [.delete, .create].contains(nodes.action(at: Int($0))) }),
                var task = states.removeValue(forKey: taskId)
            {
                Reconstructor.replay(
                    inserting: inserted.new.map { nodes[Int($0)] }, suffix: inserted.suffix.map { nodes[Int($0)] },
                    onto: &task, decisions: decisions,
                    todoState: { todoState(taskId, $0) })
                states[taskId] = task
                return ChangedTask(taskId: taskId, task: task, isDeleted: false)
            }
            guard let positions = valid(taskId, in: nodes), let number = nodes.taskNumber(of: taskId) else {
                states[taskId] = nil
                deleted.remove(taskId)
                return ChangedTask(taskId: taskId, task: nil, isDeleted: false)
            }
            replayedWhole[number] = !positions.contains { nodes.action(at: Int($0)) == .delete }
            let task = Reconstructor.reconstruct(taskId, nodes: positions.map { nodes[Int($0)] }, decisions: decisions)
            states[taskId] = task
            if task == nil { deleted.insert(taskId) } else { deleted.remove(taskId) }
            return ChangedTask(taskId: taskId, task: task, isDeleted: task == nil)
        }
    }
}

// What the tasks retain, part by part: for the test that measures it.
extension LiveTasks {
    /// Lets go of each part and calls `measure` with its name after each.
    mutating func release(measuring measure: (String) -> Void) {
        nextTaken = []
        firstTaken = []
        lastTaken = []
        measure("task positions")
        last = []
        measure("task last nodes")
        nextValid = []
        firstValid = []
        lastValid = []
        replayedWhole = []
        measure("task valid nodes")
        states = [:]
        measure("task states")
        deleted = []
        measure("deleted tasks")
    }
}
