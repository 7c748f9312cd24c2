import RedoCrypto

/// Log-level validation over all records of an export: deduplication by id, parents,
/// lamport, duplicate CREATE, todo references, deletedChain, MERGE base, and the
/// broken-branch rules. The verdict depends only on the set of records, never on their
/// order: nodes are processed parents-first, ties broken by REDO's total order.
public struct LogValidator: Sendable {
    /// At most this many related ids are named per inherited finding (the smallest ids).
    public static let maxRelated = 8

    public init() {}

    /// Takes the checks by value and lets go of them as soon as their parts are sorted
    /// out: a caller that `consume`s its array never holds a million nodes twice.
    public func validate(_ checks: consuming [NodeCheck]) -> LogVerdict {
        var pass = LogPass([checks])
        return pass.run()
    }

    /// The same for checks gathered in batches: each batch is let go of as soon as it has
    /// been read, so a large log never exists as one array of checks plus its copy.
    public func validate(batches: consuming [[NodeCheck]]) -> LogVerdict {
        var pass = LogPass(batches)
        return pass.run()
    }

    /// Validation fed batch by batch (records keep their order across batches): the
    /// grouping of one batch can run while the next is still being checked.
    public struct Incremental: Sendable {
        private var pass = LogPass([])
        public init() {}
        public mutating func add(_ batch: consuming [NodeCheck]) { pass.add(batch) }
        public mutating func finish() -> LogVerdict { pass.run() }

        /// The verdict on the records added so far, keeping them: `verdict(rejecting:)`
        /// can then run the rules again.
        public func verdict() -> LogVerdict {
            var copy = pass
            return copy.run()
        }

        /// The verdict had the `late` records failed their node-level checks with one more
        /// finding, `finding`: records that were checked as passing while their signature
        /// was still being verified (`NodeValidator.check(bytes:deferringSignature:)`), and
        /// whose signature then failed. Equal to the verdict of adding those records'
        /// final checks in the first place.
        /// Consumes the records: called once, last, and in place so that the nodes of the
        /// rejected records are let go of before the rules run again.
        public mutating func finish(rejecting late: [LateRejection], with finding: Finding) -> LogVerdict {
            pass.regroup(rejecting: late, with: finding)
            return pass.run()
        }
    }
}

/// A record that passed node-level checks when it was grouped, and failed one later.
/// Compact (a log with a million bad signatures has a million of these).
public struct LateRejection: Sendable {
    /// The record's position among all records added.
    public let record: Int
    /// The id it claims (a passing record's id is well-formed).
    public let id: NodeID

    public init(record: Int, id: NodeID) {
        self.record = record
        self.id = id
    }
}

/// One run of the log rules. Node state lives in arrays indexed by the node's position
/// in `nodes`, so a million-node log costs a few flat arrays, not a million objects.
struct LogPass {
    private var verdicts: [RecordVerdict]
    /// Records whose string id is malformed: listed verbatim, with the furthest code.
    /// Keyed by bytes: `String` equality would merge canonically equivalent texts (a
    /// precomposed and a decomposed é), which are different ids.
    private var malformedIds: [BytewiseString: ErrorCode] = [:]
    /// Nodes that passed node-level checks, one per id; `representative[i]` is the record
    /// that stands for node i.
    private var nodes: [Node] = []
    private var representative: [Int] = []
    private var index: [NodeID: Int32] = [:]
    /// Ids claimed by records of which none passed node-level checks, with the code of the
    /// record that got furthest.
    private var rejectedAtNodeLevel: [NodeID: ErrorCode] = [:]

    private enum State: Equatable {
        case unprocessed, valid, rejectedOwn, ancestorRejected, afterDelete
    }
    private var state: [State] = []
    private var primary: [ErrorCode?] = []
    /// Nearest E-rejected ancestors (capped, smallest first) of X_ANCESTOR_REJECTED nodes,
    /// and nearest DELETE ancestors of X_AFTER_DELETE ones.
    private var rejectedRoots: [Int32: [NodeID]] = [:]
    private var deleteRoots: [Int32: [NodeID]] = [:]

