import RedoCore

/// Where a task's DAG is drawn: boxes in layers by lamport, long runs folded, and the
/// drawing bounded whatever the task's size.
///
/// - A run of at least `foldLength` nodes of one status, valid or descendant, and one
///   `diff` mark (or none), each the only child of the one before and its only parent, is
///   one box, "N valid nodes" or "N descendants" (heads and the original CREATE are never
///   folded: they are marked).
/// - A layer shows at most `maxBoxesPerLayer` boxes; the rest of it is one "+N more" box.
/// - The drawing shows at most `maxBoxes` boxes; the layers past them are one last box.
///
/// Built in time linear in the task (the boxes of a layer are sorted: n log n at most).
package struct GraphLayout: Sendable {
    package static let foldLength = 4
    package static let maxBoxesPerLayer = 24
    package static let maxBoxes = 240

    package enum Content: Sendable {
        /// One node of the graph.
        case node(Int)
        /// A folded run: its first and last node and how many it holds.
        case run(first: Int, last: Int, count: Int)
        /// Nodes not drawn: how many, and in how many layers (nil: in this layer).
        case more(count: Int, layers: Int?)
    }

    package struct Box: Sendable {
        package var content: Content
        package var status: GraphStatus?
        package var layer: Int
        package var column: Int
        /// Boxes this one descends from directly (drawn ones only).
        package var parents: [Int] = []
    }

    package internal(set) var graph: TaskGraph
    package private(set) var boxes: [Box] = []
    /// The lamport of each layer (nil: nodes with no readable lamport and nothing above).
    package private(set) var layerLamports: [Int64?] = []
    package private(set) var columns = 0

    package init(_ graph: TaskGraph, maxBoxes: Int = GraphLayout.maxBoxes) {
        self.graph = graph
        let nodes = graph.nodes
        let n = nodes.count
        var childCount = Array(repeating: 0, count: n)
        var children = Array(repeating: [Int](), count: n)
        for k in 0..<n {
            for parent in nodes[k].parents {
                childCount[parent] += 1
                children[parent].append(k)
            }
        }
        // Parents first (Kahn's algorithm, input order among the ready): no recursion.
        var pending = nodes.map(\.parents.count)
        var order: [Int] = []
        order.reserveCapacity(n)
        for k in 0..<n where pending[k] == 0 { order.append(k) }
        var next = 0
        while next < order.count {
            for child in children[order[next]] {
                pending[child] -= 1
                if pending[child] == 0 { order.append(child) }
            }
            next += 1
        }
        if order.count < n {  // a cycle no verdict follows; draw its nodes anyway
            var placed = Array(repeating: false, count: n)
            for k in order { placed[k] = true }
            for k in 0..<n where !placed[k] { order.append(k) }
        }
        // Runs: a node joins its parent's run when it may fold and is its only child.
        func foldable(_ k: Int) -> Bool {
            (nodes[k].status == .valid || nodes[k].status == .descendant) && !nodes[k].isHead
                && !nodes[k].isOriginalCreate
        }
        var runOf = Array(repeating: -1, count: n)
        var runs: [(first: Int, last: Int, count: Int)] = []
        for k in order {
            if foldable(k), nodes[k].parents.count == 1, let parent = nodes[k].parents.first, runOf[parent] >= 0,
                foldable(parent), nodes[parent].status == nodes[k].status, nodes[parent].mark == nodes[k].mark,
                childCount[parent] == 1
            {
                runOf[k] = runOf[parent]
                runs[runOf[k]].last = k
                runs[runOf[k]].count += 1
            } else {
                runOf[k] = runs.count
                runs.append((k, k, 1))
            }
        }
        // One box per folded run, else per node.
        var boxOf = Array(repeating: -1, count: n)
        var drafts: [(content: Content, status: GraphStatus, first: Int)] = []
        for run in runs {
            if run.count >= Self.foldLength {
                var k = run.first
                while true {
                    boxOf[k] = drafts.count
                    if k == run.last { break }
                    k = children[k][0]
                }
                drafts.append(
                    (.run(first: run.first, last: run.last, count: run.count), nodes[run.first].status, run.first))
            } else {
                var k = run.first
                while true {
                    boxOf[k] = drafts.count
                    drafts.append((.node(k), nodes[k].status, k))
                    if k == run.last { break }
                    k = children[k][0]
                }
            }
        }
        // Each box's key is the lamport of its first node; one without a readable lamport
        // goes below its parents, a missing parent just above its first child.
        var key = Array(repeating: Int64?.none, count: drafts.count)
        var boxParents = Array(repeating: [Int](), count: drafts.count)
        for k in order {
            let box = boxOf[k]
            for parent in nodes[k].parents where boxOf[parent] != box && !boxParents[box].contains(boxOf[parent]) {
                boxParents[box].append(boxOf[parent])
            }
            guard drafts[box].first == k, nodes[k].status != .missing else { continue }
            key[box] =
                nodes[k].lamport ?? boxParents[box].compactMap { key[$0] }.max().map { $0 &+ 1 } ?? nil
        }
        for k in order where nodes[k].status != .missing {
            for parent in nodes[k].parents where nodes[parent].status == .missing {
                let above = key[boxOf[k]].map { $0 &- 1 }
                if let above, key[boxOf[parent]].map({ above < $0 }) ?? true { key[boxOf[parent]] = above }
            }
        }
        // Layers in key order (no key last), then the caps.
        let keys = Set(key.compactMap { $0 }).sorted()
        var layerOfKey: [Int64: Int] = [:]
        for (layer, value) in keys.enumerated() { layerOfKey[value] = layer }
        let unkeyedLayer = keys.count
        var layers = Array(repeating: [Int](), count: keys.count + 1)
        for box in drafts.indices { layers[key[box].flatMap { layerOfKey[$0] } ?? unkeyedLayer].append(box) }
        var drawnAs = Array(repeating: -1, count: drafts.count)
        var lamports: [Int64?] = []
        for (layerIndex, members) in layers.enumerated() where !members.isEmpty {
            let layer = lamports.count
            if boxes.count + min(members.count, Self.maxBoxesPerLayer) > maxBoxes {
                let hidden = layers[layerIndex...].reduce(0) { total, members in
                    total + members.reduce(0) { $0 + Self.nodeCount(drafts[$1].content) }
                }
                let hiddenLayers = layers[layerIndex...].filter { !$0.isEmpty }.count
                boxes.append(
                    Box(content: .more(count: hidden, layers: hiddenLayers), status: nil, layer: layer, column: 0))
                lamports.append(layerIndex < keys.count ? keys[layerIndex] : nil)
                columns = max(columns, 1)
                break
            }
            // Under their parents, as far as a sort by the parents' mean column can.
            let ordered = members.map { box -> (Double, Int, Int) in
                let placed = boxParents[box].compactMap { drawnAs[$0] >= 0 ? boxes[drawnAs[$0]].column : nil }
                let centre = placed.isEmpty ? Double.infinity : Double(placed.reduce(0, +)) / Double(placed.count)
                return (centre, drafts[box].first, box)
            }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            let shown = ordered.count > Self.maxBoxesPerLayer ? Self.maxBoxesPerLayer - 1 : ordered.count
            for (column, entry) in ordered.prefix(shown).enumerated() {
                drawnAs[entry.2] = boxes.count
                boxes.append(
                    Box(content: drafts[entry.2].content, status: drafts[entry.2].status, layer: layer, column: column))
            }
            if shown < ordered.count {
                let rest = ordered[shown...].reduce(0) { $0 + Self.nodeCount(drafts[$1.2].content) }
                boxes.append(Box(content: .more(count: rest, layers: nil), status: nil, layer: layer, column: shown))
            }
            columns = max(columns, min(ordered.count, Self.maxBoxesPerLayer))
            lamports.append(layerIndex < keys.count ? keys[layerIndex] : nil)
        }
        layerLamports = lamports
        for box in drafts.indices where drawnAs[box] >= 0 {
            boxes[drawnAs[box]].parents = boxParents[box].compactMap { drawnAs[$0] >= 0 ? drawnAs[$0] : nil }
        }
    }

    private static func nodeCount(_ content: Content) -> Int {
        switch content {
        case .node: return 1
        case let .run(_, _, count): return count
        case let .more(count, _): return count
        }
    }
}
