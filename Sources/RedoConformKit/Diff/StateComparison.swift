import RedoCore
import RedoJSON

/// Two states side by side, task by task (a merge of two taskId-sorted lists): tasks on
/// one side only, tasks deleted on one side only, and every field that differs.
struct StateComparison {
    typealias Found = (task: String, difference: DiffReport.StateDifference)

    /// With a time, the current todo's urgency at that time is compared too.
    var at: UTCTime?

    func compare(_ a: StateView, _ b: StateView) -> (found: [Found], tasks: [String]) {
        let (aIds, bIds) = (a.taskIds, b.taskIds)
        let (aDeleted, bDeleted) = (a.deleted, b.deleted)
        let deletedOnA = Set(aDeleted.map(BytewiseString.init))
        let deletedOnB = Set(bDeleted.map(BytewiseString.init))
        var found: [Found] = []
        var i = 0
        var j = 0
        func presence(_ id: String, present: Bool, deleted: Set<BytewiseString>) -> String {
            present ? "present" : deleted.contains(BytewiseString(id)) ? "deleted" : "absent"
        }
        func oneSided(_ id: String, onA: Bool) {
            let other = onA ? deletedOnB : deletedOnA
            let mine = onA ? deletedOnA : deletedOnB
            let (pa, pb) =
                onA
                ? (presence(id, present: true, deleted: mine), presence(id, present: false, deleted: other))
                : (presence(id, present: false, deleted: other), presence(id, present: true, deleted: mine))
            let kind: DiffReport.StateKind = other.contains(BytewiseString(id)) ? .deleted : .task
            found.append((id, .init(kind: kind, path: "$", a: .string(pa), b: .string(pb))))
        }
        while i < aIds.count || j < bIds.count {
            if j == bIds.count || (i < aIds.count && aIds[i].utf8Precedes(bIds[j])) {
                oneSided(aIds[i], onA: true)
                i += 1
            } else if i == aIds.count || bIds[j].utf8Precedes(aIds[i]) {
                oneSided(bIds[j], onA: false)
                j += 1
            } else {
                for difference in compareTask(a.task(at: i), b.task(at: j)) { found.append((aIds[i], difference)) }
                i += 1
                j += 1
            }
        }
        // Deleted on one side, and in no state's task list at all on the other.
        let listedOnA = Set(aIds.map(BytewiseString.init))
        let listedOnB = Set(bIds.map(BytewiseString.init))
        for id in aDeleted where !deletedOnB.contains(BytewiseString(id)) && !listedOnB.contains(BytewiseString(id)) {
            found.append((id, .init(kind: .deleted, path: "$", a: .string("deleted"), b: .string("absent"))))
        }
        for id in bDeleted where !deletedOnA.contains(BytewiseString(id)) && !listedOnA.contains(BytewiseString(id)) {
            found.append((id, .init(kind: .deleted, path: "$", a: .string("absent"), b: .string("deleted"))))
        }
        let tasks = Array(listedOnA.union(listedOnB).union(deletedOnA).union(deletedOnB)).map(\.string)
        return (found, tasks)
    }

    /// Every field of one task that differs: top-level fields by name (taskId aside),
    /// todos by todoTaskId, then the current todo's urgency when a time is given.
    func compareTask(_ a: JSONObject, _ b: JSONObject) -> [DiffReport.StateDifference] {
        // Most tasks of two synced exports are identical: one comparison of their canonical
        // forms settles them (their urgency at any time included).
        if CanonicalJSON.bytes(of: .object(a)) == CanonicalJSON.bytes(of: .object(b)) { return [] }
        var found: [DiffReport.StateDifference] = []
        for key in Self.keys(a, b) where key != "taskId" && key != "todos" {
            if !Self.same(a[key], b[key]) { found.append(.init(kind: .field, path: key, a: a[key], b: b[key])) }
        }
        let (aTodos, bTodos) = (Self.todos(a), Self.todos(b))
        let todoIds = Set(aTodos.keys).union(bTodos.keys).sorted { $0.string.utf8Precedes($1.string) }
        for todoId in todoIds {
            let path = "todos[\(todoId.string)]"
            switch (aTodos[todoId], bTodos[todoId]) {
            case let (x?, y?):
                for key in Self.keys(x, y) where key != "todoTaskId" && !Self.same(x[key], y[key]) {
                    found.append(.init(kind: .todo, path: path + "." + key, a: x[key], b: y[key]))
                }
            case let (x, y):
                found.append(.init(kind: .todo, path: path, a: x.map(JSONValue.object), b: y.map(JSONValue.object)))
            }
        }
        if let at {
            let (x, y) = (urgency(a, at), urgency(b, at))
            if x != y {
                found.append(
                    .init(kind: .urgency, path: "urgency", a: x.map(JSONValue.number), b: y.map(JSONValue.number)))
            }
        }
        return found
    }

    /// The current todo's urgency at `now`, from its deadline; nil without one.
    private func urgency(_ task: JSONObject, _ now: UTCTime) -> Double? {
        guard let current = task["currentTodo"]?.stringValue,
            let todo = Self.todos(task)[BytewiseString(current)],
            let text = todo["deadline"]?.stringValue, case let .success(deadline) = UTCTime.parse(text)
        else { return nil }
        // Rounded to a millionth, so that two platforms' renderings of one deadline agree.
        return (Urgency.value(deadline: deadline, now: now) * 1_000_000).rounded() / 1_000_000
    }

    private static func todos(_ task: JSONObject) -> [BytewiseString: JSONObject] {
        var out: [BytewiseString: JSONObject] = [:]
        for todo in task["todos"]?.arrayValue ?? [] {
            guard let object = todo.objectValue, let id = object["todoTaskId"]?.stringValue else { continue }
            if out[BytewiseString(id)] == nil { out[BytewiseString(id)] = object }
        }
        return out
    }

    /// The keys of both objects, each once, in the bytes' order.
    private static func keys(_ a: JSONObject, _ b: JSONObject) -> [String] {
        Set((a.keys + b.keys).map(BytewiseString.init)).map(\.string).sorted { $0.utf8Precedes($1) }
    }

    /// Equal as canonical JSON (so member order and number spelling do not count).
    private static func same(_ x: JSONValue?, _ y: JSONValue?) -> Bool {
        switch (x, y) {
        case (nil, nil): return true
        case let (x?, y?): return CanonicalJSON.bytes(of: x) == CanonicalJSON.bytes(of: y)
        default: return false
        }
    }
}
