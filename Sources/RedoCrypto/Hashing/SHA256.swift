import CSHA256Accel
import CSodium

/// A SHA-256 digest, stored as four big-endian words so that comparing digests compares
/// their hex text (ids sort by digest) without touching strings.
public struct SHA256Digest: Hashable, Comparable, Sendable {
    public let w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    public init(bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count == 32, "a SHA-256 digest is 32 bytes")
        func word(_ k: Int) -> UInt64 {
            UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: k * 8, as: UInt64.self))
        }
        w0 = word(0); w1 = word(1); w2 = word(2); w3 = word(3)
    }

    public init(w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64) {
        (self.w0, self.w1, self.w2, self.w3) = (w0, w1, w2, w3)
    }

    /// What dictionaries and sets use: `WordHash` over every word instead of SipHash (see
    /// there why). Every word: a digest read from input is attacker-chosen until the
    /// content it names is checked, and ids sharing a word left out would collide.
    /// (`hash(into:)`, for digests inside other keys, is the synthesized one: all words.)
    public func _rawHashValue(seed: Int) -> Int {
        WordHash.hash(w0, w1, w2, w3, seed: seed)
    }

    public var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        out.withUnsafeMutableBytes { raw in
            for (k, word) in [w0, w1, w2, w3].enumerated() {
                raw.storeBytes(of: word.bigEndian, toByteOffset: k * 8, as: UInt64.self)
            }
        }
        return out
    }

    public var hex: String { hex(after: "") }

    /// `prefix` then the 64 hex digits, written straight into the string's storage: ids
    /// are made into text once per listed id, a million times for a large log.
    public func hex(after prefix: StaticString) -> String {
        String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + 64) { out in
            let base = out.baseAddress!
            base.update(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            for (k, word) in [w0, w1, w2, w3].enumerated() {
                Hex.write(word, to: base + prefix.utf8CodeUnitCount + 16 * k)
            }
            return prefix.utf8CodeUnitCount + 64
        }
    }

    public static func < (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool {
        (lhs.w0, lhs.w1, lhs.w2, lhs.w3) < (rhs.w0, rhs.w1, rhs.w2, rhs.w3)
    }
}

/// SHA-256: on the CPU's SHA extensions when it has them (about four times faster on a
/// node body), else through libsodium. Both give the same digest (`HashingTests`).
public enum SHA256 {
    public static func hash(_ message: UnsafeRawBufferPointer) -> SHA256Digest {
        digest(of: message) { input, count, output in
            if input == nil || redo_sha256_accel(input, count, output) == 0 { sodiumHash(input, count, output) }
        }
    }

    public static func hash(_ message: [UInt8]) -> SHA256Digest {
        message.withUnsafeBytes { hash($0) }
    }

    /// libsodium's portable SHA-256 (also the reference the accelerated one is tested against).
    public static func portableHash(_ message: [UInt8]) -> SHA256Digest {
        message.withUnsafeBytes { digest(of: $0, sodiumHash) }
    }

    /// Whether `hash` runs on the CPU's SHA extensions.
    public static var isAccelerated: Bool { redo_sha256_accel_available() != 0 }

    /// Runs `hasher` (input, length, 32-byte output) over `message` into a digest on the stack.
    private static func digest(of message: UnsafeRawBufferPointer,
                               _ hasher: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>) -> Void) -> SHA256Digest {
        var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &digest) { out in
            hasher(message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count, out.baseAddress!.assumingMemoryBound(to: UInt8.self))
            return SHA256Digest(bytes: UnsafeRawBufferPointer(out))
        }
    }

    private static func sodiumHash(_ input: UnsafePointer<UInt8>?, _ count: Int, _ output: UnsafeMutablePointer<UInt8>) {
        requireSodium()
        _ = crypto_hash_sha256(output, input, UInt64(count))
    }
}
