// MERGE: 2-10 parents of one task (of any task with modifier bit 3), a base that is their
// latest common ancestor, a random node or an unknown id, and optional policy and task/todo
// resolutions of every strategy.
import RedoCore
import RedoJSON

extension LogBuild {
    /// Builds a MERGE (an UPDATE while fewer than two nodes are built).
    mutating func merge(_ modifiers: UInt8) {
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
    }
}
