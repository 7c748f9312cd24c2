import RedoCore
import RedoCrypto
import RedoJSON

/// Generates large signed change logs, reproducibly from a seed, as JSON Lines: a benign
/// log like a real export, and the hostile shapes the scale benchmarks run.
///
/// Memory stays O(tasks): nodes are produced round-robin over tasks in batches, ids are
/// computed in order (children need their parents' ids), and the batch's signatures are
/// computed on all cores.
package struct LogGenerator {
    package enum Shape: String, CaseIterable, Sendable {
        /// Many tasks, each a linear life (todos, updates, snoozes, archives; no forks, MERGEs or
        /// DELETEs: the merge-stack, far-merge and big-delete shapes have those).
        case benign
        /// One task: a chain alternating CREATE_TODO and COMPLETE_TODO.
        case chain
        /// One task: every node a CREATE_TODO off the CREATE (concurrent branches).
        case fan
        /// One task: layers of 10 UPDATEs, each layer closed by a MERGE of all 10.
        case mergeStack = "merge-stack"
        /// One task: layers of two concurrent UPDATEs closed by a MERGE whose base is the
        /// CREATE, however far back (each MERGE's branches span the whole history).
        case farMerge = "far-merge"
        /// Tasks of a `deleteLength`-node chain ended by a DELETE carrying all of it.
        case bigDelete = "big-delete"
        /// The same node repeated.
        case repeated = "repeat"
        /// A benign log where 9 of every 10 tasks carry broken signatures on every node:
        /// 90% of the records are rejected.
        case mostlyRejected = "mostly-rejected"
        /// A chain where every node also appears with its id in uppercase, and every
        /// other node's child names that uppercase copy as its parent.
        case caseVariants = "case-variants"
        /// A chain where every other record names itself (its claimed id) as a parent.
        case selfParent = "self-parent"
        /// A chain where every other record claims an id whose first 48 hex digits are
        /// zeros, like all the others' (so it fails its hash): tables keyed by claimed
        /// ids must not pile them into one bucket.
        case sharedPrefix = "shared-prefix"
        /// Many tasks with forks, MERGEs and DELETEs, and about 5% of nodes broken in
        /// every way a code names, with their descendants below them (FaultyLog.swift).
        case faulty
    }

    package var shape: Shape
    package var nodes: Int
    package var tasks: Int
    package var seed: String
    package var jobs: Int
    package var deleteLength = 1000

    package init(shape: Shape, nodes: Int, tasks: Int, seed: String, jobs: Int = ParallelMap.availableCores) {
        self.shape = shape
        self.nodes = nodes
        self.tasks = max(1, tasks)
        self.seed = seed
        self.jobs = jobs
    }

    /// Streams the log's lines, in batches, to `emit`: exactly `nodes` of them (at least
    /// one). The shapes are built in whole layers (merge-stack, far-merge, case-variants)
    /// or from a floor of two nodes, so they may draft a few more; only the first `nodes`
    /// lines are written — a prefix, so every size the shape already filled exactly keeps
    /// its bytes. big-delete fills up with a shorter last task instead (see bigDelete).
    /// The CLI refuses sizes below `Shape.minimumNodes` (LogSize.swift).
    package func generate(_ emit: ([UInt8]) -> Void) {
        var written = 0
        let limit = max(1, nodes)
        generateDrafted { line in
            guard written < limit else { return }
            emit(line)
            written += 1
        }
    }

    private func generateDrafted(_ emit: ([UInt8]) -> Void) {
        var state = GeneratorState(seed: seed, jobs: jobs)
        switch shape {
        case .benign, .mostlyRejected: benign(&state, emit)
        case .chain: chain(&state, emit)
        case .fan: fan(&state, emit)
        case .mergeStack: mergeStack(&state, emit)
        case .farMerge: farMerge(&state, emit)
        case .bigDelete: bigDelete(&state, emit)
        case .repeated: repeated(&state, emit)
        case .caseVariants: caseVariants(&state, emit)
        case .selfParent: selfParent(&state, emit)
        case .sharedPrefix: sharedPrefix(&state, emit)
        case .faulty: faulty(&state, emit)
        }
        state.flush(emit)
    }

    private func benign(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        var lives = (0..<tasks).map { TaskLife(task: FixtureKeys.uuid(seed: seed, "bench task \($0)"), index: $0) }
        let perTask = max(2, nodes / tasks)
        var produced = 0
        var round = 0
        while produced < nodes {
            for k in lives.indices where produced < nodes && round < perTask + (k < nodes % tasks ? 1 : 0) {
                let tamper = shape == .mostlyRejected && k % 10 != 0
                state.add(lives[k].next(&state.random, round: round), tamper: tamper, emit)
                produced += 1
            }
            round += 1
        }
    }

    private func chain(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        Self.chainDrafts(nodes: max(2, nodes), seed: seed) { state.add($0, emit) }
    }

    /// The task of the chain shape for `seed`.
    static func chainTask(seed: String) -> String { FixtureKeys.uuid(seed: seed, "chain") }

    /// The chain shape's `nodes` drafts for `seed`, in order: a CREATE, then CREATE_TODO and
    /// COMPLETE_TODO in turn.
    static func chainDrafts(nodes: Int, seed: String, _ body: (Draft) -> Void) {
        var life = TaskLife(task: chainTask(seed: seed), index: 0)
        body(life.create())
        for k in 1..<nodes { body(k % 2 == 1 ? life.createTodo() : life.complete()) }
    }

    private func fan(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        var life = TaskLife(task: FixtureKeys.uuid(seed: seed, "fan"), index: 0)
        let root = life.create()
        state.add(root, emit)
        for k in 1..<max(2, nodes) {
            state.add(
                Draft(
                    action: .createTodo, task: life.task, parents: [root.id], lamport: 2, wall: TaskLife.wall(k),
                    payload: [
                        member("todoTaskId", str(FixtureKeys.uuid(seed: seed, "fan todo \(k)"))),
                        member("deadline", str("2026-01-01T00:00:00.000Z")),
                    ]), emit)
        }
    }

    private func mergeStack(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        var life = TaskLife(task: FixtureKeys.uuid(seed: seed, "merge stack"), index: 0)
        var base = life.create()
        state.add(base, emit)
        var produced = 1
        var layer = 0
        while produced < nodes {
            let width = 10
            let updates = (0..<width).map { k in
                Draft(
                    action: .update, task: life.task, parents: [base.id], lamport: base.lamport + 1,
                    wall: TaskLife.wall(layer * 11 + k + 1),
                    payload: [
                        member("title", str("layer \(layer) branch \(k)")),
                        member("priority", num(Double(1 + (k + layer) % 5))),
                    ])
            }
            for update in updates { state.add(update, emit) }
            let merge = Draft(
                action: .merge, task: life.task, parents: updates.map(\.id), lamport: base.lamport + 2,
                wall: TaskLife.wall(layer * 11 + 11),
                payload: [member("base", str(base.id))])
            state.add(merge, emit)
            base = merge
            produced += width + 1
            layer += 1
        }
    }

    private func farMerge(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        var life = TaskLife(task: FixtureKeys.uuid(seed: seed, "far merge"), index: 0)
        let root = life.create()
        state.add(root, emit)
        var head = root
        var produced = 1
        var layer = 0
        while produced < nodes {
            let sides = (0..<2).map { k in
                Draft(
                    action: .update, task: life.task, parents: [head.id], lamport: head.lamport + 1,
                    wall: TaskLife.wall(layer * 3 + k + 1),
                    payload: [member("title", str("layer \(layer) side \(k)"))])
            }
            for side in sides { state.add(side, emit) }
            let merge = Draft(
                action: .merge, task: life.task, parents: sides.map(\.id), lamport: head.lamport + 2,
                wall: TaskLife.wall(layer * 3 + 3),
                payload: [member("base", str(root.id))])
            state.add(merge, emit)
            head = merge
            produced += 3
            layer += 1
        }
    }

    /// Whole tasks of `deleteLength` nodes and their DELETE, then — when `nodes` is not a
    /// multiple of that — one shorter task with the nodes left (a lone CREATE when one is
    /// left), so the log has exactly `nodes` lines and the whole tasks keep their bytes.
    private func bigDelete(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        let wholeTasks = nodes / (deleteLength + 1)
        for t in 0..<wholeTasks { deleteTask(t, chainLength: deleteLength, &state, emit) }
        let left = nodes - wholeTasks * (deleteLength + 1)
        if left == 1 {
            var life = TaskLife(task: FixtureKeys.uuid(seed: seed, "delete \(wholeTasks)"), index: wholeTasks)
            state.add(life.create(), emit)
        } else if left > 1 {
            deleteTask(wholeTasks, chainLength: left - 1, &state, emit)
        }
    }

    private func deleteTask(_ t: Int, chainLength: Int, _ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        var life = TaskLife(task: FixtureKeys.uuid(seed: seed, "delete \(t)"), index: t)
        var chainIds: [String] = []
        let root = life.create()
        state.add(root, emit)
        chainIds.append(root.id)
        for _ in 1..<max(1, chainLength) {
            let update = life.update(&state.random)
            state.add(update, emit)
            chainIds.append(update.id)
        }
        state.add(life.delete(chainIds), emit)
    }

    private func caseVariants(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        var life = TaskLife(task: FixtureKeys.uuid(seed: seed, "case variants"), index: 0)
        var previous = life.create()
        state.add(previous, emit)
        var produced = 1
        while produced < nodes {
            // The same node under its id in uppercase: a different (malformed) id.
            state.addRaw(previous, idText: previous.id.uppercased(), emit)
            let parent = produced % 4 == 1 ? previous.id.uppercased() : previous.id
            let next = Draft(
                action: .update, task: life.task, parents: [parent], lamport: previous.lamport + 1,
                wall: TaskLife.wall(produced),
                payload: [member("priority", num(Double(1 + produced % 5)))])
            state.add(next, emit)
            life.head = next.id
            previous = next
            produced += 2
        }
    }

    private func selfParent(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        // Claims its own id as a parent: the id cannot be the hash of a body that contains
        // it, so the record fails its hash; nothing may loop on it.
        chainWithStrays("self parent", &state, emit) { task, next, previous, k in
            (
                Draft(
                    action: .update, task: task, parents: [previous.id, next.id], lamport: previous.lamport + 1,
                    wall: TaskLife.wall(k),
                    payload: [member("storyPoints", num(Double(k % 13)))]), next.id
            )
        }
    }

    private func sharedPrefix(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        chainWithStrays("shared prefix", &state, emit) { _, next, _, k in
            let suffix = String(UInt64(k), radix: 16)
            return (next, NodeID.prefix + String(repeating: "0", count: 64 - suffix.count) + suffix)
        }
    }

    /// A chain of UPDATEs in one task in which every other record is a stray:
    /// `stray(task, next, previous, k)` gives the draft written instead of `next` and the
    /// id text it claims; the chain goes on from `previous`.
    private func chainWithStrays(
        _ label: String, _ state: inout GeneratorState, _ emit: ([UInt8]) -> Void,
        stray: (_ task: String, _ next: Draft, _ previous: Draft, _ k: Int) -> (Draft, String)
    ) {
        var life = TaskLife(task: FixtureKeys.uuid(seed: seed, label), index: 0)
        var previous = life.create()
        state.add(previous, emit)
        for k in 1..<max(2, nodes) {
            let next = Draft(
                action: .update, task: life.task, parents: [previous.id], lamport: previous.lamport + 1,
                wall: TaskLife.wall(k),
                payload: [member("storyPoints", num(Double(k % 13)))])
            if k % 2 == 0 {
                let (draft, idText) = stray(life.task, next, previous, k)
                state.addRaw(draft, idText: idText, emit)
            } else {
                state.add(next, emit)
                previous = next
            }
        }
    }

    private func repeated(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        var life = TaskLife(task: FixtureKeys.uuid(seed: seed, "repeat"), index: 0)
        let root = life.create()
        for _ in 0..<max(1, nodes) { state.add(root, emit) }
    }
}

