import RedoCrypto
import RedoJSON

// The order the rules visit nodes in: parents first, then REDO's total order.
extension LogPass {
    /// The order the rules visit nodes in: parents first, and among nodes whose parents
    /// are all visited, the smallest in the total order. The same for any input order.
    func processingOrder() -> [Int32] {
        Self.totalOrderIfTopological(nodes) ?? Self.topologicalOrder(nodes)
    }

    /// The nodes sorted by the total order, if that puts every parent before its children
    /// (it does whenever each lamport exceeds its parents', as in every valid log). Kahn's
    /// algorithm would then return exactly this order — at each step the smallest node
    /// left is ready — but a sort of mostly ordered keys costs far less than a million
    /// heap operations.
    static func totalOrderIfTopological(_ nodes: NodeStore) -> [Int32]? {
        var keys = (0..<nodes.count).map { NodeHeap.Entry(nodes, position: Int32($0)) }
        // In place: the keys are distinct (one node per id), so a stable sort's scratch
        // buffer, half the keys again, would buy nothing.
        let ids = nodes.ids
        InPlaceSort.sort(&keys) {
            OperationCount.add()
            return $0.precedes($1, ids: ids)
        }
        OperationCount.add(nodes.count + nodes.parentReferenceCount)
        var rank = [Int32](repeating: 0, count: nodes.count)
        for (r, key) in keys.enumerated() { rank[Int(key.position)] = Int32(r) }
        for position in 0..<nodes.count {
            for k in nodes.parentRange(of: position) where nodes.parentPosition(k) >= 0 {
                if rank[Int(nodes.parentPosition(k))] > rank[position] { return nil }
            }
        }
        return keys.map(\.position)
    }

    /// Kahn's algorithm with a heap keyed by (lamport, wall, id): parents always come
    /// first, and among ready nodes the total order decides, so the result is the same for
    /// any input order (and is exactly the total order when lamports are consistent).
    static func topologicalOrder(_ nodes: NodeStore) -> [Int32] {
        let count = nodes.count
        OperationCount.add(2 * (count + nodes.parentReferenceCount))
        var pendingParents = [Int32](repeating: 0, count: count)
        var childCount = [Int32](repeating: 0, count: count + 1)
        // Parents are distinct: a node listing one twice fails node-level checks.
        for position in 0..<count {
            for k in nodes.parentRange(of: position) where nodes.parentPosition(k) >= 0 {
                pendingParents[position] += 1
                childCount[Int(nodes.parentPosition(k)) + 1] += 1
            }
        }
        // Children as one flat array (CSR): start offsets by prefix sum.
        for k in 0..<count { childCount[k + 1] += childCount[k] }
        var fill = childCount
        var children = [Int32](repeating: 0, count: Int(childCount[count]))
        for position in 0..<count {
            for k in nodes.parentRange(of: position) where nodes.parentPosition(k) >= 0 {
                let p = Int(nodes.parentPosition(k))
                children[Int(fill[p])] = Int32(position)
                fill[p] += 1
            }
        }
        var heap = NodeHeap(nodes)
        for position in 0..<count where pendingParents[position] == 0 {
            heap.push(NodeHeap.Entry(nodes, position: Int32(position)))
        }
        var order: [Int32] = []
        order.reserveCapacity(count)
        while let next = heap.pop() {
            order.append(next)
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
            OperationCount.add(count)
            order += (0..<Int32(count)).filter { !placed.contains($0) }.sorted {
                NodeHeap.Entry(nodes, position: $0).precedes(NodeHeap.Entry(nodes, position: $1), ids: nodes.ids)
            }
        }
        return order
    }
}
