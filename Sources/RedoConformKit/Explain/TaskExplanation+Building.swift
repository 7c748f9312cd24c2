import RedoCore
import RedoJSON
import RedoText
import RedoValidation

extension TaskExplanation {
    /// The explanation of the task whose records are `records` (in input order), from the
    /// run that validated the whole log, and the re-read `details` of those records.
    package init(taskId: String, records: [Int], result: ValidationResult, details: [Int: RecordDetails]) {
        self.init(taskId: taskId)
        let verdict = result.verdict
        entries = Self.entries(of: records, result: result, details: details)
        // REDO's total order (lamport, wall, id); what a rejected record leaves unsaid sorts
        // last, so that nothing it claims can move a valid node.
        entries.sort { a, b in
            (a.lamport ?? .max, a.wall ?? "\u{10FFFF}", a.id) < (b.lamport ?? .max, b.wall ?? "\u{10FFFF}", b.id)
        }
        // The valid nodes in total order, for replay, forks, deletions and survivors.
        var validNodes: [Node] = []
        var entryOfId: [NodeID: Int] = [:]
        for (k, entry) in entries.enumerated() {
            guard let id = NodeID(entry.id), let position = verdict.nodes.position(of: id) else { continue }
            entryOfId[id] = k
            if entry.verdict != "rejected" { validNodes.append(verdict.nodes[position]) }
        }
        var state = TaskState()
        var children: [BytewiseString: [String]] = [:]
        var deletedIds: Set<NodeID> = []
        var deletes: [Int] = []
        for node in validNodes {
            let k = entryOfId[node.id]!
            let decisions = node.action == .merge ? verdict.mergeDecisions[node.id] : nil
            entries[k].changes = Self.changes(of: node, decisions: decisions, before: state)
            state.apply(node, decisions: decisions)
            if case let .delete(chain) = node.payload {
                deletedIds.formUnion(chain)
                deletes.append(k)
            }
        }
        // Forks in the DAG as drawn: children of every verdict, so a fork into rejected
        // branches shows too.
        for entry in entries {
            for parent in entry.parents { children[BytewiseString(parent), default: []].append(entry.id) }
        }
        let survivors = Reconstructor.survivors(validNodes)
        for k in entries.indices {
            guard let id = NodeID(entries[k].id) else { continue }
            if entries[k].verdict == "rejected", let position = verdict.nodes.position(of: id) {
                entries[k].changes = Self.changes(of: verdict.nodes[position], decisions: nil, before: nil)
            }
            if let next = children[BytewiseString(entries[k].id)], next.count > 1 { entries[k].forksInto = next }
            entries[k].deleted = deletedIds.contains(id)
            entries[k].survives = survivors.contains(id)
        }
        for entry in entries {
            guard let title = entry.details.title else { continue }
            if !titles.contains(where: { $0.bytewiseEqual(title) }) { titles.append(title) }
            lastTitle = title
        }
        if validNodes.isEmpty {
            ending = .neverExisted
        } else if deletes.isEmpty {
            ending = .alive
        } else {
            ending = survivors.isEmpty ? .deleted(by: deletes) : .deletedOnOneBranch(by: deletes)
        }
        if let task = UUIDv4(taskId), !survivors.isEmpty,
            let replayed = Reconstructor.reconstruct(task, nodes: validNodes, decisions: verdict.mergeDecisions)
        {
            finalState = Self.state(replayed)
        }
        graph = TaskGraph(
            taskId: taskId, records: records, result: result,
            standing: TaskGraph.standingIndex(of: records, in: result))
    }

