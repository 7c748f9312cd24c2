/// Writes the RFC 8785 form of a `JSONTape`: the same bytes `CanonicalJSON.bytes(of:)`
/// writes for the equivalent `JSONValue`, without building the tree.
///
/// Iterative (an explicit stack of open containers), so any depth the parser accepted is
/// fine. Objects are sorted through one reusable stack of member records shared by all
/// open objects, so once the stacks have grown nothing is allocated per object (only the
/// standard library's sort, used past `insertionSortLimit` members, may allocate).
struct TapeCanonicalizer {
    /// One member of an object being written: its key's entry index and a sort head.
    private struct Member {
        /// The key's first 8 bytes, big-endian, with lead bytes remapped (`utf16Rank`) so
        /// that comparing heads as integers agrees with UTF-16 order. Unequal heads decide
        /// a comparison; equal heads fall back to the full `UTF16KeyOrder` comparison.
        var head: UInt64
        var keyEntry: Int
    }

    /// An open container. Arrays: `next` is the entry after the element being written.
    /// Objects: `next` is the member being written, in `members[start..<end]`.
    private struct Frame {
        var isObject: Bool
        var next: Int
        var end: Int
        var start: Int
    }

    private var members: [Member] = []
    private var open: [Frame] = []
    /// Top-level keys not to write (for the write in progress).
    private var excluded: [JSONKey] = []
    /// Where the output is assembled before it is copied to the caller's array.
    private var storage = ByteStorage()

    /// Bytes its reusable buffers hold (what keeping this canonicalizer costs).
    var capacityBytes: Int {
        storage.capacity + members.capacity * MemoryLayout<Member>.stride + open.capacity * MemoryLayout<Frame>.stride
    }

    /// Sorting by insertion below this many members: no allocation, few comparisons on
    /// the small objects REDO is made of.
    private static let insertionSortLimit = 24

    /// Appends the canonical form of `tape` (parsed from `input`) to `out`.
    ///
    /// Writes into `storage` through a `ByteCursor`, then copies the result to `out` in
    /// one go: one copy is cheaper than a capacity and uniqueness check on every byte
    /// appended to `out`.
    mutating func write(_ tape: JSONTape, input: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        write(tape, input: input, excludingTopLevel: [], to: &out)
    }

    /// The same, leaving out the named members of the top-level object (a node's body is
    /// the node without `id` and `signature`).
    mutating func write(
        _ tape: JSONTape, input: UnsafeBufferPointer<UInt8>, excludingTopLevel excluded: [JSONKey],
        to out: inout [UInt8]
    ) {
        tape.entries.withUnsafeBufferPointer { entries in
            tape.arena.withUnsafeBufferPointer { arena in
                write(Source(entries: entries, arena: arena, input: input), value: 0, excluding: excluded, to: &out)
            }
        }
    }

    /// Appends the canonical form of the value at entry `value` of `source`, leaving out
    /// the `excluded` members if that value is an object.
    mutating func write(_ source: Source, value: Int, excluding excluded: [JSONKey], to out: inout [UInt8]) {
        self.excluded = excluded
        members.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        // A copied canonicalizer must not write into the original's memory.
        if !isKnownUniquelyReferenced(&storage) { storage = ByteStorage(capacity: storage.capacity) }
        var cursor = ByteCursor(storage)
        write(source, from: value, to: &cursor)
        out.append(contentsOf: cursor.written)
    }

    /// The tape and the buffers its strings point into.
    struct Source {
        let entries: UnsafeBufferPointer<JSONTape.Entry>
        let arena: UnsafeBufferPointer<UInt8>
        let input: UnsafeBufferPointer<UInt8>

        @inline(__always)
        func bytes(_ entry: JSONTape.Entry) -> UnsafeBufferPointer<UInt8> {
            let buffer = entry.kind == .verbatimString || entry.kind == .verbatimKey ? input : arena
            return UnsafeBufferPointer(rebasing: buffer[entry.offset..<entry.offset + entry.length])
        }

        /// The entry after the value at `index` (its subtree skipped).
        @inline(__always)
        func after(_ index: Int) -> Int {
            let entry = entries[index]
            return entry.isContainer ? entry.offset : index + 1
        }
    }

