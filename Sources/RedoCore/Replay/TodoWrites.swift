/// The positions of a history (`History`) that wrote each todo of each task, in the order
/// registered: what a todo's state is replayed from.
///
/// Flat arrays threaded into lists, not a dictionary of small arrays: a live log tracks
/// every task's history, and an array for each todo and each task took about 60 bytes a
/// node of a benign account.
struct TodoWrites {
    /// Each (task, todo) registered, by entry; `table` finds an entry by its key. A
    /// forgotten entry's key stays, unreachable, until the history is made anew.
    private var keys: [TodoKey] = []
    private var table = PositionTable<TodoEntryKey>()
    /// Per entry: its first and last write (in `writers`), and the next entry of its task
    /// (-1: none).
    private var firstWrite: [Int32] = []
    private var lastWrite: [Int32] = []
    private var nextOfTask: [Int32] = []
    /// Per write: the position that wrote, and the next write of the same entry (-1: none).
    private var writers: [Int32] = []
    private var nextWrite: [Int32] = []
    /// Per task: its first and last entry, and how many writes its todos have.
    private var tasks: [UUIDv4: (first: Int32, last: Int32, writes: Int)] = [:]

    /// Registers that `position` wrote `todo` of `task`.
    mutating func add(_ position: Int32, task: UUIDv4, todo: UUIDv4) {
        let key = TodoKey(task: task, todo: todo)
        let write = Int32(writers.count)
        writers.append(position)
        nextWrite.append(-1)
        if let entry = table.position(of: key, in: keys).map(Int.init) {
            nextWrite[Int(lastWrite[entry])] = write
            lastWrite[entry] = write
            tasks[task]?.writes += 1
            return
        }
        let entry = Int32(keys.count)
        keys.append(key)
        table.insert(entry, in: keys)
        firstWrite.append(write)
        lastWrite.append(write)
        nextOfTask.append(-1)
        if let ofTask = tasks[task] {
            nextOfTask[Int(ofTask.last)] = entry
            tasks[task] = (ofTask.first, entry, ofTask.writes + 1)
        } else {
            tasks[task] = (entry, entry, 1)
        }
    }

    /// Forgets the writes of `task`'s todos.
    mutating func forget(_ task: UUIDv4) {
        guard let ofTask = tasks.removeValue(forKey: task) else { return }
        var entry = ofTask.first
        while entry >= 0 {
            table.remove(entry, in: keys)
            entry = nextOfTask[Int(entry)]
        }
    }

    /// Forgets the writes of `task`'s todos by positions after `kept`: a live log that judges
    /// the task's nodes after one of them again registers those anew. A task's positions
    /// follow its total order, so each todo's writes after `kept` end its list, and the todos
    /// first written after `kept` end the task's.
    mutating func forget(_ task: UUIDv4, after kept: Int32) {
        guard let ofTask = tasks[task] else { return }
        var writes = 0
        var firstKept: Int32 = -1
        var lastKept: Int32 = -1
        var entry = ofTask.first
        while entry >= 0 {
            OperationCount.add(1)
            let next = nextOfTask[Int(entry)]
            var write = firstWrite[Int(entry)]
            if writers[Int(write)] > kept {
                table.remove(entry, in: keys)
            } else {
                while nextWrite[Int(write)] >= 0, writers[Int(nextWrite[Int(write)])] <= kept {
                    write = nextWrite[Int(write)]
                    writes += 1
                }
                writes += 1
                nextWrite[Int(write)] = -1
                lastWrite[Int(entry)] = write
                if lastKept >= 0 { nextOfTask[Int(lastKept)] = entry } else { firstKept = entry }
                lastKept = entry
            }
            entry = next
        }
        OperationCount.add(writes)
        guard lastKept >= 0 else {
            tasks[task] = nil
            return
        }
        nextOfTask[Int(lastKept)] = -1
        tasks[task] = (firstKept, lastKept, writes)
    }

    /// The positions that wrote `todo` of `task`, in the order registered.
    func writers(of todo: UUIDv4, task: UUIDv4) -> Writers {
        let entry = table.position(of: TodoKey(task: task, todo: todo), in: keys)
        return Writers(writers: writers, following: nextWrite, write: entry.map { firstWrite[Int($0)] } ?? -1)
    }

    /// The todos of `task`, in the order first written; nil when none was written.
    func todos(of task: UUIDv4) -> (todos: [UUIDv4], writes: Int)? {
        guard let ofTask = tasks[task] else { return nil }
        var todos: [UUIDv4] = []
        var entry = ofTask.first
        while entry >= 0 {
            todos.append(keys[Int(entry)].todo)
            entry = nextOfTask[Int(entry)]
        }
        return (todos, ofTask.writes)
    }

    /// How many writes the todos of `task` have; nil when none was written.
    func writeCount(of task: UUIDv4) -> Int? { tasks[task]?.writes }

    /// The positions that wrote one todo, in the order registered.
    struct Writers: Sequence, IteratorProtocol {
        fileprivate let writers: [Int32]
        fileprivate let following: [Int32]
        fileprivate var write: Int32

        mutating func next() -> Int32? {
            guard write >= 0 else { return nil }
            defer { write = following[Int(write)] }
            return writers[Int(write)]
        }
    }
}

/// An entry of `TodoWrites` by its (task, todo).
enum TodoEntryKey: PositionKey {
    @inline(__always)
    static func key(at position: Int, in keys: [TodoKey]) -> TodoKey { keys[position] }

    @inline(__always)
    static func hash(_ key: TodoKey) -> Int { TodoCreatorKey.hash(key) }
}