    /// Valid nodes' positions in the ancestry structure (-1 while not valid).
    private var ancestryIndex: [Int32] = []
    private var ancestry = Ancestry()
    private var ancestryNodes: [Int32] = []
    /// Field writers of valid nodes, for MERGE semantics.
    private var history = History()
    /// Tracks every task's history, not just those with a MERGE: for tests, which hold
    /// the two to the same verdict.
    var historyOfEveryTask = false
    /// Decisions of the MERGE being processed, kept when it turns out valid.
    private var pendingDecisions: MergeDecisions?
    private var mergeDecisions: [NodeID: MergeDecisions] = [:]
    /// The first valid CREATE_TODO of each (task, todo) in processing order.
    private var todoCreators: [TodoKey: Int32] = [:]
    private var originalCreate: [UUIDv4: Int32] = [:]

    /// Every node's parents as positions in `nodes` (-1: not a node of the log), in one
    /// flat array: node i's are `parentPosition[parentStart[i]..<parentStart[i + 1]]`.
    /// Looked up once, then read by the ordering and by the rules.
    private var parentStart: [Int] = []
    private var parentPosition: [Int32] = []

    /// Ids whose records all failed node-level checks so far, with the furthest code.
    private var failedCodes: [NodeID: ErrorCode] = [:]
    /// Duplicate records (passing, same id as an earlier passing one): record → node.
    /// Few in any real log; kept so that a late rejection can promote a duplicate.
    private var duplicateOf: [Int32: Int32] = [:]

    /// Failing records whose parents the broken-branch rules still follow (see
    /// `NodeCheck.followableParents`): the X rules run for every record, not only for
    /// nodes that pass node-level checks. Record k's parents are
    /// `failedParents[failedParentEnd[k - 1]..<failedParentEnd[k]]`, one flat array.
    private var failedRecords: [Int32] = []
    private var failedParentEnd: [Int] = []
    private var failedParents: [NodeID] = []

    init(_ batches: consuming [[NodeCheck]]) {
        verdicts = []
        verdicts.reserveCapacity(batches.reduce(0) { $0 + $1.count })
        for k in batches.indices {
            let batch = batches[k]
            batches[k] = [] // release the batch's nodes once they are copied out
            groupRecords(batch)
        }
    }

    mutating func add(_ batch: consuming [NodeCheck]) {
        groupRecords(batch)
    }

    mutating func run() -> LogVerdict {
        for (id, code) in failedCodes where index[id] == nil {
            rejectedAtNodeLevel[id] = code
        }
        failedCodes = [:]
        chooseOriginalCreates()
        let order = processingOrder()
        history = History(nodes: nodes, trackedTasks: historyOfEveryTask ? nil : nodes.withUnsafeBufferPointer(History.tasksWithMerges))
        ancestry.reserveCapacity(nodes.count)
        ancestryNodes.reserveCapacity(nodes.count)
        state = Array(repeating: .unprocessed, count: nodes.count)
        primary = Array(repeating: nil, count: nodes.count)
        ancestryIndex = Array(repeating: -1, count: nodes.count)
        let nodes = self.nodes // the same storage, read in place by the rules (see NodeRef)
        nodes.withUnsafeBufferPointer { nodes in
            for position in order { process(NodeRef(nodes, position)) }
            addInheritedFindingsToFailedRecords(nodes)
        }
        return finish(order)
    }

    // MARK: Records to nodes

    /// Records with the same claimed id are the same node. The first passing record (in
    /// input order) stands for it, other passing ones are duplicates; failing records are
    /// rejected on their own. An id with no passing record is rejected as a node.
    private mutating func groupRecords(_ checks: consuming [NodeCheck]) {
        for k in checks.indices {
            let recordIndex = verdicts.count
            let claimedNodeId = checks[k].claimedNodeId
            let malformedId = claimedNodeId == nil ? checks[k].claimedId : nil // read before take()
            let followable = checks[k].passed ? nil : checks[k].followableParents
            // Moved out of the batch, not copied: a copy would retain all the node holds
            // only for the batch to release it.
            let (node, findings) = checks[k].take()
            let code = findings.primaryCode
            verdicts.append(node != nil ? RecordVerdict(status: .valid, code: nil, findings: findings)
                                        : RecordVerdict(status: .rejected, code: code, findings: findings))
            guard let id = claimedNodeId else {
                if let text = malformedId.map(BytewiseString.init), let code { malformedIds[text] = max(malformedIds[text] ?? code, code) }
                continue
            }
            if let node {
                if let existing = index[id] {
                    verdicts[recordIndex].status = .duplicate
                    duplicateOf[Int32(recordIndex)] = existing
                } else {
                    index[id] = Int32(nodes.count)
                    nodes.append(node)
                    representative.append(recordIndex)
                }
            } else if let code {
                failedCodes[id] = max(failedCodes[id] ?? code, code)
                if let followable { noteFailedRecord(recordIndex, parents: followable) }
            }
        }
    }

