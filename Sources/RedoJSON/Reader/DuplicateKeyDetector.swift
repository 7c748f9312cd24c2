#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Remembers the keys of every open object so that each new key is checked against its
/// siblings the moment it is read (I-JSON forbids duplicate names, and the reader must
/// name the earliest duplicate). Keys compare as unescaped UTF-8 bytes, so "\u0061" and
/// "a" collide while "K" and KELVIN SIGN do not.
///
/// Keys are not copied when they had no escapes: a key is remembered as a span of the
/// input. Only escaped keys are copied, unescaped, into `arena`. Small objects (nearly
/// every object) are checked by a linear scan over an 8-byte head and the length, which
/// settles almost every comparison without touching the bytes; an object that outgrows
/// `linearScanLimit` switches to a hash table keyed by a per-process seeded hash, so
/// crafted keys cannot make the check quadratic.
struct DuplicateKeyDetector {
    private struct KeyRef {
        /// The first 8 bytes (all bytes of a shorter key) packed into an integer. With
        /// `length` it decides equality outright for keys of up to 8 bytes and rejects
        /// most unequal longer ones.
        var head: UInt64
        var length: Int
        /// >= 0: offset of the bytes in the input; < 0: `~offset` into `arena`.
        var start: Int
    }

    /// The keys of one open object: `refs[refStart...]`, and a hash table once it is large.
    private struct ObjectKeys {
        var refStart: Int
        var arenaStart: Int
        /// `tables[level]` holds this object's hash table when non-zero (capacity - 1).
        var tableMask: Int
    }

    static let linearScanLimit = 16

    private var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var refs: [KeyRef] = []
    private var arena: [UInt8] = []
    private var objects: [ObjectKeys] = []
    /// One reusable table per object nesting level (slot = ref index - refStart + 1,
    /// 0 = empty). Reused so a long array of large objects allocates once.
    private var tables: [[Int]] = []

    /// Forgets everything; keys are spans of `input` from now on.
    mutating func reset(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        refs.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        objects.removeAll(keepingCapacity: true)
    }

    mutating func beginObject() {
        objects.append(ObjectKeys(refStart: refs.count, arenaStart: arena.count, tableMask: 0))
    }

    mutating func endObject() {
        let object = objects.removeLast()
        refs.removeSubrange(object.refStart...)
        if arena.count > object.arenaStart { arena.removeSubrange(object.arenaStart...) }  // only escaped keys use it
    }

    /// Adds `key` to the innermost open object; false if that object already has it.
    mutating func insert(_ key: JSONStringBytes) -> Bool {
        let level = objects.count - 1
        let refStart = objects[level].refStart
        let head = Self.head(key.bytes)
        let length = key.bytes.count

        if objects[level].tableMask != 0 {
            if tableLookup(key.bytes, level: level, refStart: refStart) { return false }
            append(key, head: head)
            tableInsert(refs.count - 1, level: level, refStart: refStart)
            return true
        }

        for position in refStart..<refs.count {
            let other = refs[position]
            if other.head == head && other.length == length && (length <= 8 || equalBytes(other, key.bytes)) {
                return false
            }
        }
        append(key, head: head)
        if refs.count - refStart > Self.linearScanLimit { buildTable(level: level, refStart: refStart) }
        return true
    }

    private mutating func append(_ key: JSONStringBytes, head: UInt64) {
        let start: Int
        if let offset = key.inputOffset {
            start = offset
        } else {
            start = ~arena.count
            arena.append(contentsOf: key.bytes)
        }
        refs.append(KeyRef(head: head, length: key.bytes.count, start: start))
    }

    // MARK: Bytes

    @inline(__always)
    private static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if bytes.count >= 8 { return UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(as: UInt64.self) }
        // Short keys (most keys) byte by byte: cheaper than a memcpy call. The order of
        // bytes in the head does not matter here, only equality.
        var head: UInt64 = 0
        for byte in bytes { head = head << 8 | UInt64(byte) }
        return head
    }

    private func withBytes<R>(of ref: KeyRef, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if ref.start >= 0 { return body(UnsafeBufferPointer(rebasing: input[ref.start..<ref.start + ref.length])) }
        let start = ~ref.start
        return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<start + ref.length])) }
    }

    private func equalBytes(_ ref: KeyRef, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard ref.length == bytes.count else { return false }
        if ref.length == 0 { return true }
        return withBytes(of: ref) { memcmp($0.baseAddress!, bytes.baseAddress!, ref.length) == 0 }
    }

    // MARK: Hash table (objects with more than `linearScanLimit` keys)

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()  // seeded per process: collisions cannot be precomputed
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }

    /// (Re)builds the table of object `level` from all its keys, at most half full.
    private mutating func buildTable(level: Int, refStart: Int) {
        let count = refs.count - refStart
        var capacity = 64
        while capacity < count * 2 { capacity *= 2 }
        while tables.count <= level { tables.append([]) }
        tables[level].removeAll(keepingCapacity: true)
        tables[level].append(contentsOf: repeatElement(0, count: capacity))
        objects[level].tableMask = capacity - 1
        for position in refStart..<refs.count { tableInsert(position, level: level, refStart: refStart, grow: false) }
    }

    private mutating func tableInsert(_ position: Int, level: Int, refStart: Int, grow: Bool = true) {
        let count = refs.count - refStart
        if grow && count * 2 > objects[level].tableMask + 1 {
            buildTable(level: level, refStart: refStart)  // inserts every key, this one included
            return
        }
        let mask = objects[level].tableMask
        var slot = withBytes(of: refs[position]) { Self.hash($0) } & mask
        while tables[level][slot] != 0 { slot = (slot + 1) & mask }
        tables[level][slot] = position - refStart + 1
    }

    private func tableLookup(_ bytes: UnsafeBufferPointer<UInt8>, level: Int, refStart: Int) -> Bool {
        let mask = objects[level].tableMask
        var slot = Self.hash(bytes) & mask
        while true {
            let entry = tables[level][slot]
            if entry == 0 { return false }
            if equalBytes(refs[refStart + entry - 1], bytes) { return true }
            slot = (slot + 1) & mask
        }
    }
}