/// An unsigned node whose id is already known (computed when drafted).
struct Draft {
    let body: JSONObject
    let id: String
    let lamport: Int

    /// A draft of a body made by hand (a fixture breaking one of its fields).
    init(body: JSONObject, lamport: Int) {
        self.body = body
        id = NodeBody.id(of: body).text
        self.lamport = lamport
    }

    init(
        action: Action, task: String, parents: [String], lamport: Int, wall: String, payload: [JSONMember],
        key: Ed25519KeyPair = GeneratorState.key
    ) {
        body = NodeFactory(key: key).body(
            action, task: task, parents: parents, lamport: lamport, wall: wall, payload: payload)
        id = NodeBody.id(of: body).text
        self.lamport = lamport
    }
}

/// Batching and parallel signing for the generator.
struct GeneratorState {
    static let key = FixtureKeys.pair(seed: "bench", index: 0)
    var random: SplitMix64
    let jobs: Int
    private var batch: [(Draft, Bool, String?)] = []

    init(seed: String, jobs: Int) {
        random = SplitMix64(seed: seed)
        self.jobs = jobs
    }

    mutating func add(_ draft: Draft, tamper: Bool = false, _ emit: ([UInt8]) -> Void) {
        batch.append((draft, tamper, nil))
        if batch.count >= 8192 { flush(emit) }
    }

