// The operations of a log program: one step reads an op byte (low nibble the operation,
// high nibble its modifiers) and the operation's own bytes, and builds one node or edits the
// records.
import RedoCore
import RedoJSON

extension LogBuild {
    /// Runs one operation. The first always builds a CREATE, so that later ones have a node
    /// to build on.
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
            merge(modifiers)
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
}
