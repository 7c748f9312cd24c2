// The interpreter of the log target's programs: what every operation builds on. The
// operations are in LogBuild+Step.swift (MERGE in LogBuild+Merge.swift, tampering in
// LogBuild+Tamper.swift).
import RedoCore
import RedoJSON

/// A log being built from a program: the nodes built so far and the records emitted.
public struct LogBuild {
    var program: Program
    var built: [BuiltNode] = []
    var records: [[UInt8]] = []
    /// A clock jump waiting for the next node (seconds).
    var jump: Int64 = 0
    let caches: LogCaches

    static let maxNodes = 24
    static let maxRecords = 40

    init(program: Program, caches: LogCaches) {
        self.program = program
        self.caches = caches
    }

    /// The records `input` builds: one step at a time, until the program ends or the log has
    /// `maxNodes` nodes or `maxRecords` records.
    public static func records(of input: UnsafeBufferPointer<UInt8>, caches: LogCaches) -> [[UInt8]] {
        var build = LogBuild(program: Program(input), caches: caches)
        while !build.program.done && build.built.count < maxNodes && build.records.count < maxRecords {
            build.step()
        }
        return build.records
    }

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
        let (object, record) = caches.node(
            by: Int(modifiers & 1), action, task: taskIds[t], parents: parents.map { built[$0].id } + extraParents,
            lamport: lamport, wall: wallText(wall), payload: payload)
        let lineage = parents.reduce(UInt32(1) << built.count) { $0 | built[$1].lineage }
        built.append(
            BuiltNode(
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
}
