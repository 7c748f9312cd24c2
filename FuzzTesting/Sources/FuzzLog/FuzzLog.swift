// libFuzzer target `log`: structure-aware. The input is a program: an op byte (low nibble:
// the operation, high nibble: modifiers) followed by the operation's own bytes; each step
// builds one REDO node of a small DAG over two tasks (CREATE, UPDATE, todos, SNOOZE,
// ARCHIVE, DELETE with exact or broken chains, MERGEs of 2-10 parents with policies and
// resolutions, missing and cross-task parents), or tampers with, duplicates or reorders
// records. Nodes are signed with fixed keys (FuzzSupport's SignedNodeBuilder, on the public
// NodeBody.seal); at most 24 nodes and 40 records. The records then go through
// NodeValidator, LogValidator, Reconstructor and StateRendering. REDO_FUZZ_DUMP=1 prints
// the records of an input (one JSON string per line), to turn an input into a test.
//
// Invariants:
//  - nothing crashes;
//  - the verdict does not depend on record order: a shuffled copy (permutation seeded
//    from the input) and the reversed copy give the same status per node id, the same
//    findings per node, the same multiset of (status, code) per claimed id, the same
//    `rejected` list and byte-identical reconstructed state; dropping exact duplicate
//    records changes none of these either;
//  - the same records split into batches (sizes from the PRNG, some empty) give exactly
//    the same verdict (per record, per node, order, rejected, MERGE decisions, and so the
//    same state) through LogValidator.validate(batches:) and LogValidator.Incremental as
//    through validate(_:);
//  - the reconstructed state is canonical JSON (a fixed point of both canonical paths)
//    and I-JSON, and StateRendering's direct writer gives the canonical form of
//    StateRendering.json;
//  - valid nodes come in strict total order (lamport, wall, id), and every parent of a
//    valid node is a valid node of the same task;
//  - a record that fails node-level checks is rejected; counts add up.
import FuzzSupport
import RedoCore
import RedoCrypto
import RedoJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: Fixed material

private let dumpRecords = dumpRequested

nonisolated(unsafe) private let factories = [
    SignedNodeBuilder(key: FuzzKeys.pair(seed: "fuzz", index: 0), deviceId: "device-a"),
    SignedNodeBuilder(key: FuzzKeys.pair(seed: "fuzz", index: 1), deviceId: "device-b"),
]
private let taskIds = [FuzzKeys.uuid(seed: "fuzz", "task 0"), FuzzKeys.uuid(seed: "fuzz", "task 1")]
private let todoIds = (0..<4).map { FuzzKeys.uuid(seed: "fuzz", "todo \($0)") }
private let titles = ["Task", "Write report", "", "Ünïcödé 🚀", "tab\tand \"quote\"", "K", "\u{212A}"]
private let strategies = MergeStrategy.allCases.map(\.rawValue)
private let taskPaths = TaskField.allCases.map(\.rawValue) + ["bogus"]
private let todoPaths = TodoField.allCases.map(\.rawValue) + ["title"]
private let validator = NodeValidator(profile: .synced)
private let startSeconds: Int64 = 1_761_469_200

// MARK: Work kept across executions
//
// libFuzzer's mutations keep most of a program, so most nodes and records of an input were
// built and checked by an earlier execution. Pure functions are kept by their input; each
// runs, through the same calls, the first time its input is seen:
//  - a node: its body from SignedNodeBuilder.body, sealed with NodeBody.seal (Ed25519
//    signatures are deterministic), and its record bytes;
//  - a tampered record's signature by the other key;
//  - a record's node-level check (parse, canonical body, SHA-256), through
//    NodeValidator.check(bytes:deferringSignature:); its Ed25519 verification runs unless
//    the (key, signature, id) triple is known to hold: sealed here, or verified here
//    before. Signatures that should fail (by the other key, over changed content) are
//    never among those, so they are always verified;
//  - that a reconstructed state is canonical and I-JSON, as rendered both ways (checkCanonical);
//  - a record list's reference verdict and its order-independent checks (the reversed
//    order, the copy without duplicates): only the shuffled order and the batch sizes,
//    seeded from the input itself, are new when a mutation gives an earlier list.
// Without them, Ed25519 signing and verification alone were about 40% of an execution.
// REDO_FUZZ_CACHE=0 turns the caches off (e.g. to measure what an execution costs alone).

private let cachesOn = getenv("REDO_FUZZ_CACHE").map { String(cString: $0) != "0" } ?? true

/// Bytes as a dictionary key, hashed once when made: a key is looked up in two cache
/// generations and stored, and a record's key serves its check and the duplicate test.
private struct Bytes: Hashable {
    let bytes: [UInt8]
    let digest: Int
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A word at a time with a multiply-xorshift mix, several times cheaper than SipHash
        // on records of a few hundred bytes; a collision costs only a memcmp, and the
        // dictionary still hashes `digest` with its per-process seed.
        digest = bytes.withUnsafeBytes { raw in
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var k = 0
            while k + 8 <= raw.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                h ^= h >> 29
                k += 8
            }
            while k < raw.count {
                h = (h ^ UInt64(raw[k])) &* 0x100_0000_01B3
                k += 1
            }
            return Int(truncatingIfNeeded: h ^ (h >> 32))
        }
    }
    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    static func == (a: Bytes, b: Bytes) -> Bool { a.digest == b.digest && sameBytes(a.bytes, b.bytes) }
}

