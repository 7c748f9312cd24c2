internal import Crypto

/// A SHA-256 digest, stored as four big-endian words so that comparing digests compares
/// their hex text (ids sort by digest) without touching strings.
public struct RedoSHA256Digest: Hashable, Comparable, Sendable {
    /// The digest's bytes as four big-endian words, most significant first.
    package let w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    /// The digest in its 32 bytes, as SHA-256 writes it. Traps unless `bytes` holds
    /// exactly 32 bytes.
    public init(bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count == 32, "a SHA-256 digest is 32 bytes")
        func word(_ k: Int) -> UInt64 {
            UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: k * 8, as: UInt64.self))
        }
        w0 = word(0)
        w1 = word(1)
        w2 = word(2)
        w3 = word(3)
    }

    /// The digest from its four words, most significant first.
    package init(w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64) {
        (self.w0, self.w1, self.w2, self.w3) = (w0, w1, w2, w3)
    }

    /// What dictionaries and sets use: `WordHash` over every word instead of SipHash (see
    /// there why). Every word: a digest read from input is attacker-chosen until the
    /// content it names is checked, and ids sharing a word left out would collide.
    /// (`hash(into:)`, for digests inside other keys, is the synthesized one: all words.)
    public func _rawHashValue(seed: Int) -> Int {
        WordHash.hash(w0, w1, w2, w3, seed: seed)
    }

    /// The 32 bytes, in SHA-256's order.
    public var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        out.withUnsafeMutableBytes { raw in
            for (k, word) in [w0, w1, w2, w3].enumerated() {
                raw.storeBytes(of: word.bigEndian, toByteOffset: k * 8, as: UInt64.self)
            }
        }
        return out
    }

    /// The 64 lowercase hex digits.
    public var hex: String { hex(after: "") }

    /// `prefix` then the 64 hex digits, written straight into the string's storage: ids
    /// are made into text once per listed id, a million times for a large log.
    package func hex(after prefix: StaticString) -> String {
        String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + 64) { out in
            let base = out.baseAddress!
            base.update(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            for (k, word) in [w0, w1, w2, w3].enumerated() {
                Hex.write(word, to: base + prefix.utf8CodeUnitCount + 16 * k)
            }
            return prefix.utf8CodeUnitCount + 64
        }
    }

    /// The order of the hex texts (and of the bytes).
    public static func < (lhs: RedoSHA256Digest, rhs: RedoSHA256Digest) -> Bool {
        (lhs.w0, lhs.w1, lhs.w2, lhs.w3) < (rhs.w0, rhs.w1, rhs.w2, rhs.w3)
    }
}

/// SHA-256 through swift-crypto: BoringSSL on Linux (on the CPU's SHA extensions when it
/// has them), CryptoKit on Apple platforms. `HashingTests` holds it to FIPS 180's answers
/// and to libsodium's SHA-256 on every length around the block and padding edges.
///
/// Named `RedoSHA256`, and its digest `RedoSHA256Digest`, because swift-crypto's `Crypto` and
/// CryptoKit have a `SHA256` and a `SHA256Digest` of their own: an app that imports one of them
/// beside RedoCrypto names each of the four unqualified.
public enum RedoSHA256 {
    /// Hashes the bytes where they lie, into the digest's words: no copy of the message
    /// (every node's id is a hash of its body, a million times over a large log). The one
    /// allocation is swift-crypto's own, its hasher's state on Linux.
    public static func hash(_ message: UnsafeRawBufferPointer) -> RedoSHA256Digest {
        var hasher = Crypto.SHA256()
        hasher.update(bufferPointer: message)
        return hasher.finalize().withUnsafeBytes { RedoSHA256Digest(bytes: $0) }
    }

    /// The digest of a whole array.
    public static func hash(_ message: [UInt8]) -> RedoSHA256Digest {
        message.withUnsafeBytes { hash($0) }
    }
}
