/// A value of a parsed document, read straight from the parse tape: no tree, no string
/// until one is asked for. Valid only inside `JSONTapeValue.parse`'s closure, which owns
/// the tape and the input its strings point into.
package struct JSONTapeValue: JSONReadable {
    typealias Source = TapeCanonicalizer.Source
    let source: Source
    let index: Int

    /// Parses `bytes` strictly (the same rules and errors as `JSONReader`) and calls `body`
    /// with the document's value.
    package static func parse<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default,
        _ body: (JSONTapeValue) -> R
    ) throws(JSONSyntaxError) -> R {
        // The tape lives in this thread's workspace (reused, see TapeWorkspace).
        try TapeWorkspace.withParsed(bytes, limits: limits) { tape in
            tape.entries.withUnsafeBufferPointer { entries in
                tape.arena.withUnsafeBufferPointer { arena in
                    body(JSONTapeValue(source: Source(entries: entries, arena: arena, input: bytes), index: 0))
                }
            }
        }
    }

    private var entry: JSONTape.Entry { source.entries[index] }

    package var typeName: String {
        switch entry.kind {
        case .null: return "null"
        case .false, .true: return "a boolean"
        case .number: return "a number"
        case .verbatimString, .arenaString, .verbatimKey, .arenaKey: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    package var isNull: Bool { entry.kind == .null }

    package var numberValue: Double? {
        let entry = entry
        return entry.kind == .number ? Double(bitPattern: entry.payload) : nil
    }

    package var boolValue: Bool? {
        switch entry.kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    package var stringValue: String? {
        withUTF8String { String(decoding: $0, as: UTF8.self) }
    }

    package func withUTF8String<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let entry = entry
        guard entry.kind == .verbatimString || entry.kind == .arenaString else { return nil }
        return body(source.bytes(entry))
    }

    package var objectValue: JSONTapeObject? {
        entry.kind == .object ? JSONTapeObject(source: source, index: index) : nil
    }

    package var arrayValue: [JSONTapeValue]? {
        let entry = entry
        guard entry.kind == .array else { return nil }
        var elements: [JSONTapeValue] = []
        var element = index + 1
        while element < entry.offset {
            elements.append(JSONTapeValue(source: source, index: element))
            element = source.after(element)
        }
        return elements
    }

    /// The subtree as a `JSONValue`. Recursive, bounded by the reader's depth limit.
    package var jsonValue: JSONValue {
        switch entry.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(numberValue!)
        case .verbatimString, .arenaString, .verbatimKey, .arenaKey:
            return .string(String(decoding: source.bytes(entry), as: UTF8.self))
        case .array: return .array(arrayValue!.map(\.jsonValue))
        case .object:
            var members: [JSONMember] = []
            objectValue!.forEachMember { key, value in members.append(JSONMember(key: key, value: value.jsonValue)) }
            return .object(JSONObject(members))
        }
    }
}

/// An object of a `JSONTapeValue`: members read in place, keys compared as bytes.
package struct JSONTapeObject: JSONObjectReadable {
    let source: JSONTapeValue.Source
    let index: Int

    /// Calls `body` with each member's key bytes and value entry, in source order, until
    /// it returns false.
    @inline(__always)
    private func walk(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        let end = source.entries[index].offset
        var key = index + 1
        while key < end {
            guard body(source.bytes(source.entries[key]), key + 1) else { return }
            key = source.after(key + 1)
        }
    }

    package var count: Int {
        var count = 0
        walk { _, _ in
            count += 1
            return true
        }
        return count
    }

    package subscript(key: JSONKey) -> JSONTapeValue? {
        let entries = source.entries
        let end = entries[index].offset
        var member = index + 1
        while member < end {
            // Lengths first: most keys differ there, and the bytes are not looked at.
            let entry = entries[member]
            if entry.length == key.count && key.matches(source.bytes(entry)) {
                return JSONTapeValue(source: source, index: member + 1)
            }
            member = source.after(member + 1)
        }
        return nil
    }

    package func forEachMember(_ body: (String, JSONTapeValue) -> Void) {
        walk { bytes, value in
            body(String(decoding: bytes, as: UTF8.self), JSONTapeValue(source: source, index: value))
            return true
        }
    }

    package func scanKeys(_ keys: [JSONKey]) -> KeyScan {
        precondition(keys.count <= KeyScan.maxKeys, "at most \(KeyScan.maxKeys) keys are scanned for")
        var scan = KeyScan()
        walk { bytes, value in
            if let k = keys.firstIndex(where: { $0.matches(bytes) }) {
                scan.found(k, at: value)
            } else {
                scan.others.append(String(decoding: bytes, as: UTF8.self))
            }
            return true
        }
        return scan
    }

    package func value(atSlot slot: Int) -> JSONTapeValue { JSONTapeValue(source: source, index: slot) }

    package func canonicalBytes(excluding excluded: [JSONKey]) -> [UInt8] {
        var out: [UInt8] = []
        TapeWorkspace.withCanonicalizer { $0.write(source, value: index, excluding: excluded, to: &out) }
        return out
    }
}
