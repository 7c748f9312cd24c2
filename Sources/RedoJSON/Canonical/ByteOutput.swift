/// Where the canonical formatters (`StringEscaping`, `ESNumberFormat`) write. `[UInt8]`
/// is one; `ByteCursor` is the other, for the tape path. Both paths share the
/// formatting code byte for byte and differ only in how a byte is stored.
protocol ByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteOutput where Element == UInt8 {}

/// Raw, growable memory for `ByteCursor`; freed with the object.
final class ByteStorage {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Moves the first `count` bytes to new memory with room for at least `needed`.
    func grow(keeping count: Int, toAtLeast needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// Appends bytes to a `ByteStorage` through a raw pointer. An array append costs a call
/// (the uniqueness check) per byte; here a byte costs a compare against `end`, and the
/// rare growth goes out of line.
struct ByteCursor: ByteOutput {
    private let storage: ByteStorage
    private var position: UnsafeMutablePointer<UInt8>
    private var end: UnsafeMutablePointer<UInt8>

    /// Starts writing at the beginning of `storage` (its previous contents are dropped).
    init(_ storage: ByteStorage) {
        self.storage = storage
        position = storage.base
        end = storage.base + storage.capacity
    }

    /// The bytes written so far (valid until the next append).
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage.base, count: position - storage.base) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if position == end { makeRoom(for: 1) }
        position.pointee = byte
        position += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if end - position < bytes.count { makeRoom(for: bytes.count) }
        position.update(from: source, count: bytes.count)
        position += bytes.count
    }

    @inline(never)
    private mutating func makeRoom(for count: Int) {
        let used = position - storage.base
        storage.grow(keeping: used, toAtLeast: used + count)
        position = storage.base + used
        end = storage.base + storage.capacity
    }
}