/// `a == b` through memcmp: Array's `==` compares byte by byte, and cache keys (records) and
/// reconstructed states (kilobytes) are compared several times an execution.
private func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}

/// Values by key in two generations: when the young one is full, it becomes the old one
/// (the previous old one is dropped), and a value found in the old one moves back to the
/// young one. Entries in use stay; memory stays under two generations' worth.
private struct Cache<Key: Hashable, Value> {
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]
    /// Entries per generation (a record is some 400 bytes, its check or node under 4 KB).
    private let limit: Int

    init(limit: Int = 30_000) { self.limit = limit }

    mutating func value(for key: Key) -> Value? {
        if let value = young[key] { return value }
        guard let value = old.removeValue(forKey: key) else { return nil }
        store(value, for: key)
        return value
    }

    mutating func store(_ value: Value, for key: Key) {
        if young.count >= limit {
            old = young
            young = [:]
        }
        young[key] = value
    }

    mutating func value(for key: Key, _ make: () -> Value) -> Value {
        if let value = value(for: key) { return value }
        let value = make()
        store(value, for: key)
        return value
    }
}

/// A signature as the cache of the product's `--cache` keys it: the key, the signature and
/// the id (the SHA-256 of the canonical body the signature covers).
private struct SignedTriple: Hashable {
    let key: Ed25519PublicKey
    let signature: Ed25519Signature
    let id: NodeID
}

nonisolated(unsafe) private var nodeCache = Cache<Bytes, (object: JSONObject, record: [UInt8])>()
nonisolated(unsafe) private var signatureCache = Cache<Bytes, String>()
nonisolated(unsafe) private var checkCache = Cache<Bytes, NodeCheck>()
/// Reconstructed states found canonical and I-JSON (`checkCanonical`).
nonisolated(unsafe) private var canonicalStates = Cache<Bytes, Void>()
/// Triples known to hold: each made by NodeBody.seal in this process (libsodium signed it),
/// or verified by libsodium here. Checking such a signature again would test libsodium, not
/// REDO; every other signature (a tampered record's, one by the other key) is verified.
nonisolated(unsafe) private var signaturesThatHold = Cache<SignedTriple, Void>()

/// A record list, hashed once: the key of what the order-independent checks found on it.
private struct RecordList: Hashable {
    let records: [Bytes]
    let digest: Int
    init(_ records: [Bytes]) {
        self.records = records
        var hasher = Hasher()
        hasher.combine(records.count)
        for record in records { hasher.combine(record.digest) }
        digest = hasher.finalize()
    }
    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    static func == (a: RecordList, b: RecordList) -> Bool { a.digest == b.digest && a.records == b.records }
}

/// Record lists whose reference verdict, reversed order and duplicate-free copy have been
/// checked, with the reference verdict and its summary. About one mutation in six gives
/// the record list of an earlier execution (a byte past the program's end, a choice that
/// lands on the same value): only the parts seeded from the input itself (the shuffled order,
/// the batch sizes) are new for them. Entries are tens of kilobytes, hence the smaller limit.
nonisolated(unsafe) private var checkedLists = Cache<RecordList, (reference: Summary, verdict: LogVerdict)>(
    limit: 2_000)

/// The node `factory` builds from these ingredients (SignedNodeBuilder.body), sealed, and its
/// record as the client writes it.
private func node(
    by factory: Int, _ action: Action, task: String, parents: [String], lamport: Int, wall: String,
    payload: [JSONMember]
) -> (object: JSONObject, record: [UInt8]) {
    let make = {
        let builder = factories[factory]
        let body = builder.body(action, task: task, parents: parents, lamport: lamport, wall: wall, payload: payload)
        let (id, signature) = NodeBody.seal(body, with: builder.key)
        if cachesOn {
            signaturesThatHold.store((), for: SignedTriple(key: builder.key.publicKey, signature: signature, id: id))
        }
        let object = SignedNodeBuilder.node(body, id: id.text, signature: signature.hex)
        return (object, OrderedJSON.bytes(.object(object)))
    }
    guard cachesOn else { return make() }
    // The ingredients, unambiguously: the key of the body they make.
    var key = IngredientKey()
    key.append(factory)
    key.append(action.rawValue)
    key.append(task)
    key.append(parents.count)
    for parent in parents { key.append(parent) }
    key.append(lamport)
    key.append(wall)
    key.append(.object(JSONObject(payload)))
    return nodeCache.value(for: Bytes(key.bytes), make)
}

/// A node's ingredients as bytes no other ingredients give: each string's UTF-8 bytes
/// after their count (bytes, not `String`: "K" and KELVIN SIGN are different titles), each
/// value after a tag. Cheaper than writing them as JSON, which escapes every string.
private struct IngredientKey {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(512) }

    mutating func append(_ number: Int) { withUnsafeBytes(of: Int64(number).littleEndian) { bytes += $0 } }

    mutating func append(_ text: String) {
        append(text.utf8.count)
        bytes += text.utf8
    }

    /// Payloads are a few levels deep; the recursion follows the harness's own values.
    mutating func append(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(0)
        case .bool(let flag): bytes.append(flag ? 1 : 2)
        case .number(let number):
            bytes.append(3)
            withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes += $0 }
        case .string(let text):
            bytes.append(4)
            append(text)
        case .array(let elements):
            bytes.append(5)
            append(elements.count)
            for element in elements { append(element) }
        case .object(let object):
            bytes.append(6)
            append(object.members.count)
            for member in object.members {
                append(member.key)
                append(member.value)
            }
        }
    }
}

