import RedoCore
import RedoCrypto
import RedoJSON

/// The `faulty` shape: tasks that live like real ones — todos, edits, forks closed by a
/// MERGE, some ended by a DELETE — with about one node in 20 broken, each fault of a
/// kind some code names. The task goes on below a broken node as if nothing happened,
/// so its descendants are rejected for it (X_ANCESTOR_REJECTED): the log reports are
/// measured and drawn on, where root causes and what they took down must be told apart.
extension LogGenerator {
    /// One way to break a node, and the code it draws.
    enum Fault: CaseIterable {
        /// An envelope key no node has (E_SCHEMA_MISMATCH).
        case unknownKey
        /// author.userId that is not the key's prefix (E_ENCODING_VIOLATION).
        case foreignUserId
        /// A reserved name as a payload key (E_FORBIDDEN_FIELD).
        case reservedKey
        /// A DELETE whose deletedChain leaves out the CREATE (E_MISSING_DELETED_CHAIN);
        /// on other actions, an empty chain is meaningless, so a broken signature instead.
        case shortChain
        /// Content changed after the id was computed (E_HASH_MISMATCH).
        case editedContent
        /// A signature that does not verify (E_INVALID_SIGNATURE).
        case badSignature
        /// A parent no record holds (E_PARENT_NOT_FOUND).
        case missingParent
        /// A lamport that skips ahead (E_LAMPORT_VIOLATION).
        case lamportJump
        /// A second CREATE, which the rest of the task then follows (E_DUPLICATE_CREATE).
        case secondCreate
        /// A COMPLETE_TODO of a todo no CREATE_TODO made (E_INVALID_TODO_REF).
        case unknownTodo
    }

    func faulty(_ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        var random = SplitMix64(seed: "faulty \(seed)")
        for t in 0..<tasks {
            let budget = nodes / tasks + (t < nodes % tasks ? 1 : 0)
            guard budget > 0 else { continue }
            var task = FaultyTask(
                life: TaskLife(task: FixtureKeys.uuid(seed: seed, "faulty task \(t)"), index: t), budget: budget)
            task.generate(&random, &state, emit)
        }
    }
}

/// One task of the faulty shape, generated whole (memory holds one task's ids).
struct FaultyTask {
    var life: TaskLife
    /// Lines this task still writes.
    var budget: Int
    /// Every id of the task's history so far, ancestors first: what a DELETE carries.
    var history: [String] = []

    init(life: TaskLife, budget: Int) {
        self.life = life
        self.budget = budget
    }

    mutating func generate(_ random: inout SplitMix64, _ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        write(life.create(), &random, &state, emit)
        if budget > 0 { write(life.createTodo(), &random, &state, emit) }
        // One task in four ends with a DELETE of all of it; of those, one in four has a
        // node written below the DELETE (X_AFTER_DELETE).
        let deletes = life.index % 4 == 3 && budget >= 2
        let afterDelete = deletes && life.index % 16 == 15 && budget >= 3
        while budget > (deletes ? (afterDelete ? 2 : 1) : 0) {
            if budget >= 3 + (deletes ? 1 : 0) && random.below(10) < 3 {
                fork(&random, &state, emit)
            } else {
                write(life.next(&random, round: 2), &random, &state, emit)
            }
        }
        if deletes {
            // Some DELETEs list their chain newest first: a warning, not a fault. One in
            // eight has a node below it too; one in four is its task's only fault unless
            // a random fault falls on it, so that reports show tasks whose only finding is
            // the warning, as a log of a client that orders its chains wrongly does.
            let reversed = life.index % 32 == 31 || life.index % 16 == 7
            let chain = reversed ? history.reversed() : history
            write(life.delete(chain), &random, &state, emit)
        }
        if afterDelete { write(life.update(&random), &random, &state, emit) }
    }

