import RedoCore

/// Turns a read document into a `Scenario`, refusing unknown keys and wrong types with
/// the location of each and what to write instead. The keys are those of
/// docs/schemas/scenario.schema.json.
package struct ScenarioDecoder {
    /// The deepest nesting a scenario document may have; the front ends refuse deeper ones.
    package static let maxDepth = 64

    /// Reads a key file named in `authors.X.keyFile` (relative paths against the
    /// scenario's folder): its 32-byte seed, or why not.
    package typealias KeyFileLoader = (String) -> Result<[UInt8], ScenarioError>

    let name: String
    let loadKeyFile: KeyFileLoader?

    package init(name: String, loadKeyFile: KeyFileLoader?) {
        self.name = name
        self.loadKeyFile = loadKeyFile
    }

    package func decode(_ root: ScenarioInput) throws(ScenarioError) -> Scenario {
        let top = try object(
            root, "the scenario",
            allowed: [
                "name", "comment", "start", "stepMilliseconds", "authors", "tasks", "todos",
                "nodes", "log", "state", "flags", "vector",
            ])
        var scenario = Scenario(
            name: try top["name"].map { v throws(ScenarioError) in try string(v, "name") } ?? name,
            authors: [], tasks: [], nodes: [], location: root.location)
        if let v = top["comment"] { scenario.comment = try string(v, "comment") }
        if let v = top["start"] { scenario.start = try string(v, "start") }
        if let v = top["stepMilliseconds"] { scenario.stepMilliseconds = Int64(try integer(v, "stepMilliseconds")) }
        guard let authors = top["authors"] else {
            throw ScenarioError(root.location, "no authors", fix: "add authors: with a name, a seed and devices")
        }
        for (authorName, value) in try members(authors, "authors") {
            scenario.authors.append(try author(authorName, value))
        }
        guard let tasks = top["tasks"] else {
            throw ScenarioError(root.location, "no tasks", fix: "add tasks: [a name]")
        }
        let taskItems = try repeated(tasks, "tasks") { item throws(ScenarioError) in try task(item) }
        let todoItems =
            try top["todos"].map { v throws(ScenarioError) in
                try repeated(v, "todos") { item throws(ScenarioError) in try string(item, "an entry of todos") }
            } ?? []
        if let v = top["flags"] { scenario.flags = try strings(v, "flags") }
        if let v = top["vector"] {
            scenario.vector = try string(v, "vector")
            guard scenario.vector == "reconstruction" else {
                throw ScenarioError(
                    v.location, "unknown vector suite", fix: "write vector: reconstruction, or leave it out")
            }
        }
        guard let nodes = top["nodes"] else { throw ScenarioError(root.location, "no nodes", fix: "add nodes:") }
        let nodeItems = try repeated(nodes, "nodes") { item throws(ScenarioError) in try node(item) }
        // The record limit holds for the scenario as if written without repeats, checked
        // before anything is expanded.
        let bound = [
            try Repeated.checkedTextBound(of: taskItems, what: "tasks", location: tasks.location),
            try top["todos"].map { v throws(ScenarioError) in
                try Repeated.checkedTextBound(of: todoItems, what: "todos", location: v.location)
            } ?? 0,
            try Repeated.checkedTextBound(of: nodeItems, what: "nodes", location: nodes.location),
        ].reduce(0, +)
        if bound > ProtocolLimits.recordBytes {
            throw ScenarioError(
                root.location,
                "tasks, todos and nodes expand to up to \(bound) bytes, over the record limit of \(ProtocolLimits.recordBytes)",
                fix: "repeat fewer times")
        }
        scenario.tasks = Repeated.expand(taskItems)
        scenario.todos = Repeated.expand(todoItems)
        scenario.nodes = Repeated.expand(nodeItems)
        if let v = top["log"] { scenario.logOrder = try strings(v, "log") }
        if let v = top["state"] {
            for item in try list(v, "state") { scenario.state.append(try assertion(item)) }
        }
        return scenario
    }

    func task(_ item: ScenarioInput) throws(ScenarioError) -> ScenarioTask {
        if case let .string(s) = item.kind { return ScenarioTask(name: s, location: item.location) }
        let t = try object(item, "a task", allowed: ["name", "taskId"])
        return ScenarioTask(
            name: try string(try required(t, "name", item), "name"),
            taskId: try t["taskId"].map { v throws(ScenarioError) in try string(v, "taskId") },
            location: item.location)
    }

    /// The entries of list `key`, each an element or `{repeat: N, from, counter, KEY: [...]}`.
    /// Recursive over the repeats' nesting, which the front ends bound.
    func repeated<Element: Repeatable>(
        _ v: ScenarioInput, _ key: String, _ element: (ScenarioInput) throws(ScenarioError) -> Element
    ) throws(ScenarioError) -> [Repeated<Element>] {
        var out: [Repeated<Element>] = []
        for item in try list(v, key) {
            guard case let .object(members) = item.kind, members.contains(where: { $0.key == "repeat" }) else {
                out.append(.one(try element(item)))
                continue
            }
            let r = try object(item, "a repeat", allowed: ["repeat", "from", "counter", key])
            let shape = RepeatShape(
                count: try integer(r["repeat"]!, "repeat"),
                from: try r["from"].map { v throws(ScenarioError) in try integer(v, "from") } ?? 1,
                counter: try r["counter"].map { v throws(ScenarioError) in try string(v, "counter") } ?? "i",
                location: item.location)
            out.append(.many(shape, try repeated(try required(r, key, item), key, element)))
        }
        return out
    }

    func author(_ name: String, _ value: ScenarioInput) throws(ScenarioError) -> ScenarioAuthor {
        let a = try object(value, "an author", allowed: ["seed", "keyFile", "devices"])
        let key: ScenarioAuthor.Key
        switch (a["seed"], a["keyFile"]) {
        case let (seed?, nil): key = .seedText(try string(seed, "seed"))
        case let (nil, file?):
            let path = try string(file, "keyFile")
            guard let loadKeyFile else {
                throw ScenarioError(file.location, "key files are read by the redo-conform command", fix: "use seed:")
            }
            switch loadKeyFile(path) {
            case let .success(bytes): key = .seed(bytes)
            case let .failure(error):
                throw ScenarioError(file.location, error.message, fix: error.fix)
            }
        default:
            throw ScenarioError(
                value.location, "author \(name) needs one of seed: or keyFile:", fix: "give exactly one")
        }
        var devices: [ScenarioDevice] = []
        for item in try list(try required(a, "devices", value), "devices") {
            if case let .string(s) = item.kind {
                devices.append(ScenarioDevice(name: s))
            } else {
                let d = try object(item, "a device", allowed: ["name", "deviceId", "deviceName"])
                devices.append(
                    ScenarioDevice(
                        name: try string(try required(d, "name", item), "name"),
                        deviceId: try d["deviceId"].map { v throws(ScenarioError) in try string(v, "deviceId") },
                        deviceName: try d["deviceName"].map { v throws(ScenarioError) in try string(v, "deviceName") }))
            }
        }
        return ScenarioAuthor(name: name, key: key, devices: devices, location: value.location)
    }

    func node(_ item: ScenarioInput) throws(ScenarioError) -> ScenarioNode {
        let n = try object(
            item, "a node",
            allowed: [
                "name", "action", "task", "by", "parents", "payload", "wall", "at", "crossTask", "fault", "expect",
            ])
        var node = ScenarioNode(
            name: try string(try required(n, "name", item), "name"),
            action: try string(try required(n, "action", item), "action"), location: item.location)
        if let v = n["task"] { node.task = try string(v, "task") }
        if let v = n["by"] { node.by = try string(v, "by") }
        if let v = n["parents"] { node.parents = try strings(v, "parents") }
        if let v = n["payload"] {
            guard case let .object(members) = v.kind else {
                throw ScenarioError(v.location, "payload is \(v.typeName)", fix: "write a mapping")
            }
            node.payload = members.map { ScenarioMember($0.key, $0.value.value) }
        }
        if let v = n["wall"] { node.wall = try string(v, "wall") }
        if let v = n["at"] {
            guard n["wall"] == nil else {
                throw ScenarioError(v.location, "both wall and at", fix: "give one of them")
            }
            node.wall = "+\(try integer(v, "at"))"
        }
        if let v = n["crossTask"] {
            guard case let .bool(b) = v.kind else {
                throw ScenarioError(v.location, "crossTask is \(v.typeName)", fix: "write true or false")
            }
            node.crossTask = b
        }
        if let v = n["fault"] {
            let text = try string(v, "fault")
            guard let fault = ScenarioFault(rawValue: text) else {
                throw ScenarioError(
                    v.location, "unknown fault \(text)",
                    fix: "use one of \(ScenarioFault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            node.fault = fault
        }
        if let v = n["expect"] { node.expect = try expectation(v) }
        return node
    }

    func expectation(_ v: ScenarioInput) throws(ScenarioError) -> NodeExpectation {
        if case let .string(s) = v.kind {
            switch s {
            case "valid": return .valid
            case "duplicate": return .duplicate
            default: return .rejected(code: s)
            }
        }
        let e = try object(v, "an expectation", allowed: ["code", "rule", "related"])
        return .rejected(
            code: try string(try required(e, "code", v), "code"),
            rule: try e["rule"].map { r throws(ScenarioError) in try string(r, "rule") },
            related: try e["related"].map { r throws(ScenarioError) in try strings(r, "related") })
    }

    func assertion(_ item: ScenarioInput) throws(ScenarioError) -> StateAssertion {
        let forms = ["equals", "id", "ids", "taskIds", "rejected", "byGreatestId", "byGreatestUserId"]
        let a = try object(item, "a state assertion", allowed: Set(["path"] + forms))
        let path = try string(try required(a, "path", item), "path")
        let given = forms.filter { a[$0] != nil }
        guard given.count == 1 else {
            throw ScenarioError(
                item.location, "a state assertion needs one of \(forms.joined(separator: ", "))", fix: "give one")
        }
        switch given[0] {
        case "equals": return StateAssertion(path: path, .value(a["equals"]!.value), location: item.location)
        case "id": return StateAssertion(path: path, .id(try string(a["id"]!, "id")), location: item.location)
        case "ids": return StateAssertion(path: path, .ids(try strings(a["ids"]!, "ids")), location: item.location)
        case "rejected":
            var codes: [String: String] = [:]
            for (node, code) in try members(a["rejected"]!, "rejected") { codes[node] = try string(code, "a code") }
            return StateAssertion(path: path, .rejected(codes), location: item.location)
        case "byGreatestId", "byGreatestUserId":
            let values = try members(a[given[0]]!, given[0]).map { ScenarioMember($0.key, $0.value.value) }
            return StateAssertion(
                path: path, given[0] == "byGreatestId" ? .byGreatestId(values) : .byGreatestUserId(values),
                location: item.location)
        default:
            return StateAssertion(path: path, .taskIds(try strings(a["taskIds"]!, "taskIds")), location: item.location)
        }
    }

    // MARK: shapes

    func object(_ v: ScenarioInput, _ what: String, allowed: Set<String>) throws(ScenarioError) -> [String:
        ScenarioInput]
    {
        guard case let .object(members) = v.kind else {
            throw ScenarioError(v.location, "\(what) is \(v.typeName)", fix: "write a mapping")
        }
        var out: [String: ScenarioInput] = [:]
        for (key, value) in members {
            guard allowed.contains(key) else {
                throw ScenarioError(
                    value.location, "unknown key \(key) in \(what)",
                    fix: "use one of \(allowed.sorted().joined(separator: ", "))")
            }
            out[key] = value
        }
        return out
    }

    func members(_ v: ScenarioInput, _ what: String) throws(ScenarioError) -> [(key: String, value: ScenarioInput)] {
        guard case let .object(members) = v.kind else {
            throw ScenarioError(v.location, "\(what) is \(v.typeName)", fix: "write a mapping")
        }
        return members
    }

    func required(_ o: [String: ScenarioInput], _ key: String, _ v: ScenarioInput) throws(ScenarioError)
        -> ScenarioInput
    {
        guard let value = o[key] else { throw ScenarioError(v.location, "missing \(key)", fix: "add \(key):") }
        return value
    }

    func list(_ v: ScenarioInput, _ what: String) throws(ScenarioError) -> [ScenarioInput] {
        guard case let .array(items) = v.kind else {
            throw ScenarioError(v.location, "\(what) is \(v.typeName)", fix: "write a list")
        }
        return items
    }

    func string(_ v: ScenarioInput, _ what: String) throws(ScenarioError) -> String {
        guard case let .string(s) = v.kind else {
            throw ScenarioError(v.location, "\(what) is \(v.typeName)", fix: "write a string (quote it)")
        }
        return s
    }

    func strings(_ v: ScenarioInput, _ what: String) throws(ScenarioError) -> [String] {
        var out: [String] = []
        for item in try list(v, what) { out.append(try string(item, "an entry of \(what)")) }
        return out
    }

    func integer(_ v: ScenarioInput, _ what: String) throws(ScenarioError) -> Int {
        guard case let .number(text) = v.kind, let n = Int(text) else {
            throw ScenarioError(v.location, "\(what) is \(v.typeName)", fix: "write a whole number")
        }
        return n
    }
}
