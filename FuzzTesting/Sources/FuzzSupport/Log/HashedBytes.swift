// Records and node ingredients as dictionary keys, hashed once: the log target looks each up
// several times an execution.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes as a dictionary key, hashed once when made: a key is looked up in two cache
/// generations and stored, and a record's key serves its check and the duplicate test.
package struct HashedBytes: Hashable {
    package let bytes: [UInt8]
    package let digest: Int

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A word at a time with a multiply-xorshift mix, several times cheaper than SipHash
        // on records of a few hundred bytes; a collision costs only a memcmp, and the
        // dictionary still hashes `digest` with its per-process seed.
        digest = bytes.withUnsafeBytes { raw in
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var k = 0
            while k + 8 <= raw.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                h ^= h >> 29
                k += 8
            }
            while k < raw.count {
                h = (h ^ UInt64(raw[k])) &* 0x100_0000_01B3
                k += 1
            }
            return Int(truncatingIfNeeded: h ^ (h >> 32))
        }
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    package static func == (a: HashedBytes, b: HashedBytes) -> Bool {
        a.digest == b.digest && sameBytes(a.bytes, b.bytes)
    }
}

/// `a == b` through memcmp: Array's `==` compares byte by byte, and cache keys (records) and
/// reconstructed states (kilobytes) are compared several times an execution.
package func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}