    private mutating func noteFailedRecord(_ record: Int, parents: [NodeID]) {
        failedRecords.append(Int32(record))
        failedParents += parents
        failedParentEnd.append(failedParents.count)
    }

    /// Makes the grouping `groupRecords` would have made had each `late` record been a failing
    /// check (its findings plus `finding`, no node): the record is rejected; a node whose
    /// standing record is rejected passes to its first remaining duplicate, or is gone; and
    /// nodes keep the order of their standing records, as grouping gives them.
    mutating func regroup(rejecting late: [LateRejection], with finding: Finding) {
        guard !late.isEmpty else { return }
        var rejected = Set<Int>(minimumCapacity: late.count)
        for rejection in late {
            var verdict = verdicts[rejection.record]
            verdict.findings.append(finding)
            verdict.status = .rejected
            verdict.code = verdict.findings.primaryCode
            verdicts[rejection.record] = verdict
            if let code = verdict.code { failedCodes[rejection.id] = max(failedCodes[rejection.id] ?? code, code) }
            // It passed every check but its signature: its id is its content's hash.
            if let position = index[rejection.id] {
                noteFailedRecord(rejection.record, parents: nodes.withUnsafeBufferPointer { $0[Int(position)].parents })
            }
            rejected.insert(rejection.record)
            duplicateOf[Int32(rejection.record)] = nil
        }
        // Each node's standing record: its first passing record that is not rejected.
        var duplicates: [Int32: [Int]] = [:]
        for (record, node) in duplicateOf { duplicates[node, default: []].append(Int(record)) }
        var standing: [(record: Int, node: Node)] = []
        for (position, node) in nodes.enumerated() {
            var record = representative[position]
            if rejected.contains(record) {
                guard let next = duplicates[Int32(position)]?.min() else { continue } // no passing record left
                record = next
                verdicts[record].status = .valid
                duplicateOf[Int32(record)] = nil
            }
            standing.append((record, node))
        }
        standing.sort { $0.record < $1.record }
        let oldNodes = nodes
        nodes = standing.map(\.node)
        representative = standing.map(\.record)
        standing = []
        index = [:]
        index.reserveCapacity(nodes.count)
        for (position, node) in nodes.enumerated() { index[node.id] = Int32(position) }
        let newIndex = index
        duplicateOf = duplicateOf.mapValues { newIndex[oldNodes[Int($0)].id]! }
    }

    /// The original CREATE of a task is the earliest wall, then the smallest id, among
    /// CREATEs that pass node-level checks.
    private mutating func chooseOriginalCreates() {
        var originalCreate: [UUIDv4: Int32] = [:]
        // Fields read in place: binding each node to a value would retain all it holds.
        nodes.withUnsafeBufferPointer { nodes in
            for position in nodes.indices where nodes[position].action == .create {
                let task = nodes[position].taskId
                if let current = originalCreate[task] {
                    if (nodes[position].wall, nodes[position].id) < (nodes[Int(current)].wall, nodes[Int(current)].id) { originalCreate[task] = Int32(position) }
                } else {
                    originalCreate[task] = Int32(position)
                }
            }
        }
        self.originalCreate = originalCreate
    }

    // MARK: Order

    private mutating func resolveParents() {
        parentStart = [Int](repeating: 0, count: nodes.count + 1)
        parentPosition = []
        parentPosition.reserveCapacity(nodes.count)
        for position in nodes.indices {
            for parent in nodes[position].parents { parentPosition.append(index[parent] ?? -1) }
            parentStart[position + 1] = parentPosition.count
        }
    }

    /// The order the rules visit nodes in: parents first, and among nodes whose parents
    /// are all visited, the smallest in the total order. The same for any input order.
    private mutating func processingOrder() -> [Int] {
        resolveParents()
        return nodes.withUnsafeBufferPointer { nodes in
            Self.totalOrderIfTopological(nodes, parentStart: parentStart, parentPosition: parentPosition)
                ?? Self.topologicalOrder(nodes, parentStart: parentStart, parentPosition: parentPosition)
        }
    }