/// The signature of `node`'s body by `factory`'s key.
private func signature(of node: JSONObject, by factory: SignedNodeBuilder) -> String {
    let body = NodeBody.canonicalBytes(of: node)
    guard cachesOn else { return factory.key.sign(body).hex }
    return signatureCache.value(for: Bytes(body)) { factory.key.sign(body).hex }
}

/// `validator.check(bytes: record)`: with the caches on, through the deferred-signature API
/// an app would use with a cache of its own, verifying only signatures not known to hold.
private func nodeCheck(_ key: Bytes) -> NodeCheck {
    let record = key.bytes
    guard cachesOn else { return validator.check(bytes: record) }
    return checkCache.value(for: key) {
        let (check, deferred) = record.withUnsafeBufferPointer { validator.check(bytes: $0, deferringSignature: true) }
        guard let deferred else { return check }
        guard let id = check.node?.id else {
            invariant(false, "a record with a deferred signature has no node")
            return check.completed(signatureHolds: deferred.holds())
        }
        let triple = SignedTriple(key: deferred.key, signature: deferred.signature, id: id)
        if signaturesThatHold.value(for: triple) != nil { return check }
        let holds = deferred.holds()
        if holds { signaturesThatHold.store((), for: triple) }
        return check.completed(signatureHolds: holds)
    }
}

private func wallText(_ seconds: Int64) -> String {
    UTCTime(millisecondsSinceEpoch: (startSeconds + seconds) * 1000).text
}
private func fakeId(_ label: UInt8) -> String { NodeID(digest: RedoSHA256.hash([0xFE, label])).text }

// MARK: The program

private struct Program {
    let input: UnsafeBufferPointer<UInt8>
    var at = 0
    init(_ input: UnsafeBufferPointer<UInt8>) { self.input = input }
    var done: Bool { at >= input.count }
    mutating func byte() -> UInt8 {
        guard at < input.count else { return 0 }
        defer { at += 1 }
        return input[at]
    }
}

private struct Built {
    let object: JSONObject
    /// The record emitted for it (the node as the client wrote it).
    let record: [UInt8]
    let id: String
    let task: Int
    let lamport: Int
    let wall: Int64
    let parents: [Int]
    /// Bit k set for each built node k among its ancestors, itself included (at most
    /// `LogBuild.maxNodes`, so they fit).
    let lineage: UInt32
    let action: Action
    let todo: String?
}

private struct LogBuild {
    var program: Program
    var built: [Built] = []
    var records: [[UInt8]] = []
    /// A clock jump waiting for the next node (seconds).
    var jump: Int64 = 0

    static let maxNodes = 24
    static let maxRecords = 40

    /// A built node, biased towards recent ones.
    mutating func pick() -> Int {
        let b = Int(program.byte())
        return built.count - 1 - b % built.count
    }

    /// A built node of `task` (any node when the task has none), biased towards recent ones.
    mutating func pick(in task: Int) -> Int {
        let candidates = built.indices.filter { built[$0].task == task }
        guard !candidates.isEmpty else { return pick() }
        let b = Int(program.byte())
        return candidates[candidates.count - 1 - b % candidates.count]
    }

    /// Built-node ancestors of `parent`, inclusive, ascending (= topological: parents are built first).
    func ancestors(_ parent: Int) -> [Int] {
        var lineage = built[parent].lineage
        var found: [Int] = []
        while lineage != 0 {
            found.append(lineage.trailingZeroBitCount)
            lineage &= lineage - 1
        }
        return found
    }

    mutating func emit(_ object: JSONObject, pretty: Bool = false) {
        records.append(OrderedJSON.bytes(.object(object), pretty: pretty))
    }

    /// Builds, signs and records one node. `modifiers`: bit 0 author B, bit 1 the same wall
    /// as its latest parent, 0xF wrong lamport.
    ///
    /// A node's wall follows from its parents' walls, its own modifiers and a clock jump just
    /// before it, as a device's clock follows the nodes it has seen: not from one clock
    /// shared by the whole program. With a shared clock, a mutation that touched one step's
    /// timing changed every later node, and each of those had to be signed again.
    mutating func make(
        _ action: Action, parents: [Int], extraParents: [String] = [], task: Int? = nil, _ payload: [JSONMember],
        modifiers: UInt8, todo: String? = nil
    ) {
        let t = task ?? parents.first.map { built[$0].task } ?? 0
        var lamport = action == .create ? 1 : (parents.map { built[$0].lamport }.max() ?? 0) + 1
        if modifiers == 0xF { lamport += action == .create ? 1 : -1 }
        var wall = (parents.map { built[$0].wall }.max() ?? 0) + jump
        jump = 0
        if modifiers & 2 == 0 { wall += 1 + Int64(modifiers >> 2) * 3600 }
        let (object, record) = node(
            by: Int(modifiers & 1), action, task: taskIds[t], parents: parents.map { built[$0].id } + extraParents,
            lamport: lamport, wall: wallText(wall), payload: payload)
        let lineage = parents.reduce(UInt32(1) << built.count) { $0 | built[$1].lineage }
        built.append(
            Built(
                object: object, record: record, id: object.idText, task: t, lamport: lamport, wall: wall,
                parents: parents, lineage: lineage, action: action, todo: todo))
        records.append(record)
    }

