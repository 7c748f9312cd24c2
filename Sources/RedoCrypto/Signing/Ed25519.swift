/// Why key or signature material was refused.
public enum Ed25519Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// `what` (e.g. "an Ed25519 public key") has `actual` bytes instead of `expected`.
    case wrongLength(what: String, expected: Int, actual: Int)
    /// `what` was given as text that is not lowercase hexadecimal of an even length.
    case notLowercaseHex(what: String)
    /// The signing backend could not derive a key pair (libsodium could not allocate its
    /// guarded memory, or swift-crypto refused the seed).
    case keyGenerationFailed

    /// One line for people, e.g. "an Ed25519 seed must be 32 bytes, got 31".
    public var description: String {
        switch self {
        case let .wrongLength(what, expected, actual): return "\(what) must be \(expected) bytes, got \(actual)"
        case let .notLowercaseHex(what): return "\(what) must be lowercase hex"
        case .keyGenerationFailed: return "could not derive an Ed25519 key pair"
        }
    }
}

/// A raw 32-byte Ed25519 public key (RFC 8032 encoding), held inline: every record carries
/// one to its verification, and a heap array each was two allocations per record.
public struct Ed25519PublicKey: Hashable, Sendable {
    /// The length of a public key in bytes: 32.
    public static let byteCount = 32
    /// The key's bytes in order, in memory (word k holds bytes 8k..<8k+8).
    private var storage = SIMD4<UInt64>()

    /// The key's 32 bytes.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Calls `body` with the key's 32 bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        Swift.withUnsafeBytes(of: storage, body)
    }

    /// A key from its 32 raw bytes. Only the length is checked here; a key that is not a
    /// valid curve point is refused when a signature is verified with it.
    /// - Throws: `Ed25519Error.wrongLength` when `bytes` is not 32 bytes long.
    public init(bytes: [UInt8]) throws(Ed25519Error) {
        guard bytes.count == Self.byteCount else {
            throw .wrongLength(what: "an Ed25519 public key", expected: Self.byteCount, actual: bytes.count)
        }
        storage = SIMD4(copying: bytes)
    }

    /// Parses 64 lowercase hex digits, REDO's `author.publicKey` form.
    /// - Throws: `Ed25519Error.notLowercaseHex` for uppercase or other characters or an odd
    ///   length, `Ed25519Error.wrongLength` for any other number of digits.
    public init(hex: String) throws(Ed25519Error) {
        guard let bytes = Hex.decodeLowercase(hex) else { throw .notLowercaseHex(what: "an Ed25519 public key") }
        try self.init(bytes: bytes)
    }

    /// 64 lowercase hex digits given as UTF-8 bytes; nil for anything else.
    package init?(hexUTF8 units: UnsafeBufferPointer<UInt8>) {
        guard let words = SIMD4<UInt64>(lowercaseHex: units) else { return nil }
        storage = words
    }

    /// The key's first 16 bytes (REDO's userId) as two big-endian words (`UserId.isPrefix`
    /// compares a parsed userId with them).
    package var userIdWords: (high: UInt64, low: UInt64) {
        (UInt64(bigEndian: storage[0]), UInt64(bigEndian: storage[1]))
    }

    /// The key as 64 lowercase hex digits, REDO's `author.publicKey` form.
    public var hex: String { Hex.encode(bytes) }

    /// REDO's `author.userId`: the first 16 bytes of the key, i.e. the first 32 hex
    /// characters. Not a hash of the key.
    public var redoUserId: String { Hex.encode(bytes[0..<16]) }
}

/// A 64-byte detached Ed25519 signature (R ‖ S), held inline like the key.
public struct Ed25519Signature: Hashable, Sendable {
    /// The length of a signature in bytes: 64.
    public static let byteCount = 64
    /// The signature's bytes in order, in memory.
    private var storage = SIMD8<UInt64>()

    /// The signature's 64 bytes.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Calls `body` with the signature's 64 bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        Swift.withUnsafeBytes(of: storage, body)
    }

    /// A signature from its 64 raw bytes (R then S). Only the length is checked here.
    /// - Throws: `Ed25519Error.wrongLength` when `bytes` is not 64 bytes long.
    public init(bytes: [UInt8]) throws(Ed25519Error) {
        guard bytes.count == Self.byteCount else {
            throw .wrongLength(what: "an Ed25519 signature", expected: Self.byteCount, actual: bytes.count)
        }
        storage = SIMD8(copying: bytes)
    }

    /// Parses 128 lowercase hex digits, REDO's `signature` form.
    /// - Throws: `Ed25519Error.notLowercaseHex` for uppercase or other characters or an odd
    ///   length, `Ed25519Error.wrongLength` for any other number of digits.
    public init(hex: String) throws(Ed25519Error) {
        guard let bytes = Hex.decodeLowercase(hex) else { throw .notLowercaseHex(what: "an Ed25519 signature") }
        try self.init(bytes: bytes)
    }

    /// 128 lowercase hex digits given as UTF-8 bytes; nil for anything else.
    package init?(hexUTF8 units: UnsafeBufferPointer<UInt8>) {
        guard let words = SIMD8<UInt64>(lowercaseHex: units) else { return nil }
        storage = words
    }

    /// The signature as 128 lowercase hex digits, REDO's `signature` form.
    public var hex: String { Hex.encode(bytes) }
}

/// Keys and signatures hold their bytes inline, in order, in a vector of words: no heap
/// array per value (every record carries one of each to its verification).
private extension SIMD where Scalar == UInt64 {
    /// Exactly `scalarCount` × 16 lowercase hex digits; nil for anything else.
    init?(lowercaseHex units: UnsafeBufferPointer<UInt8>) {
        self.init()
        guard units.count == 16 * scalarCount else { return nil }
        for k in indices {
            // Big-endian digits, stored so that memory holds the bytes in order.
            guard let word = Hex.word(units, at: 16 * k, digits: 16) else { return nil }
            self[k] = word.bigEndian
        }
    }

    /// `bytes`, whose count the caller has checked to be `scalarCount` × 8.
    init(copying bytes: [UInt8]) {
        self.init()
        Swift.withUnsafeMutableBytes(of: &self) { $0.copyBytes(from: bytes) }
    }
}

/// Verification with libsodium's strict rules: S < L, canonical non-small-order A and R,
/// cofactorless equation. What libsodium accepts, every common verifier accepts.
public enum Ed25519 {
    /// Whether `signature` is `key`'s valid signature of `message` by libsodium's strict
    /// rules, checked by `Ed25519Verifier.default`: libsodium itself with the `Libsodium`
    /// trait, otherwise swift-crypto behind checks that give libsodium's verdicts. A key that
    /// is not a canonical curve point of large order never verifies. `SignaturePortability`
    /// (with the trait) says why a signature that fails here may pass elsewhere.
    public static func verify(
        _ signature: Ed25519Signature, of message: UnsafeRawBufferPointer, by key: Ed25519PublicKey
    ) -> Bool {
        Ed25519Verifier.default.verify(signature, of: message, by: key)
    }

    /// The same for a message held in an array.
    public static func verify(_ signature: Ed25519Signature, of message: [UInt8], by key: Ed25519PublicKey) -> Bool {
        message.withUnsafeBytes { verify(signature, of: $0, by: key) }
    }
}
