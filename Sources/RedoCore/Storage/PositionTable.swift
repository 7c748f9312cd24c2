import RedoCrypto

/// What a `PositionTable` finds positions by: a value each entry of its storage determines
/// (a node's id in a `NodeStore`, a task id in the store's table of tasks).
protocol PositionKey {
    /// What the table's positions index.
    associatedtype Storage
    associatedtype Value: Equatable
    /// The key of the entry at `position`, read in place; only asked of entries the table holds.
    static func key(at position: Int, in storage: Storage) -> Value
    /// The key's hash, from `WordHash`: keys come from input, and with this process's
    /// random keys input cannot choose which of them share a slot.
    static func hash(_ key: Value) -> Int
}

/// Positions in some storage, found by a key each entry determines (a node's id, its task,
/// the todo it creates; a task id in a table of tasks): an open-addressing table of
/// positions alone.
///
/// Keys are read from the storage itself, so a table costs 8 to 16 bytes an entry. A
/// `[NodeID: Int32]` held every 32-byte id a second time at three-quarters load (about 75
/// bytes a node on a million-node log), and a `[TodoKey: Int32]` about 57 MB there.
struct PositionTable<Key: PositionKey> {
    /// Positions, or `empty`; the count is a power of two at most half full.
    private var slots: [Int32] = []
    private(set) var count = 0
    private static var empty: Int32 { -1 }

    init() {}

    /// The position of the entry with `key`, nil when the table holds none.
    func position(of key: Key.Value, in nodes: Key.Storage) -> Int32? {
        slot(of: key, in: nodes).map { slots[$0] }
    }

    /// Adds the entry at `position`, whose key the table does not hold yet.
    mutating func insert(_ position: Int32, in nodes: Key.Storage) {
        if 2 * (count + 1) > slots.count { grow(in: nodes) }
        place(position, key: Key.key(at: Int(position), in: nodes))
        count += 1
    }

    /// Makes the entry at `position` the one its key finds, in place of the one found so far.
    mutating func replace(with position: Int32, in nodes: Key.Storage) {
        guard let slot = slot(of: Key.key(at: Int(position), in: nodes), in: nodes) else {
            preconditionFailure("replace(with:) needs a key the table holds")
        }
        slots[slot] = position
    }

    /// Forgets the entry at `position`, if the table holds it (a live log judging a task
    /// again forgets what the task's nodes registered). The entries after it in its probe
    /// run move back, so that every key is still found without tombstones.
    mutating func remove(_ position: Int32, in nodes: Key.Storage) {
        guard var hole = slot(of: Key.key(at: Int(position), in: nodes), in: nodes), slots[hole] == position else {
            return
        }
        let mask = slots.count - 1
        var next = (hole + 1) & mask
        while slots[next] != Self.empty {
            // An entry may fill the hole when its home slot does not lie between the hole
            // and where it stands (cyclically): it was placed past the hole.
            let home = Key.hash(Key.key(at: Int(slots[next]), in: nodes)) & mask
            if (next - home) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Self.empty
        count -= 1
    }

    /// Room for `capacity` entries without growing.
    mutating func reserveCapacity(_ capacity: Int, in nodes: Key.Storage) {
        guard 2 * capacity > slots.count else { return }
        rebuild(slotCount: Self.slotCount(for: capacity), in: nodes)
    }

    /// The slot holding the node with `key`.
    private func slot(of key: Key.Value, in nodes: Key.Storage) -> Int? {
        guard !slots.isEmpty else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Key.hash(key) & mask
            while true {
                let position = slots[slot]
                if position == Self.empty { return nil }
                if Key.key(at: Int(position), in: nodes) == key { return slot }
                slot = (slot + 1) & mask
            }
        }
    }

    private mutating func grow(in nodes: Key.Storage) {
        rebuild(slotCount: Self.slotCount(for: count + 1), in: nodes)
    }

    private mutating func rebuild(slotCount: Int, in nodes: Key.Storage) {
        let old = slots
        slots = [Int32](repeating: Self.empty, count: slotCount)
        for position in old where position != Self.empty {
            place(position, key: Key.key(at: Int(position), in: nodes))
        }
    }

    private mutating func place(_ position: Int32, key: Key.Value) {
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Key.hash(key) & mask
            while slots[slot] != Self.empty { slot = (slot + 1) & mask }
            slots[slot] = position
        }
    }

    /// The smallest power of two at least twice `entries` (and at least 16).
    private static func slotCount(for entries: Int) -> Int {
        var count = 16
        while count < 2 * entries { count *= 2 }
        return count
    }
}