    /// Adds a node written under another id than its own (signature still over its body).
    mutating func addRaw(_ draft: Draft, idText: String, _ emit: ([UInt8]) -> Void) {
        batch.append((draft, false, idText))
        if batch.count >= 8192 { flush(emit) }
    }

    mutating func flush(_ emit: ([UInt8]) -> Void) {
        let lines = ParallelMap.map(
            batch.map { BatchItem(draft: $0.0.body, id: $0.2 ?? $0.0.id, tamper: $0.1) }, jobs: jobs
        ) { item -> [UInt8] in
            var signature = GeneratorState.key.sign(NodeBody.canonicalBytes(of: item.draft)).bytes
            if item.tamper { signature[0] ^= 0x01 }
            let node = JSONObject(
                [JSONMember(key: "id", value: .string(item.id))] + item.draft.members + [
                    JSONMember(key: "signature", value: .string(Hex.encode(signature)))
                ])
            return OrderedJSONWriter.bytes(.object(node)) + [0x0A]
        }
        for line in lines { emit(line) }
        batch.removeAll(keepingCapacity: true)
    }

    struct BatchItem: @unchecked Sendable {
        // @unchecked: JSONObject is a value type; the batch is read-only while signing.
        let draft: JSONObject
        let id: String
        let tamper: Bool
    }
}