    private mutating func write(_ source: Source, from start: Int, to out: inout ByteCursor) {
        let entries = source.entries
        var index = start
        writing: while true {
            let entry = entries[index]
            switch entry.kind {
            case .null: Self.append("null", to: &out)
            case .false: Self.append("false", to: &out)
            case .true: Self.append("true", to: &out)
            case .number: ESNumberFormat.append(Double(bitPattern: entry.payload), into: &out)
            case .verbatimString, .verbatimKey: Self.appendVerbatim(source.bytes(entry), to: &out)
            case .arenaString, .arenaKey: StringEscaping.appendQuoted(utf8: source.bytes(entry), into: &out)
            case .array:
                out.append(ASCII.openBracket)
                if entry.offset == index + 1 {
                    out.append(ASCII.closeBracket)
                } else {
                    index += 1
                    open.append(Frame(isObject: false, next: source.after(index), end: entry.offset, start: 0))
                    continue writing
                }
            case .object:
                out.append(ASCII.openBrace)
                if entry.offset == index + 1 {
                    out.append(ASCII.closeBrace)
                } else {
                    let start = members.count
                    let topLevel = open.isEmpty && !excluded.isEmpty
                    var key = index + 1
                    while key < entry.offset {
                        let keyBytes = source.bytes(entries[key])
                        if !(topLevel && excluded.containsKey(keyBytes)) {
                            members.append(Member(head: Self.sortHead(keyBytes), keyEntry: key))
                        }
                        key = source.after(key + 1)
                    }
                    if members.count == start {  // every member left out
                        out.append(ASCII.closeBrace)
                        break
                    }
                    sortMembers(from: start, source)
                    open.append(Frame(isObject: true, next: start, end: members.count, start: start))
                    index = writeKey(start, source, to: &out)
                    continue writing
                }
            }

            // The value is written: move to the next one, closing finished containers.
            while let frame = open.last {
                if frame.isObject {
                    let next = frame.next + 1
                    if next < frame.end {
                        open[open.count - 1].next = next
                        out.append(ASCII.comma)
                        index = writeKey(next, source, to: &out)
                        continue writing
                    }
                    out.append(ASCII.closeBrace)
                    members.removeSubrange(frame.start...)
                } else {
                    if frame.next < frame.end {
                        index = frame.next
                        open[open.count - 1].next = source.after(index)
                        out.append(ASCII.comma)
                        continue writing
                    }
                    out.append(ASCII.closeBracket)
                }
                open.removeLast()
            }
            return
        }
    }

    /// Writes `"key":` of `members[position]`; returns the entry of its value.
    @inline(__always)
    private func writeKey(_ position: Int, _ source: Source, to out: inout ByteCursor) -> Int {
        let keyEntry = members[position].keyEntry
        let key = source.entries[keyEntry]
        if key.kind == .verbatimKey {
            Self.appendVerbatim(source.bytes(key), to: &out)
        } else {
            StringEscaping.appendQuoted(utf8: source.bytes(key), into: &out)
        }
        out.append(ASCII.colon)
        return keyEntry + 1
    }

    // MARK: Key order

    private mutating func sortMembers(from start: Int, _ source: Source) {
        let count = members.count - start
        guard count > 1 else { return }
        members.withUnsafeMutableBufferPointer { all in
            var slice = UnsafeMutableBufferPointer(rebasing: all[start...])
            if count <= Self.insertionSortLimit {
                for i in 1..<count {
                    let member = slice[i]
                    var j = i
                    while j > 0 && Self.precedes(member, slice[j - 1], source) {
                        slice[j] = slice[j - 1]
                        j -= 1
                    }
                    slice[j] = member
                }
            } else {
                slice.sort { Self.precedes($0, $1, source) }
            }
        }
    }

    @inline(__always)
    private static func precedes(_ a: Member, _ b: Member, _ source: Source) -> Bool {
        if a.head != b.head { return a.head < b.head }
        return UTF16KeyOrder.precedes(
            utf8: source.bytes(source.entries[a.keyEntry]), source.bytes(source.entries[b.keyEntry]))
    }

    /// The first 8 bytes of `key` as a big-endian integer (zero padded) with every byte
    /// passed through `utf16Rank`. For valid UTF-8, comparing remapped bytes
    /// lexicographically is comparing UTF-16 code units: see `utf16Rank`. A zero pad
    /// can only meet a real byte at or after the end of the shorter key, where the
    /// shorter key must sort first anyway, so unequal heads always decide correctly.
    @inline(__always)
    static func sortHead(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var head: UInt64 = 0
        if key.count >= 8 {
            head = UInt64(bigEndian: UnsafeRawPointer(key.baseAddress!).loadUnaligned(as: UInt64.self))
        } else {
            for byte in key { head = head << 8 | UInt64(byte) }
            head = key.isEmpty ? 0 : head << (8 * (8 - key.count))
        }
        if head & 0x8080_8080_8080_8080 == 0 { return head }  // ASCII: nothing to remap
        var ranked: UInt64 = 0
        for shift in stride(from: 56, through: 0, by: -8) {
            ranked = ranked << 8 | UInt64(utf16Rank(UInt8(truncatingIfNeeded: head >> UInt64(shift))))
        }
        return ranked
    }

    /// Remaps UTF-8 lead bytes so byte order equals UTF-16 order. UTF-8 byte order is code
    /// point order; UTF-16 differs only in putting astral characters (lead bytes F0–F4,
    /// surrogates D800–DBFF) before U+E000–U+FFFF (lead bytes EE, EF). Moving F0–F4 down
    /// to EE–F2 and EE, EF up to F3, F4 fixes exactly that; continuation bytes (80–BF)
    /// and every other lead byte keep their value, and the ranges cannot be confused.
    @inline(__always)
    static func utf16Rank(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0xEE, 0xEF: return byte &+ 5
        case 0xF0...0xF4: return byte &- 2
        default: return byte
        }
    }

    // MARK: Output

    /// A string without escapes in the source has nothing to escape on output either.
    @inline(__always)
    private static func appendVerbatim(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteCursor) {
        out.append(ASCII.quote)
        out.append(contentsOf: bytes)
        out.append(ASCII.quote)
    }

    @inline(__always)
    private static func append(_ literal: StaticString, to out: inout ByteCursor) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
