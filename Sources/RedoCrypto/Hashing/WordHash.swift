/// Hash-table hashing for keys made of a few 64-bit words (digests, UUIDs, pairs of them).
///
/// Why not the standard `Hasher`: SipHash costs more than the rest of a dictionary
/// lookup, and the log rules do millions of them. Why not one word of the key: a
/// record's claimed id is attacker-chosen until its content is checked, and ids that
/// share a word would all land in one bucket (80,000 such records took 14 s, quadratic).
///
/// Every word goes through folded 64×64→128-bit multiplications with secret keys drawn
/// once per process, so which keys collide cannot be known from the input. This is the
/// construction of wyhash and foldhash: fast and well spread, not cryptographic.
package enum WordHash {
    private static let keys: (UInt64, UInt64, UInt64, UInt64, UInt64) = {
        var random = SystemRandomNumberGenerator()
        return (random.next(), random.next(), random.next(), random.next(), random.next())
    }()

    /// The high and low halves of `a × b`, xored: every input bit reaches the low bits.
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// A hash of four words for a table with `seed` (`Hashable._rawHashValue(seed:)`'s).
    @inline(__always)
    package static func hash(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, seed: Int) -> Int {
        let k = keys
        let mixed = fold(w0 ^ k.0, w1 ^ k.1 ^ UInt64(bitPattern: Int64(seed))) ^ fold(w2 ^ k.2, w3 ^ k.3)
        return Int(bitPattern: UInt(fold(mixed ^ k.4, 0x9E37_79B9_7F4A_7C15)))
    }

    /// The same for two words.
    @inline(__always)
    package static func hash(_ w0: UInt64, _ w1: UInt64, seed: Int) -> Int {
        let k = keys
        let mixed = fold(w0 ^ k.0, w1 ^ k.1 ^ UInt64(bitPattern: Int64(seed)))
        return Int(bitPattern: UInt(fold(mixed ^ k.4, 0x9E37_79B9_7F4A_7C15)))
    }
}
