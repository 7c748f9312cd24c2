// What a repeat substitutes in nodes, tasks and todo names, and the size each takes as
// compact JSON text (strings counted by their UTF-8 bytes and quotes), against which the
// record limit is held before a repeat is expanded.

extension ScenarioNode: Repeatable {
    package func substituting(_ counters: Counters) -> ScenarioNode {
        func s(_ text: String) -> String { Placeholders.substitute(text, counters) }
        var node = self
        node.name = s(name)
        node.task = task.map(s)
        node.by = by.map(s)
        node.parents = parents.map(s)
        node.payload = payload.map { ScenarioMember($0.key, $0.value.substituting(counters)) }
        node.wall = wall.map(s)
        if case let .rejected(code, rule, related?) = expect {
            node.expect = .rejected(code: code, rule: rule, related: related.map(s))
        }
        return node
    }

    package func textBound(_ ranges: CounterRanges) -> Int {
        func s(_ text: String?) -> Int { text.map { Placeholders.longest($0, ranges) + 12 } ?? 0 }
        var total = 2 + s(name) + s(action) + s(task) + s(by) + s(wall) + s(fault?.rawValue)
        if !parents.isEmpty { total += 12 + parents.reduce(0) { $0 + s($1) } }
        if !payload.isEmpty { total += 12 + ScenarioValue.object(payload).textBound(ranges) }
        if let expect {
            switch expect {
            case .valid, .duplicate: total += 20
            case let .rejected(code, rule, related):
                total += 40 + s(code) + s(rule) + (related ?? []).reduce(0) { $0 + s($1) }
            }
        }
        if crossTask { total += 16 }
        return total
    }
}

extension ScenarioTask: Repeatable {
    package func substituting(_ counters: Counters) -> ScenarioTask {
        ScenarioTask(
            name: Placeholders.substitute(name, counters),
            taskId: taskId.map { Placeholders.substitute($0, counters) }, location: location)
    }

    package func textBound(_ ranges: CounterRanges) -> Int {
        4 + Placeholders.longest(name, ranges) + (taskId.map { 12 + Placeholders.longest($0, ranges) } ?? 0)
    }
}

extension String: Repeatable {
    package func substituting(_ counters: Counters) -> String { Placeholders.substitute(self, counters) }
    package func textBound(_ ranges: CounterRanges) -> Int { 3 + Placeholders.longest(self, ranges) }
}

extension ScenarioValue {
    /// Strings substituted; keys, numbers and the rest kept. Recursive over the payload's
    /// depth, which the readers bound.
    func substituting(_ counters: Counters) -> ScenarioValue {
        switch self {
        case let .string(text): return .string(Placeholders.substitute(text, counters))
        case let .array(items): return .array(items.map { $0.substituting(counters) })
        case let .object(members):
            return .object(members.map { ScenarioMember($0.key, $0.value.substituting(counters)) })
        default: return self
        }
    }

    func textBound(_ ranges: CounterRanges) -> Int {
        switch self {
        case .null, .bool: return 5
        case let .number(text): return text.utf8.count
        case let .string(text): return 2 + Placeholders.longest(text, ranges)
        case let .array(items): return 2 + items.reduce(0) { $0 + 1 + $1.textBound(ranges) }
        case let .object(members):
            return 2 + members.reduce(0) { $0 + 4 + $1.key.utf8.count + $1.value.textBound(ranges) }
        }
    }
}
