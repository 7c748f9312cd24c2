import RedoCrypto
import RedoJSON

/// A binary min-heap of node positions ordered by REDO's total order.
///
/// Each entry carries its node's order key (lamport, wall, the id's first word) inline:
/// comparisons read the heap's own contiguous memory instead of reaching into a
/// million-node array at random, which is what made the heap a cache-miss hot spot on
/// large logs.
struct NodeHeap {
    struct Entry {
        let lamport: Int64
        let wall: Int64
        /// The id's most significant 32 bits: they decide every tie but one between ids
        /// that share them, which `precedes` settles from the nodes. 24 bytes an entry
        /// instead of 56 (a million-node sort holds a million of them).
        let idHead: UInt32
        let position: Int32

        /// The key of the node at `position`.
        init(_ nodes: NodeStore, position: Int32) {
            lamport = nodes.lamport(at: Int(position))
            wall = nodes.wall(at: Int(position)).millisecondsSinceEpoch
            idHead = UInt32(truncatingIfNeeded: nodes.id(at: Int(position)).digest.w0 >> 32)
            self.position = position
        }

        /// REDO's total order: lamport, then wall, then id; `ids` is the store's id column
        /// (`NodeStore.ids`). The column, not the store: a closure or heap that holds a
        /// whole store copies all of its columns' references on every call.
        @inline(__always)
        func precedes(_ other: Entry, ids: [NodeID]) -> Bool {
            if lamport != other.lamport { return lamport < other.lamport }
            if wall != other.wall { return wall < other.wall }
            if idHead != other.idHead { return idHead < other.idHead }
            return ids[Int(position)] < ids[Int(other.position)]
        }
    }

    private let ids: [NodeID]
    private var items: [Entry] = []

    init(_ nodes: NodeStore) { ids = nodes.ids }

    mutating func push(_ entry: Entry) {
        items.append(entry)
        var child = items.count - 1
        while child > 0 {
            OperationCount.add()
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent], ids: ids) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Int32? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                OperationCount.add()
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count && items[left].precedes(items[smallest], ids: ids) { smallest = left }
                if right < items.count && items[right].precedes(items[smallest], ids: ids) { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top.position
    }
}