    /// The nodes sorted by the total order, if that puts every parent before its children
    /// (it does whenever each lamport exceeds its parents', as in every valid log). Kahn's
    /// algorithm would then return exactly this order — at each step the smallest node
    /// left is ready — but a sort of mostly ordered keys costs far less than a million
    /// heap operations.
    static func totalOrderIfTopological(_ nodes: UnsafeBufferPointer<Node>, parentStart: [Int], parentPosition: [Int32]) -> [Int]? {
        var keys = (0..<nodes.count).map { NodeHeap.Entry(nodes, position: Int32($0)) }
        keys.sort { $0 < $1 } // a closure: `by: <` sorted through an unspecialized function reference, slower
        var rank = [Int32](repeating: 0, count: nodes.count)
        for (r, key) in keys.enumerated() { rank[Int(key.position)] = Int32(r) }
        for position in 0..<nodes.count {
            for k in parentStart[position]..<parentStart[position + 1] where parentPosition[k] >= 0 {
                if rank[Int(parentPosition[k])] > rank[position] { return nil }
            }
        }
        return keys.map { Int($0.position) }
    }

    /// Kahn's algorithm with a heap keyed by (lamport, wall, id): parents always come
    /// first, and among ready nodes the total order decides, so the result is the same for
    /// any input order (and is exactly the total order when lamports are consistent).
    static func topologicalOrder(_ nodes: UnsafeBufferPointer<Node>, parentStart: [Int], parentPosition: [Int32]) -> [Int] {
        let count = nodes.count
        var pendingParents = [Int32](repeating: 0, count: count)
        var childCount = [Int32](repeating: 0, count: count + 1)
        // Parents are distinct: a node listing one twice fails node-level checks.
        for position in 0..<count {
            for k in parentStart[position]..<parentStart[position + 1] where parentPosition[k] >= 0 {
                pendingParents[position] += 1
                childCount[Int(parentPosition[k]) + 1] += 1
            }
        }
        // Children as one flat array (CSR): start offsets by prefix sum.
        for k in 0..<count { childCount[k + 1] += childCount[k] }
        var fill = childCount
        var children = [Int32](repeating: 0, count: Int(childCount[count]))
        for position in 0..<count {
            for k in parentStart[position]..<parentStart[position + 1] where parentPosition[k] >= 0 {
                let p = Int(parentPosition[k])
                children[Int(fill[p])] = Int32(position)
                fill[p] += 1
            }
        }
        var heap = NodeHeap()
        for position in 0..<count where pendingParents[position] == 0 { heap.push(NodeHeap.Entry(nodes, position: Int32(position))) }
        var order: [Int] = []
        order.reserveCapacity(count)
        while let next = heap.pop() {
            order.append(Int(next))
            for k in Int(childCount[Int(next)])..<Int(childCount[Int(next) + 1]) {
                let child = children[k]
                pendingParents[Int(child)] -= 1
                if pendingParents[Int(child)] == 0 { heap.push(NodeHeap.Entry(nodes, position: child)) }
            }
        }
        // Verified ids make cycles impossible (a cycle needs a SHA-256 fixed point); if the
        // impossible happened, the remaining nodes are still processed, last.
        if order.count < count {
            let placed = Set(order)
            order += (0..<count).filter { !placed.contains($0) }.sorted { NodeHeap.Entry(nodes, position: Int32($0)) < NodeHeap.Entry(nodes, position: Int32($1)) }
        }
        return order
    }

    // MARK: Rules

