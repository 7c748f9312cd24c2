import RedoCore
import RedoCrypto
import RedoJSON

/// Builds a scenario's signed records. Names resolve to ids in declaration order, so a
/// parent must be written before its children: an unknown or later name is an error, and
/// so a scenario cannot describe a cycle. Linear in the scenario's size.
public struct ScenarioBuilder: Sendable {
    /// The run seed keys and taskIds are derived with (`ScenarioKeys`).
    public var runSeed: String

    /// A builder for run seed `runSeed`.
    public init(runSeed: String = ScenarioKeys.defaultRunSeed) { self.runSeed = runSeed }

    /// The nodes' payload keys whose string values name nodes or todos.
    static let nodeNameKeys: Set<String> = ["base", "chosenParent"]

    /// Builds `scenario`, or throws the first problem found, located.
    public func build(_ scenario: Scenario) throws(ScenarioError) -> BuiltScenario {
        var state = BuildState(scenario: scenario, runSeed: runSeed)
        try state.resolveAuthorsAndTasks()
        for node in scenario.nodes { try state.add(node) }
        return try state.finish()
    }
}

/// What the builder knows while it goes through the nodes.
struct BuildState {
    let scenario: Scenario
    let runSeed: String
    var keys: [Ed25519KeyPair] = []
    /// Device name (or author name) → (author index, device).
    var devices: [String: (author: Int, device: ScenarioDevice)] = [:]
    var taskIds: [String: String] = [:]
    var todoIds: [String: String] = [:]
    /// Node name → index into `built`.
    var nodeIndex: [String: Int] = [:]
    var built: [(node: ScenarioNode, id: String, task: String, lamport: Int)] = []
    /// Each built node's record but its signature, at the same index.
    var unsigned: [UnsignedLine] = []
    /// Every name some node gives as a parent, once an `omitted` fault asks.
    var namedAsParents: Set<String>?
    /// Nodes written per task so far, for the clock.
    var tick: [String: Int64] = [:]
    let startMilliseconds: Int64

    init(scenario: Scenario, runSeed: String) {
        self.scenario = scenario
        self.runSeed = runSeed
        if case let .success(time) = UTCTime.parse(scenario.start) {
            startMilliseconds = time.millisecondsSinceEpoch
        } else {
            startMilliseconds = Int64.min
        }
    }

    mutating func resolveAuthorsAndTasks() throws(ScenarioError) {
        if startMilliseconds == Int64.min {
            throw ScenarioError(
                scenario.location, "start \"\(scenario.start)\" is not a UTC instant",
                fix: "write it as 2025-10-26T09:00:00.000Z")
        }
        if scenario.authors.isEmpty {
            throw ScenarioError(scenario.location, "no authors", fix: "add an author with a seed and a device")
        }
        for (index, author) in scenario.authors.enumerated() {
            switch author.key {
            case let .seedText(text): keys.append(ScenarioKeys.keyPair(forSeedText: text, runSeed: runSeed))
            case let .seed(bytes):
                guard let pair = try? Ed25519KeyPair(seed: bytes) else {
                    throw ScenarioError(author.location, "author \(author.name)'s key is not a 32-byte seed", fix: "")
                }
                keys.append(pair)
            }
            if author.devices.isEmpty {
                throw ScenarioError(author.location, "author \(author.name) has no device", fix: "add one to devices")
            }
            for name in [author.name] + author.devices.map(\.name) where name != author.name || devices[name] == nil {
                if devices[name] != nil, name != author.name {
                    throw ScenarioError(
                        author.location, "device name \(name) is used twice", fix: "give each device its own name")
                }
                devices[name] = (index, author.devices.first { $0.name == name } ?? author.devices[0])
            }
        }
        if scenario.tasks.isEmpty {
            throw ScenarioError(scenario.location, "no tasks", fix: "add a task with a name")
        }
        for task in scenario.tasks {
            if taskIds[task.name] != nil {
                throw ScenarioError(task.location, "task name \(task.name) is used twice", fix: "rename one")
            }
            taskIds[task.name] = task.taskId ?? ScenarioKeys.uuid(forName: task.name, runSeed: runSeed)
        }
        for todo in scenario.todos {
            if todoIds[todo] != nil {
                throw ScenarioError(scenario.location, "todo name \(todo) is used twice", fix: "rename one")
            }
            todoIds[todo] = ScenarioKeys.uuid(forName: todo, runSeed: runSeed)
        }
    }

