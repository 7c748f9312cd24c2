/// A binary min-heap of node positions ordered by REDO's total order.
struct NodeHeap {
    private let nodes: [Node]
    private var items: [Int32] = []

    init(nodes: [Node]) { self.nodes = nodes }

    private func less(_ a: Int32, _ b: Int32) -> Bool { nodes[Int(a)].precedes(nodes[Int(b)]) }

    mutating func push(_ item: Int32) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(items[child], items[parent]) else { break }
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
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count && less(items[left], items[smallest]) { smallest = left }
                if right < items.count && less(items[right], items[smallest]) { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
