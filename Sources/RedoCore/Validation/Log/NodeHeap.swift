import RedoCrypto
import RedoJSON

/// A binary min-heap of node positions ordered by REDO's total order.
///
/// Each entry carries its node's order key (lamport, wall, id) inline: comparisons read
/// the heap's own contiguous memory instead of reaching into a million-node array at
/// random, which is what made the heap a cache-miss hot spot on large logs.
struct NodeHeap {
    struct Entry {
        let lamport: Int64
        let wall: Int64
        let id: SHA256Digest
        let position: Int32

        /// The key of `nodes[position]`, its fields read in place (binding the element to a
        /// value would retain and release everything it holds, a million times).
        init(_ nodes: UnsafeBufferPointer<Node>, position: Int32) {
            lamport = nodes[Int(position)].lamport
            wall = nodes[Int(position)].wall.millisecondsSinceEpoch
            id = nodes[Int(position)].id.digest
            self.position = position
        }

        @inline(__always)
        static func < (a: Entry, b: Entry) -> Bool {
            if a.lamport != b.lamport { return a.lamport < b.lamport }
            if a.wall != b.wall { return a.wall < b.wall }
            return a.id < b.id
        }
    }

    private var items: [Entry] = []

    mutating func push(_ entry: Entry) {
        items.append(entry)
        var child = items.count - 1
        while child > 0 {
            OperationCount.add()
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
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
                if left < items.count && items[left] < items[smallest] { smallest = left }
                if right < items.count && items[right] < items[smallest] { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top.position
    }
}
