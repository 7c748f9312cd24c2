/// Answers "is A an ancestor of (or equal to) X?" among valid nodes, which the todo,
/// MERGE-base and deletedChain rules all ask.
///
/// Every node's first parent forms a spanning forest; skew-binary jump pointers
/// (Myers 1983) find a node's tree ancestor at any depth in O(log n), so on chains and
/// forks — the shapes real logs have — a query is O(log n). Other paths go through a
/// MERGE's further parents: the search follows them only above A's index (nodes are added
/// parents first, so the index grows along every edge and nothing below A's can lead back
/// to A), and never expands one MERGE twice in a query. The index serves where a lamport
/// would: among valid nodes added in processing order it orders at least as finely, and it
/// costs no column of its own.
struct Ancestry {
    private(set) var treeParent: [Int32] = []
    private var depth: [Int32] = []
    private var jump: [Int32] = []
    /// The nearest node at or above this one on its tree path that has several parents.
    private var nearestMerge: [Int32] = []
    private var extraParents: [Int32: [Int32]] = [:]

    /// Makes room for `count` nodes up front: a million appends that regrow each array
    /// would copy it about twenty times.
    mutating func reserveCapacity(_ count: Int) {
        treeParent.reserveCapacity(count)
        depth.reserveCapacity(count)
        jump.reserveCapacity(count)
        nearestMerge.reserveCapacity(count)
    }

    /// Registers node `index` (indices must be added in increasing order, parents first).
    /// `parents` are indices of already-added valid nodes.
    mutating func add(index: Int32, parents: [Int32]) {
        precondition(Int(index) == treeParent.count, "nodes are added in order")
        guard let first = parents.first else {
            treeParent.append(-1)
            depth.append(0)
            jump.append(index)
            nearestMerge.append(-1)
            return
        }
        treeParent.append(first)
        depth.append(depth[Int(first)] + 1)
        let j1 = jump[Int(first)]
        let j2 = jump[Int(j1)]
        if depth[Int(first)] - depth[Int(j1)] == depth[Int(j1)] - depth[Int(j2)] {
            jump.append(j2)
        } else {
            jump.append(first)
        }
        if parents.count > 1 {
            extraParents[index] = Array(parents.dropFirst())
            nearestMerge.append(index)
        } else {
            nearestMerge.append(nearestMerge[Int(first)])
        }
    }

    /// All parents of a node (first parent first).
    func parents(of index: Int32) -> [Int32] {
        let first = treeParent[Int(index)]
        guard first >= 0 else { return [] }
        return [first] + (extraParents[index] ?? [])
    }

    /// Whether `a` is `x` or a first-parent ancestor of it.
    func isTreeAncestor(_ a: Int32, of x: Int32) -> Bool {
        let target = depth[Int(a)]
        var node = x
        guard depth[Int(node)] >= target else { return false }
        while depth[Int(node)] > target {
            OperationCount.add()
            let skip = jump[Int(node)]
            node = depth[Int(skip)] >= target ? skip : treeParent[Int(node)]
        }
        return node == a
    }

    /// Whether `a` is an ancestor of `x` or `x` itself.
    func isAncestor(_ a: Int32, of x: Int32) -> Bool {
        if a == x { return true }
        guard a < x else { return false }
        OperationCount.add()
        // Most questions end at x itself: answered without the walk's sets.
        if isTreeAncestor(a, of: x) { return true }
        if nearestMerge[Int(x)] <= a { return false }
        var pending: [Int32] = [x]
        var expanded = QuerySet()
        var queued = QuerySet()
        _ = queued.insert(x)
        while let y = pending.popLast() {
            if isTreeAncestor(a, of: y) { return true }
            var merge = nearestMerge[Int(y)]
            while merge > a {
                OperationCount.add(1 + (extraParents[merge]?.count ?? 0))
                guard expanded.insert(merge) else { break }
                for parent in extraParents[merge] ?? []
                where parent >= a && queued.insert(parent) {
                    pending.append(parent)
                }
                let up = treeParent[Int(merge)]
                merge = up >= 0 ? nearestMerge[Int(up)] : -1
            }
        }
        return false
    }
}

/// Positions one query has seen: an array while there are few (a scan is cheaper than
/// hashing, and most queries see a handful), a set once there are more.
private struct QuerySet {
    private static let scanned = 32
    private var few: [Int32] = []
    private var many = Set<Int32>()

    /// Whether `position` was new.
    mutating func insert(_ position: Int32) -> Bool {
        if many.isEmpty {
            if few.contains(position) { return false }
            if few.count < Self.scanned {
                few.append(position)
                return true
            }
            many = Set(few)
        }
        return many.insert(position).inserted
    }
}
