import RedoCrypto
import RedoJSON

/// A log an app keeps open: it takes in records batch by batch as they sync, and after
/// each batch holds every record's verdict and every task's state.
///
/// After any sequence of batches, ``verdicts`` are the verdicts ``LogValidator`` gives on
/// all the records, in the order they were taken in (which copy of a node is the duplicate
/// depends on that order; nothing else does), and ``reconstruction`` is
/// ``Reconstructor/reconstruct(_:)`` of that verdict, to the byte of its
/// ``StateRendering`` — whatever the order of the records and however they were split.
///
/// A batch of new nodes on the heads the log holds (the usual sync) costs its own nodes and
/// the todos they write: the nodes and the other todos of the tasks it touches are neither
/// judged nor replayed again. A batch that can change an earlier verdict (a parent some node
/// waits for, a CREATE of a task that has one, a record that fails node-level checks, nodes
/// older than what their task holds) runs the log rules again over the tasks it can change,
/// and no others: its own, those with a node that waited for one of its ids, and those below
/// them through a parent in another task. Within a task, only the nodes after the last valid
/// node that comes before all the batch brings or releases there are judged again. When
/// that is the task's last valid node (a parent that arrives after the newer nodes below
/// it), those are the task's nodes that are not valid, and the ones that become valid are
/// replayed onto its state; otherwise (a node from a device that was offline, older than the
/// task's newest nodes) the valid nodes after it are judged too, and the task is replayed
/// from there. Either costs the nodes after that point, and a pass or two over the task's
/// lists of nodes and todo writes. A CREATE, a task with no valid node before the batch's, a
/// node that stops being valid, a DELETE among the nodes replayed, or a task below a judged
/// node through a parent in another task: the task's nodes are judged or replayed again.
/// The rules run again over every node (about what ``LogValidator`` costs on the nodes
/// alone, without reading or verifying a record again) only when the log's lamports stop
/// being consistent (a node no later than its parent in the total order, which no valid log
/// has), or when the nodes judged again since the last such run outnumber the log's nodes:
/// that run drops what they left behind.
///
/// A value: copying it is cheap, and a copy is a snapshot that later batches leave as it
/// is. ``LiveLogActor`` holds one for an app's threads.
public struct LiveLog: Sendable {
    /// How much the log takes in.
    public let limits: LiveLogLimits
    /// What each record is checked against.
    public let validator: NodeValidator
    /// The log rules' state, kept open: the records' verdicts, the nodes, and what the
    /// rules know about each.
    private var pass = LogPass([])
    /// Each record's verdict from its node-level checks: where the rules start over.
    private var nodeLevel = NodeLevelVerdicts()
    /// Whether the rules visit nodes in total order (a log whose lamports are consistent).
    private var orderIsTotal = true
    /// Parents and MERGE bases some record names and no node holds.
    private var awaited = Set<NodeID>()
    private var tasks = LiveTasks()
    private var dependents = LiveDependents()
    /// Ancestry and history positions left unused by nodes judged again; once they
    /// outnumber the nodes, the rules run again over every node, which drops them.
    private var staleRegistrations = 0
    private var byteCount = 0
    /// How many batches ran the log rules again over every node (the others were judged
    /// on their own): for tests and benchmarks.
    package private(set) var rulesRunAgain = 0
    /// How many nodes the rules judged again in batches that changed earlier verdicts
    /// without running over every node: for tests and benchmarks.
    package private(set) var scopedNodes = 0

    /// An empty log that checks records with `validator` and holds at most `limits`.
    public init(validator: NodeValidator = NodeValidator(), limits: LiveLogLimits = LiveLogLimits()) {
        self.validator = validator
        self.limits = limits
        // Every task's history is kept: a later batch may bring any task its first MERGE.
        pass.historyOfEveryTask = true
        pass.history.followsTotalOrderAcrossTasks = false
    }

    /// The verdict on every record taken in, in the order taken in.
    public var verdicts: [RecordVerdict] { pass.verdicts }

    /// Every node that passed node-level checks, one per id, in the order first taken in.
    public var nodes: NodeStore { pass.nodes }

