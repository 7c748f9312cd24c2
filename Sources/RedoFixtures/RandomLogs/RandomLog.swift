import RedoCore
import RedoCrypto
import RedoJSON

/// A small signed log drawn from a seed, for the invariant checks and the peers: one to
/// three tasks whose histories fork and join, with MERGEs of every policy and resolution
/// strategy, DELETEs, todos, SNOOZEs, two authors, duplicate and tampered records, and
/// faults of every code. The same seed gives the same bytes on every platform.
///
/// Every record names its task in a readable `taskId`, and nothing names a record of
/// another task except on purpose (a parent in another task): a log cut down to one task
/// keeps that task's verdicts.
package struct RandomLog: Sendable {
    package let seed: UInt64
    /// The records, one JSON text each (no newline), in the order drawn.
    package let records: [[UInt8]]
    /// The tasks the records belong to.
    package let tasks: [String]

    package init(seed: UInt64, records: [[UInt8]], tasks: [String]) {
        self.seed = seed
        self.records = records
        self.tasks = tasks
    }

    /// The authors' keys: `sign` them again with a nonce for a valid re-signed copy.
    package static let keys = [
        FixtureKeys.pair(seed: "random logs", index: 0), FixtureKeys.pair(seed: "random logs", index: 1),
    ]

    /// The log of a seed.
    package init(seed: UInt64) {
        var drawing = RandomLogDrawing(seed: seed)
        drawing.draw()
        self.init(seed: seed, records: drawing.records, tasks: drawing.tasks)
    }

    /// The key that signs for `publicKey` (hex), when it is one of `keys`.
    package static func key(for publicKey: String) -> Ed25519KeyPair? {
        keys.first { $0.publicKey.hex == publicKey }
    }
}

/// One drawing of a random log: the nodes so far, per task, and the faults injected.
struct RandomLogDrawing {
    struct Entry {
        let node: JSONObject
        let id: String
        let lamport: Int
        let task: Int
        /// This entry and all its ancestors, by index in `entries`.
        let history: Set<Int>
        /// Todos created on its history.
        let todos: [String]
    }

    var random: SplitMix64
    let seed: UInt64
    var entries: [Entry] = []
    var records: [[UInt8]] = []
    var tasks: [String] = []
    var tick = 0

