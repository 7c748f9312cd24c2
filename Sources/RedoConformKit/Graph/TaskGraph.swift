import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// How a node of a drawn DAG is coloured.
package enum GraphStatus: String, CaseIterable, Sendable {
    case valid
    /// Rejected by an E rule of its own, or by X_AFTER_DELETE: a root cause.
    case rejected
    /// Rejected only because it descends from a rejected node (X_ANCESTOR_REJECTED).
    case descendant
    /// A valid DELETE, or a valid node one lists in its deletedChain.
    case deleted
    /// Valid, with more than one record (the others are duplicates).
    case duplicate
    /// Named as a parent, but no record of the task claims it.
    case missing

    /// What the legend says.
    package var legend: String {
        switch self {
        case .valid: return "valid"
        case .rejected: return "rejected by its own rule (root cause)"
        case .descendant: return "rejected as a descendant"
        case .deleted: return "deleted (a DELETE, or in its chain)"
        case .duplicate: return "valid, with duplicate records"
        case .missing: return "parent not in the task"
        }
    }

    /// Fill and stroke: drawn as SVG attributes, so a drawing needs no stylesheet.
    package var colours: (fill: String, stroke: String) {
        switch self {
        case .valid: return ("#dcf0dc", "#2e7d32")
        case .rejected: return ("#f6c3bd", "#b71c1c")
        case .descendant: return ("#fde2c2", "#e65100")
        case .deleted: return ("#e2e2e2", "#555555")
        case .duplicate: return ("#d3e3f8", "#1565c0")
        case .missing: return ("#ffffff", "#888888")
        }
    }
}

/// How a drawing of one side of a `diff` marks a node, against the other side.
package enum GraphMark: Hashable, Sendable {
    /// No record of the other side claims this id: it is on the named side only.
    case onlyIn(String)
    /// Both sides hold the id, and the copies (E_HASH_MISMATCH on one side) or the
    /// verdicts differ.
    case differs

    /// The short tag drawn on the box.
    package var tag: String {
        switch self {
        case let .onlyIn(side): return "only in \(side)"
        case .differs: return "differs"
        }
    }

    /// What the legend says after the tag.
    package var legend: String {
        switch self {
        case .onlyIn: return "the other side has no record of this id"
        case .differs: return "in both, but the copies or the verdicts differ"
        }
    }

    /// The colour of the ring around a marked box, and of its tag.
    package var colour: String {
        switch self {
        case .onlyIn: return "#c2185b"
        case .differs: return "#00838f"
        }
    }
}