    /// The state of each task with a surviving node, by task id.
    public var taskStates: [UUIDv4: ReconstructedTask] { tasks.states }

    /// The tasks whose every valid node is deleted.
    public var deletedTasks: Set<UUIDv4> { tasks.deleted }

    /// The whole state, as ``Reconstructor/reconstruct(_:)`` gives it for ``verdicts``.
    /// Sorts every task and rejected id: for a rendering, not for each frame.
    public var reconstruction: Reconstruction {
        Reconstruction(
            tasks: tasks.states.values.sorted { $0.taskId < $1.taskId }, deleted: tasks.deleted.sorted(),
            rejected: pass.rejectedIds())
    }

    /// Makes room for `records` records in all (at most ``limits``' records; a negative
    /// count reserves nothing), and as many nodes, so that no ingest grows the log's
    /// storage until it holds that many.
    ///
    /// The log keeps each node in arrays that double when full, and the batch that fills
    /// them copies all they hold: on a 60,000-node account, the 100-node batch that takes
    /// the log past 65,536 nodes took 15 ms where the others take 4 (docs/benchmarks.md).
    /// An app that reserves room after its initial load, or when it is idle, keeps that
    /// copy out of the frames in which it takes in sync batches. Room costs its memory,
    /// about 225 bytes a record, whether or not it is used.
    public mutating func reserveCapacity(records: Int) {
        let records = max(0, min(records, limits.records))
        pass.reserveLiveCapacity(records: records)
        tasks.reserveCapacity(records)
    }