    mutating func time() -> String {
        let b = program.byte()
        switch b % 8 {
        case 0: return "9999-12-31T23:59:59.999Z"
        case 1: return "0000-01-01T00:00:00.000Z"
        default: return wallText(Int64(b) * 7919 - 300_000)
        }
    }

    mutating func taskFields(required: Bool) -> [JSONMember] {
        let mask = program.byte()
        var fields: [JSONMember] = []
        if required || mask & 1 != 0 { fields.append(member("title", str(titles[Int(program.byte()) % titles.count]))) }
        if mask & 2 != 0 { fields.append(member("description", str("d\(program.byte())"))) }
        if mask & 4 != 0 {  // 1–5; 0 and 6 are out of range
            let b = program.byte()
            fields.append(member("priority", num(b == 0xFF ? 0 : b == 0xFE ? 6 : Double(1 + b % 5))))
        }
        if mask & 8 != 0 { fields.append(member("storyPoints", num(Double(program.byte())))) }
        if mask & 16 != 0 { fields.append(member("frequencyDays", num(Double(program.byte())))) }  // 0 is out of range
        if mask & 32 != 0 { fields.append(member("privacy", .bool(program.byte() & 1 == 1))) }
        if mask & 64 != 0 {
            let name = "x\(program.byte() % 4)"
            fields.append(member("extensions", .object(JSONObject([member(name, num(1))]))))
        }
        if fields.isEmpty { fields.append(member("title", str("T"))) }
        return fields
    }

    /// The todo a COMPLETE_TODO/SNOOZE names: mostly one created by an ancestor.
    mutating func todoFor(_ parent: Int) -> String {
        let b = program.byte()
        if b & 0xC0 != 0 {
            let created = ancestors(parent).compactMap { built[$0].action == .createTodo ? built[$0].todo : nil }
            if !created.isEmpty { return created[Int(b) % created.count] }
        }
        return todoIds[Int(b) % todoIds.count]
    }

