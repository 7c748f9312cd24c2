import RedoCore

/// Nodes written once and built `count` times, so that a long chain or many tasks take a
/// few lines. In each iteration the counter (`i` unless named) takes the next value from
/// `from`, and every string of the nodes (names, task, by, parents, wall, payload strings,
/// `expect`'s related names) has `{i}` replaced by the value, and `{i-1}` or `{i+2}` by the
/// value less or plus a constant: `parents: ["n{i-1}"]` names the previous iteration's node.
/// Repeats nest, each with its own counter.
public struct ScenarioRepeat: Sendable {
    /// How many times the items are built; at least 1.
    public var count: Int
    /// The counter's first value.
    public var from: Int
    /// The counter's name: letters, digits and `_`, starting with a letter.
    public var counter: String
    /// The nodes and nested repeats built in each iteration.
    public var items: [ScenarioItem]
    /// Where the repeat was written.
    public var location: SourceLocation?

    /// A repeat of `items`, `count` times, the counter named `counter` counting from `from`.
    public init(
        count: Int, from: Int = 1, counter: String = "i", items: [ScenarioItem], location: SourceLocation? = nil
    ) {
        self.count = count
        self.from = from
        self.counter = counter
        self.items = items
        self.location = location
    }

    /// The nodes, iteration after iteration, with the counters substituted. The expanded
    /// size is bounded first, from the counts alone: a repeat whose nodes would be more
    /// than the 16 MiB record limit as text is refused before anything is built.
    public func expanded() throws(ScenarioError) -> [ScenarioNode] {
        let items: [Repeated<ScenarioNode>] = [ScenarioItem.repeated(self).tree]
        _ = try Repeated.checkedTextBound(of: items, what: "nodes", location: location)
        return Repeated.expand(items)
    }
}

/// An entry of a scenario's node list: a node, or a repeat of nodes.
public enum ScenarioItem: Sendable {
    /// One node.
    case node(ScenarioNode)
    /// Nodes built many times.
    case repeated(ScenarioRepeat)

    var tree: Repeated<ScenarioNode> {
        switch self {
        case let .node(node): return .one(node)
        case let .repeated(r):
            return .many(
                RepeatShape(count: r.count, from: r.from, counter: r.counter, location: r.location),
                r.items.map(\.tree))
        }
    }
}

/// What can be repeated: it substitutes counters in its strings and bounds its size as text.
package protocol Repeatable: Sendable {
    /// A copy with every placeholder of a bound counter replaced.
    func substituting(_ counters: Counters) -> Self
    /// At most how many bytes it takes as compact JSON once substituted, counters in `ranges`.
    func textBound(_ ranges: CounterRanges) -> Int
}

/// A repeat's count, first value and counter.
package struct RepeatShape: Sendable {
    package var count: Int
    package var from: Int
    package var counter: String
    package var location: SourceLocation?

    package init(count: Int, from: Int, counter: String, location: SourceLocation?) {
        self.count = count
        self.from = from
        self.counter = counter
        self.location = location
    }
}

/// A list's entry before expansion: an element, or a repeat of entries.
package indirect enum Repeated<Element: Repeatable>: Sendable {
    case one(Element)
    case many(RepeatShape, [Repeated<Element>])

    /// The size bound of `items` as text, checked against the record limit; also refuses a
    /// count below 1, a counter that is not a name or hides an outer one, and a counter
    /// that would overflow. Nothing is expanded: the work is linear in what was written.
    /// Recursive over the repeats' nesting, which the readers bound.
    package static func checkedTextBound(of items: [Repeated], what: String, location: SourceLocation?)
        throws(ScenarioError) -> Int
    {
        let bound = try textBound(items, CounterRanges())
        if bound > ProtocolLimits.recordBytes {
            throw ScenarioError(
                location,
                "the \(what) expand to up to \(bound) bytes, over the record limit of \(ProtocolLimits.recordBytes)",
                fix: "repeat fewer times")
        }
        return bound
    }

    static func textBound(_ items: [Repeated], _ ranges: CounterRanges) throws(ScenarioError) -> Int {
        var total = 0
        for item in items {
            switch item {
            case let .one(element): total = total.addingSaturated(element.textBound(ranges))
            case let .many(shape, inner):
                try check(shape, in: ranges)
                var ranges = ranges
                ranges.entries.append((shape.counter, shape.from, shape.from + shape.count - 1))
                total = total.addingSaturated(try textBound(inner, ranges).multipliedSaturated(by: shape.count))
            }
            // Beyond the limit the exact figure no longer matters, and saturation keeps it finite.
            if total > ProtocolLimits.recordBytes { return total }
        }
        return total
    }

    static func check(_ shape: RepeatShape, in ranges: CounterRanges) throws(ScenarioError) {
        let at = shape.location
        guard shape.count >= 1 else {
            throw ScenarioError(at, "repeat \(shape.count) times", fix: "repeat at least once")
        }
        guard Placeholders.isCounterName(shape.counter[...]) else {
            throw ScenarioError(
                at, "counter \"\(shape.counter)\" is not a name",
                fix: "use letters, digits and _, starting with a letter")
        }
        guard !ranges.entries.contains(where: { $0.name == shape.counter }) else {
            throw ScenarioError(
                at, "counter \(shape.counter) is already an outer repeat's",
                fix: "give the inner repeat its own counter")
        }
        // The last value, with room for a placeholder's offset.
        guard shape.from.magnitude < 1 << 52, shape.count < 1 << 52 else {
            throw ScenarioError(at, "repeat from \(shape.from), \(shape.count) times", fix: "use smaller numbers")
        }
    }

    /// The elements, iteration after iteration. Call after `checkedTextBound`.
    package static func expand(_ items: [Repeated]) -> [Element] {
        var out: [Element] = []
        var counters = Counters()
        expand(items, &counters, into: &out)
        return out
    }

    static func expand(_ items: [Repeated], _ counters: inout Counters, into out: inout [Element]) {
        for item in items {
            switch item {
            case let .one(element): out.append(counters.entries.isEmpty ? element : element.substituting(counters))
            case let .many(shape, inner):
                counters.entries.append((shape.counter, shape.from))
                for value in shape.from..<(shape.from + shape.count) {
                    counters.entries[counters.entries.count - 1].value = value
                    expand(inner, &counters, into: &out)
                }
                counters.entries.removeLast()
            }
        }
    }
}

/// The counters in scope and their current values, innermost last.
package struct Counters: Sendable {
    package var entries: [(name: String, value: Int)] = []

    func value(of name: Substring) -> Int? { entries.last { $0.name == name }?.value }
}

/// The counters in scope and the values each runs over.
package struct CounterRanges: Sendable {
    var entries: [(name: String, low: Int, high: Int)] = []

    /// The longest a placeholder of `name` plus `offset` is written.
    func longest(_ name: Substring, offset: Int) -> Int? {
        guard let range = entries.last(where: { $0.name == name }) else { return nil }
        return max(String(range.low + offset).utf8.count, String(range.high + offset).utf8.count)
    }
}

extension Int {
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    func multipliedSaturated(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