/// One task's life for generated logs: its head, clock and open todo.
struct TaskLife {
    let task: String
    let index: Int
    var head: String = ""
    var lamport = 0
    var tick = 0
    var todo: String?
    var todoCount = 0
    var archived = false

    init(task: String, index: Int) {
        self.task = task
        self.index = index
    }

    static func wall(_ seconds: Int) -> String { LogBuilder.wall(secondsAfterStart: seconds) }

    mutating func draft(_ action: Action, _ payload: [JSONMember], parents: [String]? = nil) -> Draft {
        tick += 1
        let node = Draft(
            action: action, task: task, parents: parents ?? (head.isEmpty ? [] : [head]), lamport: lamport + 1,
            wall: Self.wall(tick * 97 + index % 97), payload: payload)
        head = node.id
        lamport += 1
        return node
    }

    mutating func create() -> Draft {
        draft(
            .create,
            [
                member("title", str("Task \(index) — «bench» 🌱")), member("priority", num(Double(1 + index % 5))),
                member("description", str("generated by redo-conform vectors log")),
            ])
    }

    mutating func createTodo() -> Draft {
        todoCount += 1
        let id = FixtureKeys.uuid(seed: task, "todo \(todoCount)")
        todo = id
        return draft(
            .createTodo,
            [
                member("todoTaskId", str(id)), member("deadline", str(Self.wall(86_400 * (todoCount + 2)))),
                member("notes", str("occurrence \(todoCount)")),
            ])
    }

    mutating func complete() -> Draft {
        let node = draft(
            .completeTodo, [member("todoTaskId", str(todo!)), member("completed", str(Self.wall(tick * 97 + 1)))])
        return node
    }

    mutating func update(_ random: inout SplitMix64) -> Draft {
        draft(
            .update,
            [
                member("priority", num(Double(1 + random.below(5)))),
                member("storyPoints", num(Double(random.below(13)))),
            ])
    }

    mutating func delete(_ chain: [String]) -> Draft {
        draft(.delete, [member("deletedChain", .array(chain.map { str($0) }))])
    }

    /// The benign life: CREATE, CREATE_TODO, then a mix of edits and todo turnover.
    mutating func next(_ random: inout SplitMix64, round: Int) -> Draft {
        if round == 0 { return create() }
        if round == 1 { return createTodo() }
        switch random.below(10) {
        case 0, 1: return update(&random)
        case 2:
            return draft(
                .snooze, [member("todoTaskId", str(todo!)), member("daysToExtend", num(Double(1 + random.below(3))))])
        case 3:
            archived.toggle()
            return draft(archived ? .archive : .unarchive, [])
        default:
            // Complete the open todo, or open the next one.
            if todoCount % 2 == 1 && todo != nil && random.below(2) == 0 {
                let node = complete()
                todoCount += 1  // next turn creates a fresh todo
                return node
            }
            return createTodo()
        }
    }
}