    mutating func step() {
        let op = program.byte()
        let modifiers = op >> 4
        if built.isEmpty {
            make(.create, parents: [], task: Int(op & 1), taskFields(required: true), modifiers: modifiers & 3)
            return
        }
        switch op & 0x0F {
        case 0:
            // The other task's CREATE; a second CREATE of a task (E_DUPLICATE_CREATE) only
            // with modifier bit 3, so duplicates do not swamp the DAG.
            let task = Int(program.byte() & 1)
            let exists = built.contains { $0.task == task && $0.action == .create }
            if exists && modifiers & 8 == 0 {
                make(.update, parents: [pick(in: task)], taskFields(required: false), modifiers: modifiers)
            } else {
                make(.create, parents: [], task: task, taskFields(required: true), modifiers: modifiers & 7)
            }
        case 1, 2:
            make(.update, parents: [pick()], taskFields(required: false), modifiers: modifiers)
        case 3:
            let parent = pick()
            let b = program.byte()
            let todo = b == 0xFF ? taskIds[built[parent].task] : todoIds[Int(b) % todoIds.count]
            var payload = [member("todoTaskId", str(todo)), member("deadline", str(time()))]
            if b & 0x10 != 0 { payload.append(member("notes", str("n\(b)"))) }
            make(.createTodo, parents: [parent], payload, modifiers: modifiers, todo: todo)
        case 4:
            let parent = pick()
            var payload = [member("todoTaskId", str(todoFor(parent))), member("completed", str(time()))]
            if modifiers & 4 != 0 { payload.append(member("notes", str("done"))) }
            make(.completeTodo, parents: [parent], payload, modifiers: modifiers & 3)
        case 5:
            let parent = pick()
            var payload = [member("todoTaskId", str(todoFor(parent)))]
            let b = program.byte()
            switch b % 4 {
            case 0: payload.append(member("newDeadline", str(time())))
            case 1: payload.append(member("daysToExtend", num(3_652_059)))
            default: payload.append(member("daysToExtend", num(Double(1 + Int(b) % 40))))
            }
            if b & 0x80 != 0 { payload.append(member("notes", str("later"))) }
            make(.snooze, parents: [parent], payload, modifiers: modifiers & 3)
        case 6:
            make(.archive, parents: [pick()], [], modifiers: modifiers)
        case 7:
            make(.unarchive, parents: [pick()], [], modifiers: modifiers)
        case 8:
            let parent = pick()
            var chain = ancestors(parent).map { built[$0].id }
            let mode = program.byte()
            switch mode % 16 {
            case 10: chain.reverse()  // warning only
            case 11: if chain.count > 1 { chain.remove(at: Int(mode) % chain.count) }  // misses one
            case 12: chain.append(built[Int(mode) % built.count].id)  // maybe a non-ancestor, maybe a repeat
            case 13: chain.append(fakeId(mode))  // unknown id
            case 14: chain = []  // empty
            case 15: chain.swapAt(0, chain.count - 1)
            default: break  // exact, ancestors first
            }
            make(
                .delete, parents: [parent], [member("deletedChain", .array(chain.map { str($0) }))],
                modifiers: modifiers)
        case 9, 10:
            guard built.count >= 2 else {
                make(.update, parents: [pick()], taskFields(required: false), modifiers: modifiers)
                return
            }
            let wanted = 2 + Int(program.byte()) % 9
            var parents: [Int] = []
            // Parents of one task, unless modifier bit 3 allows any (E_PARENT_NOT_FOUND).
            let first = pick()
            parents.append(first)
            for _ in 0..<(wanted * 2) where parents.count < wanted {
                let p = modifiers & 8 == 0 ? pick(in: built[first].task) : pick()
                if !parents.contains(p) { parents.append(p) }
            }
            if parents.count < 2 { parents = [built.count - 2, built.count - 1] }
            let baseMode = program.byte()
            let base: String
            switch baseMode % 8 {
            case 6: base = built[pick()].id
            case 7: base = fakeId(baseMode)
            default:
                // The latest common ancestor by build order (each parent's ancestors include itself).
                let common = parents.reduce(UInt32.max) { $0 & built[$1].lineage }
                base = common == 0 ? built[parents[0]].id : built[31 - common.leadingZeroBitCount].id
            }
            var payload = [member("base", str(base))]
            let options = program.byte()
            if options & 1 != 0 {
                var policy = [member("defaultStrategy", str(strategies[Int(options >> 1) % strategies.count]))]
                if options & 0x10 != 0 {
                    policy.append(member("lwwTiebreakers", .array([str("author"), str("wall")])))
                }
                payload.append(member("policy", .object(JSONObject(policy))))
            }
            if options & 0x20 != 0 {
                var task: [JSONValue] = []
                for _ in 0..<(1 + Int(options >> 6)) {
                    let b = program.byte()
                    let path = taskPaths[Int(b) % taskPaths.count]
                    let strategy = strategies[Int(b >> 3) % strategies.count]
                    var entry = [member("path", str(path)), member("strategy", str(strategy))]
                    if strategy == "ours" || strategy == "theirs" {
                        entry.append(member("chosenParent", str(built[parents[Int(b) % parents.count]].id)))
                    }
                    if strategy == "manual" {
                        switch path {
                        case "priority", "storyPoints", "frequencyDays":
                            entry.append(member("value", num(Double(1 + b % 5))))
                        case "privacy", "archived": entry.append(member("value", .bool(b & 1 == 0)))
                        default: entry.append(member("value", str("manual \(b)")))
                        }
                    }
                    task.append(.object(JSONObject(entry)))
                }
                var resolutions = [member("task", .array(task))]
                if options & 0x08 != 0 {
                    let b = program.byte()
                    let path = todoPaths[Int(b) % todoPaths.count]
                    let strategy = strategies[Int(b >> 2) % strategies.count]
                    var field = [member("path", str(path)), member("strategy", str(strategy))]
                    if strategy == "ours" || strategy == "theirs" {
                        field.append(member("chosenParent", str(built[parents[0]].id)))
                    }
                    if strategy == "manual" {
                        field.append(
                            member(
                                "value",
                                path == "notes" ? str("m") : path == "completed" && b & 1 == 0 ? .null : str(time())))
                    }
                    resolutions.append(
                        member(
                            "todos",
                            .array([
                                .object(
                                    JSONObject([
                                        member("todoTaskId", str(todoIds[Int(b) % todoIds.count])),
                                        member("fields", .array([.object(JSONObject(field))])),
                                    ]))
                            ])))
                }
                payload.append(member("resolutions", .object(JSONObject(resolutions))))
            }
            make(.merge, parents: parents, payload, modifiers: modifiers)
        case 11:
            tamper(modifiers)
        case 12:
            // A duplicate record: the same bytes, or the same node spelled differently.
            let k = Int(program.byte()) % built.count
            switch modifiers % 3 {
            case 0: records.append(records[min(k, records.count - 1)])
            case 1: emit(built[k].object, pretty: true)
            default: records.append(CanonicalJSON.bytes(of: .object(built[k].object)))
            }
        case 13:
            // A parent that is not in the log, or one of another task.
            let parent = pick()
            if modifiers & 1 == 0 {
                make(
                    .update, parents: [], extraParents: [fakeId(program.byte())], task: built[parent].task,
                    [member("title", str("orphan"))], modifiers: 0)
            } else {
                make(
                    .update, parents: [parent], task: 1 - built[parent].task, [member("title", str("cross"))],
                    modifiers: 0)
            }
        case 14:
            // Reorder: move one record to the front (the verdict must not care).
            let k = Int(program.byte()) % records.count
            records.insert(records.remove(at: k), at: 0)
        default:
            // A clock jump for the next node (and so its descendants): backwards (walls need
            // not grow along parents) or far forwards.
            jump += modifiers & 8 != 0 ? -Int64(modifiers) * 600 : Int64(modifiers) * 86_400
        }
    }

    /// Breaks one built node: the broken record is appended next to the good one, or
    /// replaces it (then children reference a rejected id).
    mutating func tamper(_ modifiers: UInt8) {
        let k = Int(program.byte()) % built.count
        let object = built[k].object
        var broken: [UInt8]
        switch modifiers % 6 {
        case 0:  // signature by the other key
            let other =
                factories[1].key.publicKey.hex == object["author"]?.objectValue?["publicKey"]?.stringValue
                ? factories[0] : factories[1]
            broken = OrderedJSON.bytes(.object(object.setting("signature", to: str(signature(of: object, by: other)))))
        case 1:  // content changed, id and signature kept
            broken = OrderedJSON.bytes(.object(object.setting("timestamp.wall", to: str(wallText(built[k].wall + 1)))))
        case 2:  // unsigned
            broken = OrderedJSON.bytes(.object(object.setting("signature", to: nil)))
        case 3:  // truncated line
            let full = built[k].record
            broken = Array(full.prefix(full.count / 2))
        case 4:  // malformed id
            broken = OrderedJSON.bytes(.object(object.setting("id", to: str(String(built[k].id.dropLast(2)) + "ZZ"))))
        default:  // not an object at all
            broken = Array("[\"\(built[k].id)\"]".utf8)
        }
        if modifiers & 8 != 0, let position = records.firstIndex(of: built[k].record) {
            records[position] = broken
        } else {
            records.append(broken)
        }
    }
}