    /// Two concurrent edits of different fields off the head, then their MERGE.
    private mutating func fork(_ random: inout SplitMix64, _ state: inout GeneratorState, _ emit: ([UInt8]) -> Void) {
        let base = life.head
        let baseLamport = life.lamport
        let left = life.draft(.update, [member("title", str("edited on device A \(life.tick)"))])
        write(left, &random, &state, emit)
        let (leftHead, leftLamport) = (life.head, life.lamport)
        life.head = base
        life.lamport = baseLamport
        let right = life.draft(.update, [member("priority", num(Double(1 + random.below(5))))])
        write(right, &random, &state, emit)
        life.lamport = max(life.lamport, leftLamport)
        let merge = life.draft(.merge, [member("base", str(base))], parents: [leftHead, life.head])
        write(merge, &random, &state, emit)
    }

    /// Writes `draft`, broken one time in 20: the broken node takes its place as the
    /// task's head, so what follows descends from it.
    private mutating func write(
        _ draft: Draft, _ random: inout SplitMix64, _ state: inout GeneratorState, _ emit: ([UInt8]) -> Void
    ) {
        budget -= 1
        guard random.below(20) == 0 else {
            state.add(draft, emit)
            history.append(draft.id)
            return
        }
        var fault = LogGenerator.Fault.allCases[random.below(LogGenerator.Fault.allCases.count)]
        let parents = draft.body["parents"]?.arrayValue ?? []
        // DELETEs are few: half of their faults break the chain, so the code is never rare.
        if draft.body["action"]?.stringValue == Action.delete.rawValue && random.below(2) == 0 { fault = .shortChain }
        if parents.isEmpty && [.missingParent, .secondCreate, .unknownTodo].contains(fault) { fault = .badSignature }
        switch fault {
        case .unknownKey: replace(draft, draft.body.setting("color", to: str("red")), &state, emit)
        case .foreignUserId:
            replace(
                draft, draft.body.setting("author.userId", to: str(String(repeating: "0", count: 32))), &state, emit)
        case .reservedKey: replace(draft, draft.body.setting("data.payload.archived", to: .bool(true)), &state, emit)
        case .shortChain where draft.body["action"]?.stringValue == Action.delete.rawValue:
            let chain = history.dropFirst().map { str($0) }
            replace(draft, draft.body.setting("data.payload.deletedChain", to: .array(chain)), &state, emit)
        case .shortChain, .badSignature:
            state.add(draft, tamper: true, emit)
            history.append(draft.id)
        case .editedContent:
            // Written under the id of what it was: children name that id.
            let edited = Draft(
                body: draft.body.setting("timestamp.wall", to: str(TaskLife.wall(life.tick * 97 + 50))),
                lamport: draft.lamport)
            state.addRaw(edited, idText: draft.id, emit)
            history.append(draft.id)
        case .missingParent:
            let stranger = str(FixtureKeys.nodeId(seed: life.task, "missing parent \(life.tick)"))
            replace(draft, draft.body.setting("parents", to: .array([stranger] + parents.dropFirst())), &state, emit)
        case .lamportJump:
            life.lamport += 5
            replace(draft, draft.body.setting("timestamp.lamport", to: num(Double(life.lamport))), &state, emit)
        case .secondCreate:
            life.head = ""
            life.lamport = 0
            let create = life.create()
            state.add(create, emit)
            history = [create.id]
        case .unknownTodo:
            let stranger = FixtureKeys.uuid(seed: life.task, "unknown todo \(life.tick)")
            let completion = draft.body.setting("action", to: str(Action.completeTodo.rawValue)).setting(
                "data.payload",
                to: .object(
                    JSONObject([
                        member("todoTaskId", str(stranger)),
                        member("completed", str(TaskLife.wall(life.tick * 97 + 1))),
                    ])))
            // A MERGE's parents become one: a COMPLETE_TODO has exactly one.
            replace(draft, completion.setting("parents", to: .array([parents[0]])), &state, emit)
        }
    }

    /// Writes `body` in place of `draft`, under its own id, as the task's new head.
    private mutating func replace(
        _ draft: Draft, _ body: JSONObject, _ state: inout GeneratorState, _ emit: ([UInt8]) -> Void
    ) {
        let broken = Draft(body: body, lamport: draft.lamport)
        state.add(broken, emit)
        if life.head == draft.id { life.head = broken.id }
        history.append(broken.id)
    }
}