    /// One entry per claimed id (records without an id are one each), in input order of
    /// their first record.
    private static func entries(of records: [Int], result: ValidationResult, details: [Int: RecordDetails]) -> [Entry] {
        let verdict = result.verdict
        var entries: [Entry] = []
        var byId: [BytewiseString: Int] = [:]
        for record in records {
            let claimed = result.claimedId(record)
            if let claimed, let k = byId[BytewiseString(claimed)] {
                entries[k].records.append(record)
                entries[k].sources.append(result.source(record))
                continue
            }
            if let claimed { byId[BytewiseString(claimed)] = entries.count }
            entries.append(
                Entry(
                    id: claimed ?? "(no id)", records: [record], sources: [result.source(record)], lamport: nil,
                    wall: nil, details: details[record] ?? RecordDetails(), action: nil, parents: [], verdict: ""))
        }
        for k in entries.indices {
            let recordVerdicts = entries[k].records.map { verdict.records[$0] }
            let node = recordVerdicts.first { $0.node >= 0 }.map { Int($0.node) }
            if let node {
                let stored = verdict.nodes[node]
                entries[k].lamport = stored.lamport
                entries[k].wall = stored.wall.text
                entries[k].action = stored.action.rawValue
                entries[k].parents = stored.parents.map(\.text)
                switch stored.payload {
                case let .create(values), let .update(values):
                    if case let .string(title)? = values[.title] { entries[k].details.title = title }
                default: break
                }
            } else if let place = result.place(entries[k].records[0]) {
                entries[k].lamport = place.lamport
                entries[k].wall = entries[k].details.wall
                entries[k].action = place.action?.rawValue ?? entries[k].details.action
                entries[k].parents = place.parents.map(\.text)
            }
            if recordVerdicts.contains(where: { $0.status == .valid }) {
                entries[k].verdict = recordVerdicts.contains { $0.status == .duplicate } ? "duplicate" : "valid"
            } else {
                entries[k].verdict = "rejected"
                entries[k].code = recordVerdicts.compactMap(\.code).max()
            }
            var seen: Set<String> = []
            for finding in recordVerdicts.flatMap(\.findings) where seen.insert(finding.description).inserted {
                entries[k].findings.append(finding.description)
                if finding.code == .ancestorRejected { entries[k].rootCauses += finding.related }
            }
        }
        return entries
    }

    /// What `node` changes in `before` (nil: a rejected node, which changes nothing, so
    /// only what it would have set is given).
    static func changes(of node: Node, decisions: MergeDecisions?, before: TaskState?) -> [Change] {
        func old(_ field: TaskField) -> String? { before?.fields[field]?.description }
        func todo(_ id: UUIDv4, _ field: String) -> String { "todo \(id.text) \(field)" }
        switch node.payload {
        case let .create(values), let .update(values):
            return values.values.map { Change(field: $0.0.rawValue, old: old($0.0), new: $0.1.description) }
        case .archive: return [Change(field: "archived", old: old(.archived), new: "true")]
        case .unarchive: return [Change(field: "archived", old: old(.archived), new: "false")]
        case let .createTodo(id, deadline, notes):
            return [Change(field: todo(id, "deadline"), old: nil, new: deadline.text)]
                + (notes.map { [Change(field: todo(id, "notes"), old: nil, new: FieldValue.string($0).description)] }
                    ?? [])
        case let .completeTodo(id, completed, _):
            return [
                Change(
                    field: todo(id, "completed"), old: before?.todos[id]?.completed?.text ?? before.map { _ in "null" },
                    new: completed.text)
            ]
        case let .snooze(id, change, _):
            let current = before?.todos[id]?.deadline
            let new: String
            switch change {
            case let .days(days): new = current.map { $0.adding(days: days).text } ?? "+\(days) days"
            case let .newDeadline(deadline): new = deadline.text
            }
            return [Change(field: todo(id, "deadline"), old: current?.text, new: new)]
        case let .delete(chain):
            return [Change(field: "deletedChain", old: nil, new: "\(chain.count) node\(chain.count == 1 ? "" : "s")")]
        case .merge:
            guard let decisions else { return [] }
            var changes = TaskField.allCases.compactMap { field in
                decisions.task[field].map { Change(field: field.rawValue, old: old(field), new: $0.description) }
            }
            for id in decisions.todos.keys.sorted() {
                for field in TodoField.allCases {
                    guard let value = decisions.todos[id]?[field] else { continue }
                    changes.append(
                        Change(
                            field: todo(id, field.rawValue), old: before?.todos[id].flatMap { Self.value($0, field) },
                            new: value.description))
                }
            }
            return changes
        }
    }

    private static func value(_ todo: TodoState, _ field: TodoField) -> String? {
        switch field {
        case .deadline: return todo.deadline.text
        case .notes: return todo.notes.map { FieldValue.string($0).description }
        case .completed: return todo.completed?.text ?? "null"
        }
    }

    /// A replayed task as `field: value` lines: its fields in the protocol's order, then
    /// each todo's.
    private static func state(_ task: ReconstructedTask) -> [Change] {
        var lines = TaskField.allCases.compactMap { field in
            task.stateWithoutTodos.fields[field].map { Change(field: field.rawValue, old: nil, new: $0.description) }
        }
        for todo in task.todos {
            for field in TodoField.allCases {
                guard let value = value(todo, field) else { continue }
                lines.append(Change(field: "todo \(todo.todoTaskId.text) \(field.rawValue)", old: nil, new: value))
            }
        }
        return lines
    }
}
