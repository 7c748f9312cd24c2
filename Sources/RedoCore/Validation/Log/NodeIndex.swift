import RedoCrypto

/// Each node's position in the log pass's `nodes`, by id: an open-addressing table of
/// positions alone. The ids are read from the nodes themselves, so the table costs 8 to
/// 16 bytes a node, where a `[NodeID: Int32]` held every 32-byte id a second time at
/// three-quarters load (about 75 bytes a node on a million-node log).
///
/// The slot comes from `WordHash` over all four words with this process's random keys: ids
/// in the table are SHA-256 digests of content, and input cannot choose which of them
/// share a slot.
struct NodeIndex {
    /// Positions, or `empty`; the count is a power of two at most half full.
    private var slots: [Int32] = []
    private(set) var count = 0
    private static let empty: Int32 = -1

    init() {}

    /// The position of the node with `id`, nil when no node in `nodes` has it.
    func position(of id: NodeID, in nodes: UnsafeBufferPointer<Node>) -> Int32? {
        guard !slots.isEmpty else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.slot(of: id, mask: mask)
            while true {
                let position = slots[slot]
                if position == Self.empty { return nil }
                if nodes[Int(position)].id == id { return position }
                slot = (slot + 1) & mask
            }
        }
    }

    func position(of id: NodeID, in nodes: [Node]) -> Int32? {
        nodes.withUnsafeBufferPointer { position(of: id, in: $0) }
    }

    /// Adds `nodes[position]`, whose id the table does not hold yet.
    mutating func insert(_ position: Int32, in nodes: UnsafeBufferPointer<Node>) {
        if 2 * (count + 1) > slots.count { grow(in: nodes) }
        place(position, id: nodes[Int(position)].id)
        count += 1
    }

    mutating func insert(_ position: Int32, in nodes: [Node]) {
        nodes.withUnsafeBufferPointer { insert(position, in: $0) }
    }

    /// Room for `capacity` nodes without growing.
    mutating func reserveCapacity(_ capacity: Int, in nodes: UnsafeBufferPointer<Node>) {
        guard 2 * capacity > slots.count else { return }
        rebuild(slotCount: Self.slotCount(for: capacity), in: nodes)
    }

    private mutating func grow(in nodes: UnsafeBufferPointer<Node>) {
        rebuild(slotCount: Self.slotCount(for: count + 1), in: nodes)
    }

    private mutating func rebuild(slotCount: Int, in nodes: UnsafeBufferPointer<Node>) {
        let old = slots
        slots = [Int32](repeating: Self.empty, count: slotCount)
        for position in old where position != Self.empty { place(position, id: nodes[Int(position)].id) }
    }

    private mutating func place(_ position: Int32, id: NodeID) {
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.slot(of: id, mask: mask)
            while slots[slot] != Self.empty { slot = (slot + 1) & mask }
            slots[slot] = position
        }
    }

    /// The smallest power of two at least twice `nodes` (and at least 16).
    private static func slotCount(for nodes: Int) -> Int {
        var count = 16
        while count < 2 * nodes { count *= 2 }
        return count
    }

    @inline(__always)
    private static func slot(of id: NodeID, mask: Int) -> Int {
        let d = id.digest
        return WordHash.hash(d.w0, d.w1, d.w2, d.w3, seed: 0) & mask
    }
}