    private mutating func process(_ node: NodeRef) {
        let position = Int32(node.position), nodes = node.nodes
        pendingDecisions = nil
        var own: [Finding] = []
        var roots: [NodeID] = []
        var deletes: [NodeID] = []
        var parentPositions: [Int32] = []
        var allParentsKnown = true
        var allParentsValid = true

        let firstParent = parentStart[Int(position)]
        parentPositions.reserveCapacity(node.parents.count)
        for (k, parent) in node.parents.enumerated() {
            let p = parentPosition[firstParent + k]
            if p >= 0 {
                // Fields read in place: copying a whole Node would retain all its storage.
                parentPositions.append(p)
                if nodes[Int(p)].taskId != node.taskId {
                    own.append(Finding(.parentOtherTask, "parent \(parent) belongs to task \(nodes[Int(p)].taskId), not \(node.taskId)", path: "$.parents[\(k)]", related: [parent.text]))
                    allParentsValid = false
                }
            }
            switch standing(of: parent, at: p, in: nodes, roots: &roots, deletes: &deletes) {
            case .sound:
                break
            case .broken:
                allParentsValid = false
            case .onlyFailedRecords:
                allParentsKnown = false
                allParentsValid = false
            case .notInLog:
                own.append(Finding(.parentNotFound, "parent \(parent) is not in the log", path: "$.parents[\(k)]", related: [parent.text]))
                allParentsKnown = false
                allParentsValid = false
            }
        }

        checkLamport(node, parentPositions: parentPositions, allParentsKnown: allParentsKnown, into: &own)
        if node.action == .create, let original = originalCreate[node.taskId], original != position {
            let first = nodes[Int(original)]
            own.append(Finding(.createDuplicate, "task \(node.taskId) already has its CREATE \(first.id) (earliest wall, then smallest id)", path: "$.action", related: [first.id.text]))
        }
        if let todo = node.payload.todoTaskId, todo == node.taskId {
            own.append(Finding(.todoIsTaskId, "todoTaskId \(todo) is the task's own id", path: "$.data.payload.todoTaskId"))
        }
        // Rules over the node's history run only on a sound history: below a rejected
        // node or a DELETE the node is already rejected for that reason. (A valid node
        // always has a sound history, so the parents' ancestry positions serve both.)
        let parentAncestry = allParentsValid ? parentPositions.map { ancestryIndex[Int($0)] } : []
        if allParentsValid {
            checkHistory(node, parentPositions: parentPositions, parentAncestry: parentAncestry, into: &own)
        }

        let findings = own + Self.inheritedFindings(roots: &roots, deletes: &deletes)
        if !roots.isEmpty { rejectedRoots[position] = roots }
        if !deletes.isEmpty { deleteRoots[position] = deletes }

        if own.hasErrors {
            state[Int(position)] = .rejectedOwn
        } else if !roots.isEmpty {
            state[Int(position)] = .ancestorRejected
        } else if !deletes.isEmpty {
            state[Int(position)] = .afterDelete
        } else {
            state[Int(position)] = .valid
            registerValid(node, position: position, parentAncestry: parentAncestry)
        }
        primary[Int(position)] = findings.primaryCode

        // Untouched when there is nothing to add: a verdict run on a copy of the pass
        // (`Incremental.verdict`) would otherwise copy all the record verdicts.
        guard !findings.isEmpty else { return }
        let record = representative[Int(position)]
        verdicts[record].findings += findings
        if let code = findings.primaryCode {
            verdicts[record].status = .rejected
            verdicts[record].code = code
        }
    }

    /// Where a parent stands under the broken-branch rules. A broken parent's root causes
    /// (the nearest E-rejected nodes, or the DELETEs above) are added to `roots` or
    /// `deletes`. `p` is the parent's position in `nodes`, -1 when no passing record holds it.
    private enum ParentStanding { case sound, broken, onlyFailedRecords, notInLog }

    private func standing(of parent: NodeID, at p: Int32, in nodes: UnsafeBufferPointer<Node>,
                          roots: inout [NodeID], deletes: inout [NodeID]) -> ParentStanding {
        guard p >= 0 else {
            guard rejectedAtNodeLevel[parent] != nil else { return .notInLog }
            roots.append(parent)
            return .onlyFailedRecords
        }
        switch state[Int(p)] {
        case .valid:
            guard nodes[Int(p)].action == .delete else { return .sound }
            deletes.append(parent)
        case .rejectedOwn: roots.append(parent)
        case .ancestorRejected: roots += rejectedRoots[p] ?? []
        case .afterDelete: deletes += deleteRoots[p] ?? []
        case .unprocessed: break
        }
        return .broken
    }

    /// The X findings for what the parents handed down; cuts `roots` and `deletes` to the
    /// smallest ids, as they are kept for the node's own children.
    private static func inheritedFindings(roots: inout [NodeID], deletes: inout [NodeID]) -> [Finding] {
        var findings: [Finding] = []
        if !roots.isEmpty {
            roots = smallest(roots)
            let texts = roots.map(\.text)
            findings.append(Finding(.ancestorRejected, "descends from rejected node\(texts.count > 1 ? "s" : "") \(texts.joined(separator: ", "))", path: "$.parents", related: texts))
        }
        if !deletes.isEmpty {
            deletes = smallest(deletes)
            let texts = deletes.map(\.text)
            findings.append(Finding(.afterDelete, "descends from DELETE \(texts.joined(separator: ", "))", path: "$.parents", related: texts))
        }
        return findings
    }