// MARK: Invariants
//
// Verdicts are compared as values (ids, codes, findings), not as text: text is made only
// for the message of a broken invariant.

/// What a record claims to be: its node's id when it passed node-level checks (the same
/// as its `id` text, without making that text), else its `id` text as bytes, or (no string
/// id) its position in the original record list, so that such records never stand for one
/// another.
private enum Claim: Hashable {
    case node(NodeID)
    case id(Bytes)
    case none(record: Int)

    init(_ check: NodeCheck, record: Int) {
        if let node = check.node {
            self = .node(node.id)
        } else if let text = check.claimedId {
            self = .id(Bytes(Array(text.utf8)))
        } else {
            self = .none(record: record)
        }
    }
}

/// One record's outcome under its claim; `Summary.perId` counts them (a multiset).
private struct Outcome: Hashable {
    let claim: Claim
    let status: RecordStatus
    let code: ErrorCode?
}

/// A finding with its related ids sorted: what order independence compares.
private struct SortedFinding: Comparable {
    let rule: String
    let path: String
    let related: [String]
    let message: String

    init(_ finding: Finding) {
        rule = finding.rule.id
        path = finding.path
        related = finding.related.count > 1 ? finding.related.sorted() : finding.related
        message = finding.message
    }

    static func < (a: SortedFinding, b: SortedFinding) -> Bool {
        if a.rule != b.rule { return a.rule < b.rule }
        if a.path != b.path { return a.path < b.path }
        if a.related != b.related { return a.related.lexicographicallyPrecedes(b.related) }
        return a.message < b.message
    }

    var text: String { "\(rule) \(path) \(related) \(message)" }
}

private struct Rejection: Equatable {
    let id: String
    let code: ErrorCode
}

/// What must not depend on record order (or on exact duplicates, `perId` aside).
private struct Summary: Equatable {
    /// Per node id: nil when valid, else its code.
    var nodeStatus: [NodeID: ErrorCode?] = [:]
    /// Per node id: the findings of the record standing for it, sorted.
    var nodeFindings: [NodeID: [SortedFinding]] = [:]
    /// How many records have each (claim, status, code).
    var perId: [Outcome: Int] = [:]
    var rejected: [Rejection] = []
    var state: [UInt8] = []

    static func == (a: Summary, b: Summary) -> Bool {
        sameBytes(a.state, b.state) && a.nodeStatus == b.nodeStatus && a.rejected == b.rejected
            && a.perId == b.perId && a.nodeFindings == b.nodeFindings
    }
}

/// The verdict on `checks`, its summary, and the invariants on one verdict. `originalIndex[r]`
/// is the position in the original record list of record r. `reference`: the summary of
/// the original order; the canonical re-checks of the state run on the reference, and on a
/// copy only when its state differs from the reference's (equal bytes were checked there),
/// each distinct state once (`canonicalStates`).
private func summarize(_ checks: [NodeCheck], originalIndex: [Int], reference: Summary? = nil) -> (
    Summary, LogVerdict
) {
    let verdict = LogValidator().validate(checks)
    var summary = Summary()
    summary.nodeStatus.reserveCapacity(verdict.nodes.count)
    summary.perId.reserveCapacity(checks.count)
    invariant(verdict.records.count == checks.count, "records \(verdict.records.count) != checks \(checks.count)")
    for (node, status) in zip(verdict.nodes, verdict.nodeStatus) {
        invariant(summary.nodeStatus.index(forKey: node.id) == nil, "node \(node.id) listed twice in verdict.nodes")
        summary.nodeStatus[node.id] = status
    }
    for (r, record) in verdict.records.enumerated() {
        let claim = Claim(checks[r], record: originalIndex[r])
        summary.perId[Outcome(claim: claim, status: record.status, code: record.code), default: 0] += 1
        if !checks[r].passed {
            invariant(
                record.status == .rejected,
                "record \(originalIndex[r]) failed node-level checks but is \(record.status)")
        }
        if record.status != .duplicate, let id = checks[r].node?.id {
            summary.nodeFindings[id] = record.findings.map(SortedFinding.init).sorted(by: <)
        }
        invariant(
            (record.status == .rejected) == (record.code != nil),
            "record \(originalIndex[r]) status \(record.status) code \(String(describing: record.code))")
    }
    summary.rejected = verdict.rejected.map { Rejection(id: $0.id, code: $0.code) }

    // Valid nodes: strict total order; parents valid and of the same task.
    let valid = verdict.validNodes
    var validById: [NodeID: Node] = [:]
    validById.reserveCapacity(valid.count)
    for node in valid { validById[node.id] = node }
    for (a, b) in zip(valid, valid.dropFirst()) {
        invariant(
            a.precedes(b),
            "valid nodes out of total order: \(a.id) (\(a.lamport), \(a.wall)) then \(b.id) (\(b.lamport), \(b.wall))")
    }
    for node in valid {
        for parent in node.parents {
            guard let p = validById[parent] else {
                invariant(false, "valid node \(node.id) has a parent \(parent) that is not valid")
                continue
            }
            invariant(p.taskId == node.taskId, "valid node \(node.id) has a parent of another task")
            invariant(p.action != .delete, "valid node \(node.id) has a DELETE parent")
        }
    }

    // Reconstruction and its canonical JSON.
    let reconstruction = Reconstructor.reconstruct(verdict)
    let state = StateRendering.canonicalBytes(reconstruction)
    if reference.map({ !sameBytes(state, $0.state) }) ?? true {
        if cachesOn {
            canonicalStates.value(for: Bytes(state)) { checkCanonical(state, of: reconstruction) }
        } else {
            checkCanonical(state, of: reconstruction)
        }
    }
    for task in reconstruction.tasks {
        for head in task.heads { invariant(validById[head] != nil, "head \(head) is not a valid node") }
        if let current = task.currentTodo {
            invariant(
                task.todos.contains { $0.todoTaskId == current && $0.completed == nil },
                "current todo \(current) is not an uncompleted todo")
            if let todo = task.todos.first(where: { $0.todoTaskId == current }) {
                let u = Urgency.value(deadline: todo.deadline, now: urgencyNow)
                invariant(!u.isNaN, "urgency is NaN for deadline \(todo.deadline)")
            }
        }
    }
    summary.state = state
    return (summary, verdict)
}