    /// Takes in a batch of records (each one JSON document, as synced): checks each on its
    /// own (on every core; a signature `verified` holds is not verified again, and every
    /// signature that holds is added to it), then judges them with the records already
    /// held. Returns the batch's verdicts, the earlier records whose verdict it changed and
    /// the tasks whose state it changed, with their new state.
    ///
    /// Throws only when the batch would take the log past ``limits``; the log is then
    /// unchanged. A record that is not JSON, a duplicate, a bad signature: each gets its
    /// verdict like any other record.
    public mutating func ingest(
        _ records: [[UInt8]], verified: (any VerifiedSignatures)? = nil
    ) throws(LiveLogLimitExceeded) -> LiveLogUpdate {
        let bytes = records.reduce(0) { $0 + $1.count }
        if pass.verdicts.count + records.count > limits.records {
            throw LiveLogLimitExceeded(
                limit: .records, allowed: limits.records, requested: pass.verdicts.count + records.count)
        }
        if byteCount + bytes > limits.bytes {
            throw LiveLogLimitExceeded(limit: .bytes, allowed: limits.bytes, requested: byteCount + bytes)
        }
        byteCount += bytes
        let firstRecord = pass.verdicts.count
        let firstNode = pass.nodes.count
        let firstFailed = pass.failedRecords.count
        // The history shares the nodes: let go of them while the batch's are added, so that
        // the columns grow in place instead of being copied.
        pass.history.releaseNodes()
        var failingIds: [NodeID] = []
        LiveRecordChecks.check(records, with: validator, verified: verified) { checks in
            failingIds += checks.compactMap { $0.passed ? nil : $0.claimedNodeId }
            pass.add(checks)
        }
        pass.nodes.resolveLaterParents()
        nodeLevel.add(pass.verdicts[firstRecord...])
        let added = firstNode..<pass.nodes.count
        let recordRange = firstRecord..<pass.verdicts.count
        let released = dependents.add(added, in: pass.nodes)
        let continues = pass.canContinue(
            with: added, records: recordRange, orderIsTotal: orderIsTotal, awaited: awaited, lastOfTask: tasks.last)
        tasks.index(added, in: pass.nodes)

        var changedVerdicts: [ChangedVerdict] = []
        var changedTasks: Set<UUIDv4>
        var appended: [UUIDv4: [Int32]] = [:]
        var inserted: [UUIDv4: LiveTasks.Inserted] = [:]
        if continues {
            let visited = pass.continueRules(with: added)
            awaited.formUnion(pass.awaitedIds(among: added))
            appended = tasks.appendValid(visited, in: pass.nodes, status: pass.primary)
            changedTasks = Set(appended.keys)
        } else if orderIsTotal, staleRegistrations <= pass.nodes.count,
            pass.followParents(added.lazy.map(Int32.init)), pass.followParents(released)
        {
            var scope = LiveScope(
                seeds: added.lazy.map(Int32.init) + released + failingIds.flatMap(dependents.waiters), in: pass,
                tasks: tasks)
            let positions = scope.positions(in: pass, added: added, tasks: tasks, dependents: dependents)
            scopedNodes += positions.count
            let run = pass.applyRules(
                over: positions, added: added, failingIds: failingIds, firstFailed: firstFailed,
                firstRecord: firstRecord, nodeLevel: nodeLevel, historyKept: scope.historyKept)
            staleRegistrations += run.staleRegistrations
            for position in added { awaited.remove(pass.nodes.id(at: position)) }
            awaited.formUnion(pass.awaitedIds(among: added))
            awaited.formUnion(pass.awaitedIds(amongFailed: firstFailed..<pass.failedRecords.count))
            changedVerdicts = run.changedVerdicts
            // A task judged after its last valid node gains valid nodes after all it held,
            // and loses none. One judged after an earlier valid node has its new valid nodes
            // put among those after it, when it loses none; else its valid nodes are found
            // again.
            var partial: [Int32] = []
            var gained: [UUIDv4: [Int32]] = [:]
            var refound = Set<UUIDv4>()
            for position in run.validityChanged {
                let task = pass.nodes.taskId(at: Int(position))
                switch scope.start(of: task) {
                case let start? where start.isLastValid: partial.append(position)
                case .some where pass.primary[Int(position)] == nil: gained[task, default: []].append(position)
                default: refound.insert(task)
                }
            }
            appended = tasks.appendValid(partial, in: pass.nodes, status: pass.primary)
            for (task, new) in gained where !refound.contains(task) {
                let suffix = tasks.insertValid(new, after: scope.start(of: task)!.after, in: pass.nodes)
                inserted[task] = LiveTasks.Inserted(new: new, suffix: suffix)
            }
            tasks.refindValid(refound, in: pass.nodes, status: pass.primary)
            changedTasks = refound.union(appended.keys).union(inserted.keys)
        } else {
            rulesRunAgain += 1
            staleRegistrations = 0
            let before = pass.verdicts
            let statusBefore = pass.primary
            orderIsTotal = pass.applyRulesAgain(nodeLevel: nodeLevel)
            awaited = pass.awaitedIds()
            for record in 0..<firstRecord where pass.verdicts[record] != before[record] {
                changedVerdicts.append(ChangedVerdict(record: record, verdict: pass.verdicts[record]))
            }
            changedTasks = Set(
                added.filter { pass.primary[$0] == nil }.map { pass.nodes.taskId(at: $0) })
            for position in 0..<firstNode where (pass.primary[position] == nil) != (statusBefore[position] == nil) {
                changedTasks.insert(pass.nodes.taskId(at: position))
            }
            tasks.refindValid(changedTasks, in: pass.nodes, status: pass.primary)
        }
        return LiveLogUpdate(
            firstRecord: firstRecord, verdicts: Array(pass.verdicts[recordRange]), changedVerdicts: changedVerdicts,
            changedTasks: tasks.replay(
                changedTasks, appended: appended, inserted: inserted, in: pass.nodes, decisions: pass.mergeDecisions,
                todoState: { [history = pass.history] in history.todoState(of: $0, todo: $1) }))
    }
}

// What the log retains, part by part: for the test that measures it.
extension LiveLog {
    /// Lets go of the log's parts one at a time, each after those that share storage with
    /// it, and calls `measure` with the part's name after each: the caller reads the
    /// allocator's count of bytes in use between calls.
    package consuming func release(measuring measure: (String) -> Void) {
        pass.release(measuring: measure)
        nodeLevel = NodeLevelVerdicts()
        measure("node-level verdicts")
        tasks.release(measuring: measure)
        dependents = LiveDependents()
        measure("dependents")
        awaited = []
        measure("awaited ids")
    }
}