    /// The X rules for records that failed node-level checks, run once every node's
    /// standing is known. Only the findings grow: such a record's own E finding stays its
    /// primary code, and nothing descends from a record (children name ids, and an id's
    /// standing is its node's).
    private mutating func addInheritedFindingsToFailedRecords(_ nodes: UnsafeBufferPointer<Node>) {
        var start = 0
        for (k, record) in failedRecords.enumerated() {
            let end = failedParentEnd[k]
            var roots: [NodeID] = [], deletes: [NodeID] = []
            for parent in failedParents[start..<end] {
                _ = standing(of: parent, at: index[parent] ?? -1, in: nodes, roots: &roots, deletes: &deletes)
            }
            start = end
            let findings = Self.inheritedFindings(roots: &roots, deletes: &deletes)
            if !findings.isEmpty { verdicts[Int(record)].findings += findings }
        }
    }

    private func checkLamport(_ node: NodeRef, parentPositions: [Int32], allParentsKnown: Bool, into own: inout [Finding]) {
        let nodes = node.nodes
        if node.action == .create {
            if node.lamport != 1 {
                own.append(Finding(.lamportCreate, "a CREATE has lamport 1, found \(node.lamport)", path: "$.timestamp.lamport"))
            }
        } else if allParentsKnown, !parentPositions.isEmpty {
            var highest = Int64.min
            for p in parentPositions { highest = max(highest, nodes[Int(p)].lamport) }
            guard node.lamport != highest + 1 else { return }
            own.append(Finding(.lamportSuccessor, "lamport must be \(highest + 1) (the parents' highest is \(highest)), found \(node.lamport)", path: "$.timestamp.lamport"))
        }
    }

    /// Todo references, todoTaskId reuse, deletedChain and MERGE base: rules over the
    /// node's ancestors, all of which are valid here.
    private mutating func checkHistory(_ node: NodeRef, parentPositions: [Int32], parentAncestry: [Int32], into own: inout [Finding]) {
        let nodes = node.nodes
        switch node.payload {
        case let .completeTodo(todo, _, _), let .snooze(todo, _, _):
            guard todo != node.taskId else { return }
            let creator = todoCreators[TodoKey(task: node.taskId, todo: todo)]
            let reachable = creator.map { c in parentAncestry.contains { ancestry.isAncestor(ancestryIndex[Int(c)], of: $0) } } ?? false
            if !reachable {
                let note = creator.map { " (\(nodes[Int($0)].id) creates it on another branch)" } ?? ""
                own.append(Finding(.todoNotAncestor, "todo \(todo) is not created by an ancestor CREATE_TODO\(note)", path: "$.data.payload.todoTaskId",
                                   related: creator.map { [nodes[Int($0)].id.text] } ?? []))
            }
        case let .createTodo(todo, _, _):
            if todo != node.taskId, let creator = todoCreators[TodoKey(task: node.taskId, todo: todo)] {
                own.append(Finding(.todoReused, "todo \(todo) was already created by \(nodes[Int(creator)].id)", path: "$.data.payload.todoTaskId",
                                   related: [nodes[Int(creator)].id.text]))
            }
        case let .delete(chain):
            own += DeletedChainRule.check(chain, parents: parentPositions, nodes: self.nodes, index: index)
        case let .merge(merge):
            checkMergeBase(merge.base, node: node, parentAncestry: parentAncestry, into: &own)
            // MERGE semantics run only for a MERGE that is otherwise valid.
            if !own.hasErrors, let base = index[merge.base] {
                let evaluator = MergeEvaluator(history: history, ancestry: ancestry)
                switch evaluator.evaluate(nodes[node.position], merge, base: ancestryIndex[Int(base)], parents: parentAncestry) {
                case let .success(decisions): pendingDecisions = decisions
                case let .failure(finding): own.append(finding)
                }
            }
        default:
            break
        }
    }

