import RedoCrypto
import RedoJSON

/// SplitMix64: a small seeded generator, reproducible on every platform (generated logs
/// must be the same bytes from the same seed). The fuzz package has its own copy
/// (FuzzTesting/Sources/FuzzSupport): fixtures are not part of any product.
package struct SplitMix64: RandomNumberGenerator {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    /// Seeded from text: the first word of its SHA-256.
    package init(seed: String) { state = RedoSHA256.hash(Array(seed.utf8)).w0 }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (n > 0), by modulo: the tiny bias does not matter for fixtures.
    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
