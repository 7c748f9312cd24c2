// A copy of the main package's fixture key derivation (RedoFixtures' FixtureKeys), which no
// product exports. Tests/FuzzSupportTests/CopiesOfFixtures.json holds the copy and the
// original to the same keys and UUIDs; the copy goes once a fixtures product can replace it.
import RedoCrypto

/// Key material derived from text: the same keys, ids and signatures on every run, so a
/// committed program input always builds the same records.
public enum FuzzKeys {
    /// The Ed25519 pair whose 32-byte seed is SHA-256("redo-conform fixture key|SEED|INDEX").
    public static func pair(seed: String, index: Int) -> Ed25519KeyPair {
        let digest = RedoSHA256.hash(Array("redo-conform fixture key|\(seed)|\(index)".utf8))
        return try! Ed25519KeyPair(seed: digest.bytes)  // 32 bytes by construction
    }

    /// A lowercase UUID v4 derived from the seed and a label.
    public static func uuid(seed: String, _ label: String) -> String {
        var bytes = RedoSHA256.hash(Array("redo-conform fixture uuid|\(seed)|\(label)".utf8)).bytes
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let u = Array(Hex.encode(bytes.prefix(16)))
        return [u[0..<8], u[8..<12], u[12..<16], u[16..<20], u[20..<32]].map { String($0) }.joined(separator: "-")
    }
}