    private func checkMergeBase(_ base: NodeID, node: NodeRef, parentAncestry: [Int32], into own: inout [Finding]) {
        let nodes = node.nodes
        let path = "$.data.payload.base"
        guard let b = index[base] else {
            if rejectedAtNodeLevel[base] != nil {
                own.append(Finding(.mergeBaseNotAncestor, "base \(base) is a rejected node, not an ancestor of the parents", path: path, related: [base.text]))
            } else {
                own.append(Finding(.mergeBaseNotFound, "base \(base) is not in the log", path: path, related: [base.text]))
            }
            return
        }
        guard nodes[Int(b)].taskId == node.taskId else {
            own.append(Finding(.mergeBaseNotFound, "base \(base) belongs to task \(nodes[Int(b)].taskId)", path: path, related: [base.text]))
            return
        }
        let baseAncestry = ancestryIndex[Int(b)]
        let misses = zip(node.parents, parentAncestry).filter { _, p in baseAncestry < 0 || !ancestry.isAncestor(baseAncestry, of: p) }.map(\.0)
        if !misses.isEmpty {
            own.append(Finding(.mergeBaseNotAncestor, "base \(base) is not an ancestor of parent\(misses.count > 1 ? "s" : "") \(misses.map(\.text).joined(separator: ", "))", path: path,
                               related: [base.text] + misses.map(\.text)))
        }
    }

    private mutating func registerValid(_ node: NodeRef, position: Int32, parentAncestry: [Int32]) {
        assert(!parentAncestry.contains(-1), "a valid node's parents are valid")
        let ancestryPosition = Int32(ancestryNodes.count)
        ancestry.add(index: ancestryPosition, lamport: node.lamport, parents: parentAncestry)
        history.register(position, parents: parentAncestry, decisions: pendingDecisions)
        if let decisions = pendingDecisions { mergeDecisions[node.id] = decisions }
        ancestryIndex[Int(position)] = ancestryPosition
        ancestryNodes.append(position)
        if case let .createTodo(todo, _, _) = node.payload {
            let key = TodoKey(task: node.taskId, todo: todo)
            if todoCreators[key] == nil { todoCreators[key] = position }
        }
    }

    /// The distinct ids, smallest first, at most `maxRelated` of them. Usually one id: a
    /// chain below a break hands its single root down, so that case skips the sorting.
    private static func smallest(_ ids: [NodeID]) -> [NodeID] {
        guard ids.count > 1 else { return ids }
        var sorted = ids.sorted()
        var distinct = 1
        for k in 1..<sorted.count where sorted[k] != sorted[distinct - 1] {
            sorted[distinct] = sorted[k]
            distinct += 1
        }
        return Array(sorted.prefix(min(distinct, LogValidator.maxRelated)))
    }

    // MARK: Result

    private func finish(_ order: [Int]) -> LogVerdict {
        LogVerdict(records: verdicts, nodes: nodes, nodeStatus: primary, order: order.map(Int32.init), rejected: rejectedIds(),
                   mergeDecisions: mergeDecisions, duplicateOf: duplicateOf.mapValues { Int32(representative[Int($0)]) })
    }

    /// Every claimed id no valid node holds, sorted by text. Well-formed ids sort as
    /// digests (the same order as their text, and far cheaper than comparing a million
    /// strings); the few malformed ones sort as text and are merged in. The two lists
    /// never share an id: text that parses as an id is never kept as malformed.
    private func rejectedIds() -> [(id: String, code: ErrorCode)] {
        var wellFormed: [(id: NodeID, code: ErrorCode)] = []
        for (position, code) in primary.enumerated() {
            if let code { wellFormed.append((nodes[position].id, code)) }
        }
        for (id, code) in rejectedAtNodeLevel { wellFormed.append((id, code)) }
        wellFormed.sort { $0.id < $1.id }
        let malformed = malformedIds.map { (id: $0.key.string, code: $0.value) }.sortedByUTF8 { $0.id }

        var rejected: [(id: String, code: ErrorCode)] = []
        rejected.reserveCapacity(wellFormed.count + malformed.count)
        var m = malformed.startIndex
        for entry in wellFormed {
            let text = entry.id.text
            while m < malformed.endIndex, malformed[m].id.utf8Precedes(text) {
                rejected.append(malformed[m])
                m += 1
            }
            rejected.append((text, entry.code))
        }
        rejected += malformed[m...]
        return rejected
    }
}