/// The reconstructed state is canonical JSON (a fixed point of both paths) and I-JSON, and
/// the bytes StateRendering writes directly are the canonical form of its JSON value.
private func checkCanonical(_ state: [UInt8], of reconstruction: Reconstruction) {
    let rendered = CanonicalJSON.bytes(of: StateRendering.json(reconstruction))
    invariant(
        sameBytes(rendered, state),
        "state written directly differs from its JSON value's canonical form: \(show(state)) vs \(show(rendered))")
    let tape = try? CanonicalJSON.canonicalize(state)
    invariant(
        tape == state, "reconstructed state is not canonical: \(show(state)) -> \(tape.map { show($0) } ?? "rejected")")
    if let value = try? JSONReader.parse(state) {
        invariant(CanonicalJSON.bytes(of: value) == state, "reconstructed state is not a tree fixed point")
    } else {
        invariant(false, "reconstructed state is not I-JSON: \(show(state))")
    }
}

private let urgencyNow = UTCTime(millisecondsSinceEpoch: startSeconds * 1000)

/// Everything a verdict says, in record order (records, nodes, order, rejected, MERGE
/// decisions with their values): equal exactly when `lines` are equal.
///
/// Equal fingerprints have equal reconstructed states without replaying both: replay reads
/// only parts compared here (the order, each node's status, the valid nodes, whose content
/// their ids fix, the rejected list and the MERGE decisions), so it is given the same
/// input. Replay giving the same state for differently ordered verdicts is what the
/// shuffled and reversed orders test. The state is made only for a message.
private struct Fingerprint: Equatable {
    let verdict: LogVerdict

    init(_ verdict: LogVerdict) { self.verdict = verdict }

    static func == (a: Fingerprint, b: Fingerprint) -> Bool {
        let x = a.verdict
        let y = b.verdict
        return x.records.count == y.records.count
            && zip(x.records, y.records).allSatisfy {
                $0.status == $1.status && $0.code == $1.code && $0.findings == $1.findings
            }
            && x.nodes.count == y.nodes.count && zip(x.nodes, y.nodes).allSatisfy { $0.id == $1.id }
            && x.nodeStatus == y.nodeStatus
            && x.order.count == y.order.count
            && zip(x.order, y.order).allSatisfy { x.nodes[Int($0)].id == y.nodes[Int($1)].id }
            && x.rejected.count == y.rejected.count
            && zip(x.rejected, y.rejected).allSatisfy { $0.id == $1.id && $0.code == $1.code }
            && x.mergeDecisions == y.mergeDecisions
    }

    /// The same as text, one line per item, for messages.
    var lines: [String] {
        var lines = verdict.records.enumerated().map { k, record in
            "record \(k): \(record.status.rawValue) \(record.code?.rawValue ?? "-") \(record.findings.map { "\($0.rule.id) \($0.path) \($0.related) \($0.message)" })"
        }
        lines += zip(verdict.nodes, verdict.nodeStatus).map { "node \($0.id): \($1?.rawValue ?? "valid")" }
        lines.append("order: \(verdict.order.map { verdict.nodes[Int($0)].id.text })")
        lines += verdict.rejected.map { "rejected \($0.id) \($0.code.rawValue)" }
        lines += verdict.mergeDecisions.map { "merge decisions of \($0.key): \($0.value)" }.sorted()
        let state = StateRendering.canonicalBytes(Reconstructor.reconstruct(verdict))
        lines.append("state: " + String(decoding: state, as: UTF8.self))
        return lines
    }
}

private func firstDifference(_ a: Fingerprint, _ b: Fingerprint) -> String {
    let (a, b) = (a.lines, b.lines)
    for (x, y) in zip(a, b) where x != y { return "- \(x)\n+ \(y)" }
    return "\(a.count) lines vs \(b.count) lines"
}

