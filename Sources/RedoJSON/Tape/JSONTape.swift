/// A parsed document as one flat array of 16-byte entries in source order, instead of a
/// tree of reference-counted values: parsing appends to two arrays and allocates nothing
/// per value, and the arrays are kept (capacity and all) for the next document.
///
/// A container's entry records the index just past its subtree, so a reader steps over
/// any value in O(1). Strings are not copied when they had no escapes: the entry points
/// into the parsed input, which must therefore outlive every use of the tape. Strings
/// with escapes are stored unescaped in `arena`.
struct JSONTape {
    enum Kind: UInt8 {
        case null, `false`, `true`, number
        /// Bytes in the input (no escapes in the source, so none needed on output).
        case verbatimString, verbatimKey
        /// Bytes in `arena`, unescaped.
        case arenaString, arenaKey
        case array, object
    }

    struct Entry {
        /// The kind in the low 8 bits; for strings and keys, the byte length above them.
        var header: UInt64
        /// Strings and keys: offset of the bytes (in the input or `arena`, per kind).
        /// Numbers: the double's bit pattern. Containers: the index past the subtree.
        var payload: UInt64

        @inline(__always) init(_ kind: Kind, length: Int = 0, payload: UInt64 = 0) {
            header = UInt64(kind.rawValue) | UInt64(length) << 8
            self.payload = payload
        }

        /// Read without `Kind(rawValue:)`'s check, which was not inlined and cost more than
        /// the rest of many readers: headers are only made by `init` from a `Kind`, and a
        /// case's tag is its raw value (cases in raw-value order from 0).
        @inline(__always) var kind: Kind {
            let raw = UInt8(truncatingIfNeeded: header)
            assert(Kind(rawValue: raw) != nil, "a header holds a Kind")
            return unsafeBitCast(raw, to: Kind.self)
        }
        @inline(__always) var length: Int { Int(header >> 8) }
        @inline(__always) var offset: Int { Int(payload) }
        @inline(__always) var isContainer: Bool { UInt8(truncatingIfNeeded: header) >= Kind.array.rawValue }
    }

    var entries: [Entry] = []
    var arena: [UInt8] = []

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
    }
}

/// Records parser events on a `JSONTape`.
struct JSONTapeBuilder: JSONEventSink {
    var tape = JSONTape()
    /// Entry indices of the open containers, innermost last.
    private var open: [Int] = []

    /// Empties the tape for the next document, keeping all capacity.
    mutating func reset() {
        tape.removeAll()
        open.removeAll(keepingCapacity: true)
    }

    mutating func beginObject() { begin(.object) }
    mutating func beginArray() { begin(.array) }
    mutating func endObject() { end() }
    mutating func endArray() { end() }

    @inline(__always)
    private mutating func begin(_ kind: JSONTape.Kind) {
        open.append(tape.entries.count)
        tape.entries.append(JSONTape.Entry(kind))
    }

    @inline(__always)
    private mutating func end() {
        tape.entries[open.removeLast()].payload = UInt64(tape.entries.count)
    }

    mutating func key(_ text: JSONStringBytes) { append(text, verbatim: .verbatimKey, arena: .arenaKey) }
    mutating func string(_ text: JSONStringBytes) { append(text, verbatim: .verbatimString, arena: .arenaString) }

    @inline(__always)
    private mutating func append(_ text: JSONStringBytes, verbatim: JSONTape.Kind, arena: JSONTape.Kind) {
        if let offset = text.inputOffset {
            tape.entries.append(JSONTape.Entry(verbatim, length: text.bytes.count, payload: UInt64(offset)))
        } else {
            tape.entries.append(JSONTape.Entry(arena, length: text.bytes.count, payload: UInt64(tape.arena.count)))
            tape.arena.append(contentsOf: text.bytes)
        }
    }

    mutating func number(_ value: Double) { tape.entries.append(JSONTape.Entry(.number, payload: value.bitPattern)) }
    mutating func bool(_ value: Bool) { tape.entries.append(JSONTape.Entry(value ? .true : .false)) }
    mutating func null() { tape.entries.append(JSONTape.Entry(.null)) }
}
