/// What the validator reads of a parsed JSON value, whatever holds it: a `JSONValue` tree
/// (records that arrive parsed, such as the entries of an export map) or a view of the
/// parse tape (`JSONTapeValue`, records that arrive as bytes, with no tree built). The
/// rules are written once, generic over this protocol.
package protocol JSONReadable {
    associatedtype Object: JSONObjectReadable where Object.Value == Self
    /// A short name of the value's JSON type, for messages ("a number").
    var typeName: String { get }
    var isNull: Bool { get }
    var numberValue: Double? { get }
    var boolValue: Bool? { get }
    var stringValue: String? { get }
    /// Calls `body` with a string value's UTF-8 bytes, without making a `String` (ids,
    /// keys and times are read this way: a million records then build no million
    /// strings); nil when the value is not a string.
    func withUTF8String<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R?
    var objectValue: Object? { get }
    var arrayValue: [Self]? { get }
    /// The value as a tree (for the rare rule that needs all of it).
    var jsonValue: JSONValue { get }
}

/// An object of a `JSONReadable`: members in source order, unique keys.
package protocol JSONObjectReadable {
    associatedtype Value: JSONReadable where Value.Object == Self
    var count: Int { get }
    /// The value stored under `key`, compared bytewise.
    subscript(key: JSONKey) -> Value? { get }
    /// Calls `body` with each member in source order.
    func forEachMember(_ body: (String, Value) -> Void)
    /// In one pass over the members: which of `keys` the object has (bit i for keys[i];
    /// at most 16 keys), where, and every other key, in source order. Compared bytewise.
    func scanKeys(_ keys: [JSONKey]) -> KeyScan
    /// The value at `slot`, a place `scanKeys` recorded on this object (see `value(_:_:)`).
    func value(atSlot slot: Int) -> Value
    /// The canonical bytes of the object without the named members (a node's body).
    func canonicalBytes(excluding excluded: [JSONKey]) -> [UInt8]
}

extension JSONValue: JSONReadable {
    package var jsonValue: JSONValue { self }

    package func withUTF8String<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard case var .string(text) = self else { return nil }
        return text.withUTF8(body)
    }
}

extension JSONObject: JSONObjectReadable {
    package func forEachMember(_ body: (String, JSONValue) -> Void) {
        for member in members { body(member.key, member.value) }
    }

    /// The value stored under `key`, compared bytewise (no `String` is made for the key).
    public subscript(key: JSONKey) -> JSONValue? {
        for index in members.indices where key.matches(members[index].key) { return members[index].value }
        return nil
    }

    package func scanKeys(_ keys: [JSONKey]) -> KeyScan {
        precondition(keys.count <= KeyScan.maxKeys, "at most \(KeyScan.maxKeys) keys are scanned for")
        var scan = KeyScan()
        for index in members.indices {
            let key = members[index].key
            if let k = keys.firstIndex(where: { $0.matches(key) }) {
                scan.found(k, at: index)
            } else {
                scan.others.append(key)
            }
        }
        return scan
    }

    package func value(atSlot slot: Int) -> JSONValue { members[slot].value }

    package func canonicalBytes(excluding excluded: [JSONKey]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        CanonicalJSON.append(self, excluding: excluded, to: &out)
        return out
    }
}

/// What `scanKeys` found: the listed keys present and where, and the others.
package struct KeyScan {
    static let maxKeys = 16
    /// Bit i set: the object has the i-th listed key.
    @usableFromInline private(set) var present: UInt64 = 0
    /// Where the i-th listed key's value is (the reader's own position), when present.
    /// Inline: a scan allocates nothing unless the object has unlisted keys.
    @usableFromInline var slots = SIMD16<Int32>(repeating: -1)
    /// Keys not listed, in source order.
    package var others: [String] = []

    @inlinable package func has(_ k: Int) -> Bool { present & 1 << k != 0 }

    mutating func found(_ k: Int, at slot: Int) {
        present |= 1 << k
        slots[k] = Int32(slot)
    }
}

extension JSONObjectReadable {
    /// The value of `keys[k]` as found by `scanKeys(keys)` on this object (no search).
    /// Inlinable, with a scalar slot crossing the module boundary: the rules read about
    /// twenty values per node this way, and a call passing the whole scan cost more than
    /// the read.
    @inlinable
    package func value(_ scan: KeyScan, _ k: Int) -> Value? {
        scan.has(k) ? value(atSlot: Int(scan.slots[k])) : nil
    }
}