private func text(_ status: ErrorCode??) -> String {
    switch status {
    case .none: "absent"
    case .some(.none): "valid"
    case .some(.some(let code)): code.rawValue
    }
}

private func difference(_ a: Summary, _ b: Summary) -> String {
    var parts: [String] = []
    for (id, status) in a.nodeStatus where b.nodeStatus.index(forKey: id) == nil || b.nodeStatus[id]! != status {
        parts.append("node \(id): \(text(status)) vs \(text(b.nodeStatus[id]))")
    }
    for (id, status) in b.nodeStatus where a.nodeStatus.index(forKey: id) == nil {
        parts.append("node \(id): absent vs \(text(status))")
    }
    for (id, findings) in a.nodeFindings where b.nodeFindings[id] != findings {
        parts.append("findings of \(id): \(findings.map(\.text)) vs \((b.nodeFindings[id] ?? []).map(\.text))")
    }
    for (outcome, count) in a.perId where b.perId[outcome] != count {
        parts.append(
            "records of \(outcome.claim) with \(outcome.status.rawValue) \(outcome.code?.rawValue ?? "-"): \(count) vs \(b.perId[outcome] ?? 0)"
        )
    }
    for (outcome, count) in b.perId where a.perId[outcome] == nil {
        parts.append(
            "records of \(outcome.claim) with \(outcome.status.rawValue) \(outcome.code?.rawValue ?? "-"): 0 vs \(count)"
        )
    }
    if a.rejected != b.rejected {
        parts.append(
            "rejected: \(a.rejected.map { "\($0.id) \($0.code.rawValue)" }) vs \(b.rejected.map { "\($0.id) \($0.code.rawValue)" })"
        )
    }
    if a.state != b.state { parts.append("state: \(show(a.state, limit: 2000)) vs \(show(b.state, limit: 2000))") }
    return parts.joined(separator: "\n")
}

private func recordDump(_ records: [[UInt8]]) -> String {
    records.enumerated().map { "#\($0.offset): \(show($0.element, limit: 3000))" }.joined(separator: "\n")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var build = LogBuild(program: Program(input))
    while !build.program.done && build.built.count < LogBuild.maxNodes && build.records.count < LogBuild.maxRecords {
        build.step()
    }
    let records = build.records
    if dumpRecords {
        // REDO_FUZZ_DUMP=1: print the built records, each as one JSON string per line (a
        // record may be pretty-printed or not even JSON), to turn an input into a test.
        var out: [UInt8] = []
        for record in records {
            if let text = String(validating: record, as: UTF8.self) {
                out += CanonicalJSON.bytes(of: .string(text))
            } else {
                out += Array("hex:\(Hex.encode(record))".utf8)
            }
            out.append(0x0A)
        }
        _ = out.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
    let keys = records.map(Bytes.init)
    let checks = keys.map(nodeCheck)
    let identity = Array(records.indices)
    let list = RecordList(keys)
    let known = cachesOn ? checkedLists.value(for: list) : nil
    let (reference, referenceVerdict) = known ?? summarize(checks, originalIndex: identity)

    // Orders: the shuffled one is seeded from the input, so it is new for every execution;
    // the reversed one (and the duplicate-free copy below) only for a new record list.
    var rng = SplitMix64(seed: fnv1a(input))
    let shuffled = identity.shuffled(using: &rng)
    for order in known == nil ? [shuffled, identity.reversed()] : [shuffled] {
        let (other, _) = summarize(order.map { checks[$0] }, originalIndex: order, reference: reference)
        if other != reference {
            invariant(
                false,
                "verdict depends on record order \(order):\n\(difference(reference, other))\nrecords:\n\(recordDump(records))"
            )
        }
    }
    // Batches: the same records, in the same order, split into batches (some empty) give
    // exactly the same verdict through validate(batches:) and through Incremental as
    // validate(_:) gave for the reference.
    let whole = Fingerprint(referenceVerdict)
    var batches: [[NodeCheck]] = []
    var start = 0
    while start < checks.count {
        let size = Int(rng.next() % 6)  // 0 = an empty batch
        batches.append(Array(checks[start..<min(start + size, checks.count)]))
        start += size
    }
    let batched = Fingerprint(LogValidator().validate(batches: batches))
    var incremental = LogValidator.Incremental()
    for batch in batches { incremental.add(batch) }
    let fed = Fingerprint(incremental.finish())
    invariant(
        batched == whole,
        "validate(batches:) differs from validate(_:) with batch sizes \(batches.map(\.count)):\n\(firstDifference(whole, batched))"
    )
    invariant(
        fed == whole,
        "Incremental differs from validate(_:) with batch sizes \(batches.map(\.count)):\n\(firstDifference(whole, fed))"
    )

    guard known == nil else { return 0 }
    if cachesOn { checkedLists.store((reference, referenceVerdict), for: list) }

    // Exact duplicate records change nothing but the duplicate count.
    var seen = Set<Bytes>()
    let unique = identity.filter { seen.insert(keys[$0]).inserted }
    if unique.count < records.count {
        var (other, _) = summarize(unique.map { checks[$0] }, originalIndex: unique, reference: reference)
        other.perId = reference.perId
        if other != reference {
            invariant(
                false,
                "verdict changes when exact duplicate records are dropped:\n\(difference(reference, other))\nrecords:\n\(recordDump(records))"
            )
        }
    }
    return 0
}