/// One task's DAG as the reports draw it: a node per id claimed by the task's records (a
/// record with no well-formed id is a node of its own), with its status, action, lamport
/// and the parents the verdict follows, plus a `missing` node for each parent no record
/// of the task claims.
package struct TaskGraph: Sendable {
    package struct Node: Sendable {
        /// The claimed id text, or the missing parent's id.
        package var id: String
        package var action: Action?
        package var lamport: Int64?
        /// When and by whom: known for a node that passed the node-level checks (valid, or
        /// rejected by a log rule); the engine keeps no wall or author of a record that failed them.
        package var wall: UTCTime?
        package var author: UserId?
        /// Device and author's name, which the run does not keep: read again from the
        /// node's record for the boxes drawn (`GraphLayout.readingDetails`), nil otherwise.
        package var details: RecordDetails?
        /// Positions in `nodes`.
        package var parents: [Int] = []
        package var status: GraphStatus
        /// The node's primary code, when rejected.
        package var code: ErrorCode?
        /// The records claiming it, in input order (empty in a graph kept past its log:
        /// `everyTask`).
        package var records: [Int] = []
        package var isHead = false
        package var isOriginalCreate = false
        /// What a `diff` drawing marks on it (nil: nothing, and always so outside `diff`).
        package var mark: GraphMark?

        package init(id: String, action: Action? = nil, lamport: Int64? = nil, parents: [Int] = [], status: GraphStatus)
        {
            self.id = id
            self.action = action
            self.lamport = lamport
            self.parents = parents
            self.status = status
        }
    }

    package let taskId: String
    package var nodes: [Node]

    /// A graph of nodes as given (`parents` are positions in `nodes`).
    package init(taskId: String, nodes: [Node]) {
        self.taskId = taskId
        self.nodes = nodes
    }

    /// The graph of the records `records` (all of one task, in input order).
    package init(taskId: String, records: [Int], result: ValidationResult, standing: [NodeID: Int]) {
        self.taskId = taskId
        let verdict = result.verdict
        var nodes: [Node] = []
        var byId: [NodeID: Int] = [:]
        var parentIds: [NodeParents] = []
        var walls: [UTCTime?] = []
        for record in records {
            let id = result.claimedId(record).flatMap { NodeID($0) }
            if let id, let known = byId[id] {
                nodes[known].records.append(record)
                continue
            }
            var node = Node(id: result.claimedId(record) ?? "(no id)", status: .valid)
            node.records = [record]
            var wall: UTCTime?
            if let id, let position = standing[id] {
                let standingNode = verdict.nodes[position]
                node.action = standingNode.action
                node.lamport = standingNode.lamport
                parentIds.append(standingNode.parents)
                wall = standingNode.wall
                node.wall = standingNode.wall
                node.author = standingNode.authorUserId
            } else {
                let place = result.place(record)
                node.action = place?.action
                node.lamport = place?.lamport
                parentIds.append(place?.parents ?? [])
            }
            if let id { byId[id] = nodes.count }
            nodes.append(node)
            walls.append(wall)
        }
        // Statuses from the records: valid when one stands, else the node's code.
        var deletedIds: Set<NodeID> = []
        for k in nodes.indices {
            let verdicts = nodes[k].records.map { verdict.records[$0] }
            if verdicts.contains(where: { $0.status == .valid }) {
                nodes[k].status = verdicts.contains { $0.status == .duplicate } ? .duplicate : .valid
                if let id = NodeID(nodes[k].id), let position = standing[id],
                    case let .delete(chain) = verdict.nodes[position].payload
                {
                    deletedIds.insert(id)
                    deletedIds.formUnion(chain)
                }
            } else {
                let code = verdicts.compactMap(\.code).max()
                nodes[k].code = code
                nodes[k].status = code == .ancestorRejected ? .descendant : .rejected
            }
        }
        // Edges, and a node for each parent the task does not hold.
        let claimed = nodes.count
        for k in 0..<claimed {
            for parent in parentIds[k] {
                if byId[parent] == nil {
                    byId[parent] = nodes.count
                    nodes.append(Node(id: parent.text, status: .missing))
                }
                nodes[k].parents.append(byId[parent]!)
            }
        }
        for k in 0..<claimed where nodes[k].status == .valid || nodes[k].status == .duplicate {
            if let id = NodeID(nodes[k].id), deletedIds.contains(id) { nodes[k].status = .deleted }
        }
        // Heads: valid nodes no valid node names as a parent. The original CREATE: the
        // earliest wall, then smallest id, among CREATEs that passed node-level checks.
        let standingStatuses: Set<GraphStatus> = [.valid, .duplicate, .deleted]
        var named = Array(repeating: false, count: nodes.count)
        for node in nodes where standingStatuses.contains(node.status) {
            for parent in node.parents { named[parent] = true }
        }
        var original: (wall: UTCTime, id: String, position: Int)?
        for k in 0..<claimed {
            if standingStatuses.contains(nodes[k].status) && !named[k] { nodes[k].isHead = true }
            if nodes[k].action == .create, let wall = walls[k],
                original.map({ (wall, nodes[k].id) < ($0.wall, $0.id) }) ?? true
            {
                original = (wall, nodes[k].id, k)
            }
        }
        if let original { nodes[original.position].isOriginalCreate = true }
        self.nodes = nodes
    }

    /// Standing nodes' positions in `verdict.nodes` for the ids the given records claim.
    package static func standingIndex(of records: some Sequence<Int>, in result: ValidationResult) -> [NodeID: Int] {
        var index: [NodeID: Int] = [:]
        for record in records {
            if let id = result.claimedId(record).flatMap({ NodeID($0) }),
                let position = result.verdict.nodes.position(of: id)
            {
                index[id] = position
            }
        }
        return index
    }

    /// Every record of each of `tasks` (taskId texts; nil: of every task), in input order:
    /// one pass over the log. Records without a readable taskId are the task "".
    package static func records(ofTasks tasks: [String]?, in result: ValidationResult) -> [BytewiseString: [Int]] {
        let wanted = tasks.map { Set($0.map(BytewiseString.init)) }
        var found: [BytewiseString: [Int]] = [:]
        for record in result.verdict.records.indices {
            let key = BytewiseString(result.taskId(record) ?? "")
            if wanted?.contains(key) ?? true { found[key, default: []].append(record) }
        }
        return found
    }

    /// The graph of every task of the log, by taskId, to keep once the log is let go
    /// (`diff`'s html report draws them after reading the other side): the nodes' `records`
    /// are dropped, since they index a result that will not be kept.
    package static func everyTask(in result: ValidationResult) -> [BytewiseString: TaskGraph] {
        let recordsOfTask = records(ofTasks: nil, in: result)
        let standing = standingIndex(of: result.verdict.records.indices, in: result)
        var graphs: [BytewiseString: TaskGraph] = [:]
        graphs.reserveCapacity(recordsOfTask.count)
        for (task, records) in recordsOfTask {
            var graph = TaskGraph(taskId: task.string, records: records, result: result, standing: standing)
            for k in graph.nodes.indices { graph.nodes[k].records = [] }
            graphs[task] = graph
        }
        return graphs
    }
}