    mutating func add(_ node: ScenarioNode) throws(ScenarioError) {
        let at = node.location
        if nodeIndex[node.name] != nil {
            throw ScenarioError(at, "node name \(node.name) is used twice", fix: "give each node its own name")
        }
        guard let action = Action(rawValue: node.action) else {
            throw ScenarioError(
                at, "unknown action \(node.action)",
                fix: "use one of \(Action.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let taskName: String
        if let name = node.task {
            guard taskIds[name] != nil else {
                throw ScenarioError(at, "unknown task \(name)", fix: "name a task listed under tasks")
            }
            taskName = name
        } else if scenario.tasks.count == 1 {
            taskName = scenario.tasks[0].name
        } else {
            throw ScenarioError(at, "node \(node.name) names no task", fix: "add task: and one of the tasks' names")
        }
        let writer = node.by ?? scenario.authors[0].devices[0].name
        guard let (authorIndex, device) = devices[writer] else {
            throw ScenarioError(at, "unknown device or author \(writer)", fix: "name a device listed under an author")
        }
        var parentIds: [String] = []
        var lamport = 0
        for parent in node.parents {
            guard let index = nodeIndex[parent] else {
                let later = scenario.nodes.contains { $0.name == parent }
                throw ScenarioError(
                    at, later ? "parent \(parent) is declared after \(node.name)" : "unknown parent \(parent)",
                    fix: later ? "write a node after its parents" : "name a node written above")
            }
            if built[index].task != taskName, !node.crossTask {
                throw ScenarioError(
                    at, "parent \(parent) is in task \(built[index].task), not \(taskName)",
                    fix: "add crossTask: true if the node means it")
            }
            parentIds.append(built[index].id)
            lamport = max(lamport, built[index].lamport)
        }
        lamport += 1
        tick[taskName, default: 0] += 1
        // `at: N` (seconds after start) arrives as "+N".
        var wall =
            node.wall
            ?? UTCTime(millisecondsSinceEpoch: startMilliseconds + tick[taskName]! * scenario.stepMilliseconds).text
        if wall.hasPrefix("+"), let seconds = Int64(wall.dropFirst()) {
            wall = UTCTime(millisecondsSinceEpoch: startMilliseconds + seconds * 1000).text
        }
        if case .failure = UTCTime.parse(wall) {
            throw ScenarioError(
                at, "wall \"\(wall)\" is not a UTC instant", fix: "write it as 2025-10-26T09:00:00.000Z")
        }
        var payload = try resolveNames(in: node.payload, action: action, at: at)
        switch node.fault {
        case .wrongLamport?: lamport -= 1
        case .wallOutOfRange?: wall = "10000-01-01T00:00:00.000Z"
        case .reservedKey?: payload.append(ScenarioMember("id", .string("reserved")))
        case .numberOutOfRange?: payload.append(ScenarioMember("storyPoints", .number("1e400")))
        case .omitted?:
            // The names that are parents, gathered once: a repeat makes many omitted nodes cheap to write.
            if namedAsParents == nil { namedAsParents = Set(scenario.nodes.lazy.flatMap(\.parents)) }
            if namedAsParents?.contains(node.name) != true {
                throw ScenarioError(
                    at, "fault omitted on \(node.name), which no node names as a parent",
                    fix: "put it on a node with children, or drop the fault")
            }
        case .foreignSignature?:
            break
        default: break
        }
        let key = keys[authorIndex]
        var author: [ScenarioMember] = [
            ScenarioMember("userId", .string(key.publicKey.redoUserId)),
            ScenarioMember("deviceId", .string(device.deviceId)),
        ]
        if let deviceName = device.deviceName { author.append(ScenarioMember("deviceName", .string(deviceName))) }
        author.append(ScenarioMember("publicKey", .string(key.publicKey.hex)))
        let body: [ScenarioMember] = [
            ScenarioMember("version", .number("1")),
            ScenarioMember("parents", .array(parentIds.map(ScenarioValue.string))),
            ScenarioMember(
                "timestamp",
                .object([ScenarioMember("lamport", .number(String(lamport))), ScenarioMember("wall", .string(wall))])),
            ScenarioMember("author", .object(author)),
            ScenarioMember("action", .string(action.rawValue)),
            ScenarioMember("taskId", .string(taskIds[taskName]!)),
            ScenarioMember("data", .object([ScenarioMember("payload", .object(payload))])),
        ]
        // The id is over the canonical body, canonicalized from the bytes as written (no
        // second value tree); the signature is made later, for every node at once on all
        // cores: no id depends on a signature. A number beyond a double is only ever the
        // fault's: its body is not I-JSON, and the value tree (where it is 0) gives the
        // bytes its record's signature and id were never going to match anyway.
        let bodyBytes = ScenarioLineWriter.bytes(.object(body))
        let canonical: [UInt8]
        do {
            canonical = try CanonicalJSON.canonicalize(bodyBytes)
        } catch {
            canonical = NodeBody.canonicalBytes(of: ScenarioValue.object(body).jsonValue.objectValue!)
        }
        let nodeId = NodeBody.id(ofCanonicalBody: canonical)
        var idText = nodeId.text
        var signer: Ed25519KeyPair? = keys[authorIndex]
        var writtenBytes = bodyBytes
        switch node.fault {
        case .tampered?:
            let moved = UTCTime.parse(wall).map { UTCTime(millisecondsSinceEpoch: $0.millisecondsSinceEpoch + 1).text }
            if case let .success(text) = moved {
                var written = body
                written[2] = ScenarioMember(
                    "timestamp",
                    .object([
                        ScenarioMember("lamport", .number(String(lamport))), ScenarioMember("wall", .string(text)),
                    ]))
                writtenBytes = ScenarioLineWriter.bytes(.object(written))
            }
        case .foreignSignature?:
            signer =
                keys.count > 1
                ? keys[(authorIndex + 1) % keys.count]
                : ScenarioKeys.keyPair(forSeedText: "foreign", runSeed: runSeed)
        case .missingSignature?: signer = nil
        case .uppercaseHex?: idText = "sha256:" + idText.dropFirst(7).uppercased()
        default: break
        }
        let line = UnsignedLine(id: idText, body: writtenBytes, canonicalBody: canonical, signer: signer)
        if line.count > ProtocolLimits.recordBytes {
            throw ScenarioError(
                at, "node \(node.name) is \(line.count) bytes, over the record limit of \(ProtocolLimits.recordBytes)",
                fix: "make its payload smaller")
        }
        nodeIndex[node.name] = built.count
        built.append((node, nodeId.text, taskName, lamport))
        unsigned.append(line)
    }

    /// The payload with names resolved: `base` and `chosenParent` name nodes (anywhere in
    /// the payload), `deletedChain` lists node names, `todoTaskId` names a todo when one
    /// has that name. Recursive over the payload's depth, which the readers bound.
    func resolveNames(in payload: [ScenarioMember], action: Action, at: SourceLocation?) throws(ScenarioError)
        -> [ScenarioMember]
    {
        func nodeId(_ value: ScenarioValue, _ key: String) throws(ScenarioError) -> ScenarioValue {
            guard case let .string(name) = value else { return value }
            guard let index = nodeIndex[name] else {
                let later = scenario.nodes.contains { $0.name == name }
                throw ScenarioError(
                    at, later ? "\(key) \(name) is declared later" : "unknown \(key) \(name)",
                    fix: "name a node written above")
            }
            return .string(built[index].id)
        }
        var out: [ScenarioMember] = []
        for member in payload {
            out.append(ScenarioMember(member.key, try resolve(member.value, key: member.key, at: at, nodeId)))
        }
        return out
    }

    private func resolve(
        _ value: ScenarioValue, key: String, at: SourceLocation?,
        _ nodeId: (ScenarioValue, String) throws(ScenarioError) -> ScenarioValue
    ) throws(ScenarioError) -> ScenarioValue {
        switch (key, value) {
        case ("base", _), ("chosenParent", _): return try nodeId(value, key)
        case let ("deletedChain", .array(items)):
            var ids: [ScenarioValue] = []
            for item in items { ids.append(try nodeId(item, "deletedChain entry")) }
            return .array(ids)
        case let ("todoTaskId", .string(name)): return todoIds[name].map(ScenarioValue.string) ?? value
        case let (_, .array(items)):
            var out: [ScenarioValue] = []
            for item in items { out.append(try resolve(item, key: "", at: at, nodeId)) }
            return .array(out)
        case let (_, .object(members)):
            var out: [ScenarioMember] = []
            for m in members { out.append(ScenarioMember(m.key, try resolve(m.value, key: m.key, at: at, nodeId))) }
            return .object(out)
        case let (_, .number(text)):
            // Scenarios made in code are held to what the readers accept.
            guard isJSONNumber(text[...].utf8), Double(text).map(\.isFinite) == true else {
                throw ScenarioError(
                    at, "\(text) is not a finite JSON number",
                    fix: "write a JSON number (the number-out-of-range fault writes one beyond a double)")
            }
            return value
        default: return value
        }
    }

    func finish() throws(ScenarioError) -> BuiltScenario {
        var order = Array(built.indices)
        if let logOrder = scenario.logOrder {
            order = []
            var seen = Set<String>()
            for name in logOrder {
                guard let index = nodeIndex[name], seen.insert(name).inserted else {
                    throw ScenarioError(
                        scenario.location, "log order names \(name) \(nodeIndex[name] == nil ? "unknown" : "twice")",
                        fix: "list each node once")
                }
                order.append(index)
            }
        }
        // Ed25519 signing is deterministic, so the lines are the same on any number of cores.
        let lines = ParallelMap.map(unsigned, jobs: ParallelMap.availableCores) { $0.signed() }
        var records: [BuiltScenario.Record] = []
        for index in order {
            let entry = built[index]
            // A fault may change how the signed record is written: left out, twice, or not I-JSON.
            let written =
                entry.node.fault.map { $0.lines(of: lines[index], action: entry.node.action) } ?? [lines[index]]
            for (copy, line) in written.enumerated() {
                var expectation = entry.node.expect ?? entry.node.fault?.expectedVerdict ?? .valid
                if entry.node.fault == .duplicated {
                    expectation = copy == 0 ? (entry.node.expect ?? .valid) : .duplicate
                }
                if case let .rejected(code, rule, related?) = expectation {
                    var ids: [String] = []
                    for name in related {
                        guard let i = nodeIndex[name] else {
                            throw ScenarioError(
                                entry.node.location, "expect names unknown node \(name)", fix: "name a node")
                        }
                        ids.append(built[i].id)
                    }
                    expectation = .rejected(code: code, rule: rule, related: ids)
                }
                records.append(
                    .init(node: entry.node.name, bytes: line, expectation: expectation, location: entry.node.location))
            }
        }
        var state: [(String, ScenarioValue, SourceLocation?)] = []
        for assertion in scenario.state {
            state.append((assertion.path, try resolved(assertion), assertion.location))
        }
        return BuiltScenario(
            name: scenario.name, records: records, nodeIds: built.map { ($0.node.name, $0.id) },
            taskIds: scenario.tasks.map { ($0.name, taskIds[$0.name]!) },
            todoIds: scenario.todos.map { ($0, todoIds[$0]!) },
            authorKeys: zip(scenario.authors, keys).map { ($0.name, $1.publicKey.hex) }, state: state)
    }

    func resolved(_ assertion: StateAssertion) throws(ScenarioError) -> ScenarioValue {
        func lookup(_ names: [String], in table: [String: String], _ what: String) throws(ScenarioError) -> [String] {
            var out: [String] = []
            for name in names {
                guard let id = table[name] else {
                    throw ScenarioError(
                        assertion.location, "unknown \(what) \(name)", fix: "name a \(what) of the scenario")
                }
                out.append(id)
            }
            return out
        }
        let nodeTable = Dictionary(uniqueKeysWithValues: built.map { ($0.node.name, $0.id) })
        switch assertion.expected {
        case let .value(v): return v
        case let .id(name):
            if let todo = todoIds[name], nodeTable[name] == nil { return .string(todo) }
            return .string(try lookup([name], in: nodeTable, "node")[0])
        case let .ids(names): return .array(try lookup(names, in: nodeTable, "node").sorted().map(ScenarioValue.string))
        case let .taskIds(names):
            return .array(try lookup(names, in: taskIds, "task").sorted().map(ScenarioValue.string))
        case let .rejected(codes):
            let names = codes.keys.sorted()
            let entries = zip(try lookup(names, in: nodeTable, "node"), names.map { codes[$0]! }).sorted { $0.0 < $1.0 }
            return .array(
                entries.map { .object([ScenarioMember("code", .string($0.1)), ScenarioMember("id", .string($0.0))]) })
        case let .byGreatestId(values):
            return try greatest(values, by: try lookup(values.map(\.key), in: nodeTable, "node"), assertion)
        case let .byGreatestUserId(values): return try greatest(values, by: try userIds(values, assertion), assertion)
        }
    }
}