    init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
    }

    mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[random.below(items.count)] }

    mutating func draw() {
        let taskCount = 1 + random.below(3)
        tasks = (0..<taskCount).map { FixtureKeys.uuid(seed: "random log \(seed)", "task \($0)") }
        for task in 0..<taskCount { add(.create, task: task, parents: [], payload: createPayload()) }
        for _ in 0..<(3 + random.below(22)) { step() }
        // Duplicate records: the same bytes again.
        for _ in 0..<random.below(3) where !records.isEmpty { records.append(pick(records)) }
        // Node-level faults of every kind, in records of their own.
        if chance(30) { records.append(pick(RandomLogFaults.nodeLevel)) }
    }

    mutating func createPayload() -> [JSONMember] {
        var payload = [member("title", str("Task \(random.below(100))"))]
        if chance(50) { payload.append(member("priority", num(Double(1 + random.below(5))))) }
        if chance(30) { payload.append(member("description", str("about \(random.below(10))"))) }
        return payload
    }

    /// One more node: an action on some node of some task, sometimes with a fault.
    mutating func step() {
        let task = random.below(tasks.count)
        let ofTask = entries.indices.filter { entries[$0].task == task }
        // Mostly the latest nodes (histories grow), sometimes older ones (forks).
        let parent = chance(60) ? ofTask[max(0, ofTask.count - 1 - random.below(3))] : pick(ofTask)
        let todos = entries[parent].todos
        switch random.below(14) {
        case 0, 1: add(.update, task: task, parents: [parent], payload: fieldChanges())
        case 2: add(.archive, task: task, parents: [parent], payload: [])
        case 3: add(.unarchive, task: task, parents: [parent], payload: [])
        case 4, 5:
            let todo = FixtureKeys.uuid(seed: "random log \(seed)", "todo \(entries.count)")
            add(
                .createTodo, task: task, parents: [parent],
                payload: [
                    member("todoTaskId", str(todo)), member("deadline", str(wall(86_400 * (1 + random.below(9))))),
                ])
        case 6, 7:
            // A todo of the history, or now and then one of another branch (E_INVALID_TODO_REF).
            let all = entries.filter { $0.task == task }.flatMap(\.todos)
            guard let todo = todos.isEmpty || chance(10) ? all.first : pick(todos) else { return }
            add(
                .completeTodo, task: task, parents: [parent],
                payload: [member("todoTaskId", str(todo)), member("completed", str(wall(tick + 60)))])
        case 8:
            guard !todos.isEmpty else { return }
            let change =
                chance(50)
                ? member("daysToExtend", num(Double(1 + random.below(5))))
                : member("newDeadline", str(wall(86_400 * (2 + random.below(9)))))
            add(.snooze, task: task, parents: [parent], payload: [member("todoTaskId", str(pick(todos))), change])
        case 9, 10, 11: merge(task: task, ofTask: ofTask)
        case 12: delete(task: task, parent: parent)
        default:
            // A second CREATE (E_DUPLICATE_CREATE for the later one).
            add(.create, task: task, parents: [], payload: createPayload())
        }
    }

    mutating func fieldChanges() -> [JSONMember] {
        var payload: [JSONMember] = []
        if chance(50) { payload.append(member("title", str("Title \(random.below(6))"))) }
        if chance(50) { payload.append(member("priority", num(Double(1 + random.below(5))))) }
        if chance(30) { payload.append(member("storyPoints", num(Double(random.below(13))))) }
        if chance(20) { payload.append(member("frequencyDays", num(Double(1 + random.below(30))))) }
        if chance(20) { payload.append(member("privacy", .bool(chance(50)))) }
        if payload.isEmpty { payload.append(member("description", str("edit \(random.below(10))"))) }
        return payload
    }

    /// A MERGE of 2–3 nodes of the task over a base they share (or, now and then, one
    /// they do not), with a random policy and resolutions.
    mutating func merge(task: Int, ofTask: [Int]) {
        guard ofTask.count >= 2 else { return }
        var parents: [Int] = []
        for _ in 0..<(2 + (chance(20) ? 1 : 0)) {
            let candidate = pick(ofTask)
            if !parents.contains(candidate) { parents.append(candidate) }
        }
        guard parents.count >= 2 else { return }
        let shared = parents.map { entries[$0].history }.reduce(Set(ofTask)) { $0.intersection($1) }
        let base = shared.isEmpty || chance(5) ? pick(ofTask) : pick(shared.sorted())
        let ids = parents.map { entries[$0].id }
        var payload = [member("base", str(entries[base].id))]
        if chance(70) {
            let strategies = ["lww", "max", "min", "manual", "ours", "theirs", "union"]
            let tiebreakers = ["lamport", "wall", "author"]
            payload.append(
                MergeResolutions.policy(
                    defaultStrategy: chance(80) ? pick(strategies) : nil,
                    lwwTiebreakers: chance(40)
                        ? tiebreakers.shuffled(using: &random).prefix(1 + random.below(3)).map { $0 } : nil,
                    arrayStrategy: chance(20) ? pick(["union", "lww"]) : nil))
        }
        if chance(60) {
            var resolutions: [JSONValue] = []
            for field in ["title", "priority", "storyPoints", "privacy"] where chance(35) {
                let numeric = field == "priority" || field == "storyPoints"
                switch random.below(6) {
                case 0:
                    resolutions.append(MergeResolutions.field(field, "ours", [member("chosenParent", str(pick(ids)))]))
                case 1:
                    resolutions.append(MergeResolutions.field(field, "theirs", [member("chosenParent", str(ids[0]))]))
                case 2:
                    let value: JSONValue =
                        field == "title"
                        ? str("Merged") : field == "privacy" ? .bool(true) : num(Double(1 + random.below(5)))
                    resolutions.append(MergeResolutions.field(field, "manual", [member("value", value)]))
                case 3: resolutions.append(MergeResolutions.field(field, "lww"))
                default: resolutions.append(MergeResolutions.field(field, numeric ? pick(["max", "min"]) : "lww"))
                }
            }
            if !resolutions.isEmpty {
                payload.append(member("resolutions", MergeResolutions.object(task: resolutions)))
            }
        }
        add(.merge, task: task, parents: parents, payload: payload)
    }

    /// A DELETE of the parent's history: its chain root first, or now and then in another
    /// order (a warning), or missing an ancestor (rejected).
    mutating func delete(task: Int, parent: Int) {
        var chain = entries[parent].history.sorted().map { entries[$0].id }
        if chance(15) { chain.shuffle(using: &random) }
        if chance(10), chain.count > 1 { chain.remove(at: random.below(chain.count)) }
        add(.delete, task: task, parents: [parent], payload: [member("deletedChain", .array(chain.map { str($0) }))])
    }

    func wall(_ seconds: Int) -> String { LogBuilder.wall(secondsAfterStart: seconds) }

    /// Seals and records a node, injecting a log-level or node-level fault now and then.
    mutating func add(_ action: Action, task: Int, parents: [Int], payload: [JSONMember]) {
        tick += 1 + random.below(90)
        var parentIds = parents.map { entries[$0].id }
        var lamport = (parents.map { entries[$0].lamport }.max() ?? 0) + 1
        switch random.below(40) {
        case 0: lamport += 1  // E_LAMPORT_VIOLATION
        case 1: parentIds.append(FixtureKeys.nodeId(seed: "random log \(seed)", "missing \(entries.count)"))
        case 2:
            // A parent in another task (E_PARENT_NOT_FOUND, rule parent.task).
            if let other = entries.indices.last(where: { entries[$0].task != task }), !parents.isEmpty {
                parentIds.append(entries[other].id)
            }
        default: break
        }
        let key = RandomLog.keys[random.below(2)]
        var node = NodeFactory(key: key, deviceId: chance(50) ? "phone" : "laptop").node(
            action, task: tasks[task], parents: parentIds, lamport: lamport, wall: wall(tick), payload: payload)
        switch random.below(30) {
        case 0: node = node.setting("data.payload.priority", to: num(9))  // E_SCHEMA_MISMATCH (and the hash)
        case 1:
            // E_HASH_MISMATCH: a field changed after sealing.
            node = node.setting("timestamp.wall", to: str(wall(tick + 1)))
        case 2:
            // E_INVALID_SIGNATURE: signed by the other author.
            node = node.signed(by: RandomLog.keys[0].publicKey.hex == key.publicKey.hex ? RandomLog.keys[1] : key)
        default: break
        }
        let history = parents.reduce(into: Set([entries.count])) { $0.formUnion(entries[$1].history) }
        var todos = parents.flatMap { entries[$0].todos }
        if action == .createTodo, let todo = payload.first(where: { $0.key == "todoTaskId" })?.value.stringValue {
            todos.append(todo)
        }
        entries.append(
            Entry(node: node, id: node.idText, lamport: lamport, task: task, history: history, todos: todos))
        records.append(OrderedJSONWriter.bytes(.object(node)))
    }
}

/// Node-level faults from the node vectors: a record of each code that node-level checks
/// find (schema, encoding, forbidden field, missing deletedChain, hash, signature), each
/// its own task, so no other record depends on it.
enum RandomLogFaults {
    static let nodeLevel: [[UInt8]] = {
        var chosen: [String: [UInt8]] = [:]
        for vector in NodeCases(seed: "random log faults").all
        where vector.profile == .synced && vector.maxRecordBytes == nil && vector.expected.code != nil {
            let code = vector.expected.code!
            if chosen[code] == nil { chosen[code] = vector.bytes }
        }
        return chosen.keys.sorted().map { chosen[$0]! }
    }()
}
