#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// Whether this string's UTF-8 bytes sort before `other`'s: the byte order that
    /// deterministic listings (rejected ids, file paths) use on every platform, unlike
    /// `<`, which compares by Unicode canonical equivalence. One memcmp over contiguous
    /// storage: iterating two `UTF8View`s costs several times as much, which showed when
    /// a hostile log gave a million malformed ids to sort.
    package func utf8Precedes(_ other: String) -> Bool {
        var a = self
        var b = other  // withUTF8 needs a var; native strings are not copied
        return a.withUTF8 { x in b.withUTF8 { y in Self.compare(x, y) < 0 } }
    }

    /// Negative, zero or positive as `x` sorts before, equal to or after `y`.
    static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(x.count, y.count)
        let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
        return order != 0 ? Int(order) : x.count - y.count
    }
}

extension Array {
    /// The elements sorted by the UTF-8 bytes of `key` (stable). The keys' bytes are
    /// copied once into one buffer and positions are sorted by memcmp over it: sorting
    /// the elements themselves retained and released their strings at every move, which
    /// made sorting a million malformed ids take longer than every log rule together.
    package func sortedByUTF8(_ key: (Element) -> String) -> [Element] {
        var bytes: [UInt8] = []
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(count)
        for element in self {
            let start = bytes.count
            bytes += key(element).utf8
            spans.append((start, bytes.count - start))
        }
        var order = [Int](indices)
        bytes.withUnsafeBufferPointer { buffer in
            spans.withUnsafeBufferPointer { spans in
                order.sort { a, b in
                    let x = UnsafeBufferPointer(rebasing: buffer[spans[a].start..<spans[a].start + spans[a].count])
                    let y = UnsafeBufferPointer(rebasing: buffer[spans[b].start..<spans[b].start + spans[b].count])
                    let order = String.compare(x, y)
                    return order != 0 ? order < 0 : a < b
                }
            }
        }
        return order.map { self[$0] }
    }
}
