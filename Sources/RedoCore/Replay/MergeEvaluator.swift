import RedoCrypto
import RedoJSON

/// Decides what a MERGE writes, following the spec's algorithm: compare each parent's
/// state with the base's; a field no parent changed is left alone; for a changed field an
/// explicit resolution wins, else a single change (or agreeing changes) is taken, else the
/// policy's defaultStrategy decides. A conflict the default strategy cannot decide (ours,
/// theirs and manual carry no parent or value; max/min need numbers; union needs arrays)
/// rejects the MERGE.
struct MergeEvaluator {
    let history: History
    let ancestry: Ancestry

    /// `base` and `parents` are Ancestry positions; parents in the node's order.
    func evaluate(_ node: Node, _ merge: MergePayload, base: Int32, parents: [Int32]) -> Result<MergeDecisions, Finding>
    {
        var decisions = MergeDecisions()
        for field in TaskField.allCases {
            let baseValue = history.taskValue(at: base, field)
            let values = parents.map { history.taskValue(at: $0, field) }
            switch decide(
                { field.rawValue }, base: baseValue, values: values, numeric: field.isNumeric,
                resolution: merge.taskResolutions[field], node: node, merge: merge, parents: parents)
            {
            case let .success(value?): decisions.task[field] = value
            case .success(nil): break
            case let .failure(finding): return .failure(finding)
            }
        }
        for todo in history.todosWritten(onBranchesFrom: parents, above: base, ancestry: ancestry) {
            let baseState = history.todoState(at: base, task: node.taskId, todo: todo, ancestry: ancestry)
            let states = parents.map { history.todoState(at: $0, task: node.taskId, todo: todo, ancestry: ancestry) }
            for field in TodoField.allCases {
                switch decide(
                    { "todo \(todo) \(field.rawValue)" }, base: baseState?.value(field),
                    values: states.map { $0?.value(field) }, numeric: false,
                    resolution: merge.todoResolutions[todo]?[field], node: node, merge: merge, parents: parents)
                {
                case let .success(value?): decisions.todos[todo, default: [:]][field] = value
                case .success(nil): break
                case let .failure(finding): return .failure(finding)
                }
            }
        }
        return .success(decisions)
    }

    /// The value a MERGE writes for one field, nil to leave it alone. `name` is made only for
    /// the finding of a conflict it cannot decide (most fields have no conflict).
    private func decide(
        _ name: () -> String, base: FieldValue?, values: [FieldValue?], numeric: Bool, resolution: FieldResolution?,
        node: Node, merge: MergePayload, parents: [Int32]
    ) -> Result<FieldValue?, Finding> {
        let changers = values.indices.filter { values[$0] != base }
        guard !changers.isEmpty else { return .success(nil) }
        if let resolution {
            switch resolution.strategy {
            case .ours:
                return .success(resolution.chosenParent.flatMap { index(of: $0, in: node) }.flatMap { values[$0] })
            case .theirs:
                let chosen = resolution.chosenParent.flatMap { index(of: $0, in: node) }
                return .success(values.indices.first { $0 != chosen }.flatMap { values[$0] })
            case .manual:
                return .success(resolution.value)
            case .lww:
                return .success(values[latest(changers, parents: parents, tiebreakers: merge.policy.lwwTiebreakers)])
            case .max, .min:
                return .success(extreme(changers.compactMap { values[$0] }, max: resolution.strategy == .max))
            case .union:
                // Refused when validated; kept for completeness.
                return .failure(unresolvable(name(), "union", node: node))
            }
        }
        let first = values[changers[0]]
        if changers.allSatisfy({ values[$0] == first }) { return .success(first) }
        switch merge.policy.defaultStrategy {
        case .lww:
            return .success(values[latest(changers, parents: parents, tiebreakers: merge.policy.lwwTiebreakers)])
        case .max where numeric, .min where numeric:
            return .success(extreme(changers.compactMap { values[$0] }, max: merge.policy.defaultStrategy == .max))
        default:
            return .failure(unresolvable(name(), merge.policy.defaultStrategy.rawValue, node: node))
        }
    }

    private func index(of parent: NodeID, in node: Node) -> Int? { node.parents.firstIndex(of: parent) }

    /// The changer whose head (the parent node itself) is greatest by the tiebreakers, then id.
    private func latest(_ changers: [Int], parents: [Int32], tiebreakers: [LWWTiebreaker]) -> Int {
        changers.max { a, b in
            let x = history.node(parents[a])
            let y = history.node(parents[b])
            for tiebreaker in tiebreakers {
                switch tiebreaker {
                case .lamport where x.lamport != y.lamport: return x.lamport < y.lamport
                case .wall where x.wall != y.wall: return x.wall < y.wall
                case .author where x.authorUserId != y.authorUserId:
                    return x.authorUserId < y.authorUserId
                default: continue
                }
            }
            return x.id < y.id
        }!
    }

    private func extreme(_ values: [FieldValue], max: Bool) -> FieldValue? {
        let numbers = values.compactMap { value -> Int64? in
            if case let .integer(n) = value { return n } else { return nil }
        }
        return (max ? numbers.max() : numbers.min()).map { .integer($0) }
    }

    private func unresolvable(_ name: String, _ strategy: String, node: Node) -> Finding {
        Finding(
            .mergeUnresolvable,
            "\(name) changed differently on several parents and defaultStrategy \(strategy) cannot decide it: add a resolution for it",
            path: "$.data.payload.policy.defaultStrategy")
    }
}
