import RedoCrypto

/// How names and seed text become keys and taskIds, so that any language can reproduce a
/// scenario's bytes (docs/scenarios.md states it too). With run seed `R` (the default is
/// `redo-conform-v1`, the vector set's seed):
///
/// - an author's 32-byte Ed25519 seed is SHA-256 of the UTF-8 of
///   `redo-conform fixture key|R|T`, for seed text `T`;
/// - a task's or todo's id is a UUID v4 made of the first 16 bytes of SHA-256 of
///   `redo-conform fixture uuid|R|N` for name `N`, with byte 6 `& 0x0F | 0x40` and byte 8
///   `& 0x3F | 0x80`, in lowercase hex with the usual dashes;
/// - an absent node's id (a parent or MERGE base no record holds) is `sha256:` and the
///   lowercase hex SHA-256 of `R N`, the run seed, a space and its name `N`.
public enum ScenarioKeys {
    /// The run seed of the published vector set.
    public static let defaultRunSeed = "redo-conform-v1"

    /// The Ed25519 seed of an author whose seed text is `text`.
    public static func seed(forSeedText text: String, runSeed: String = defaultRunSeed) -> [UInt8] {
        RedoSHA256.hash(Array("redo-conform fixture key|\(runSeed)|\(text)".utf8)).bytes
    }

    /// The key pair of an author whose seed text is `text`.
    public static func keyPair(forSeedText text: String, runSeed: String = defaultRunSeed) -> Ed25519KeyPair {
        try! Ed25519KeyPair(seed: seed(forSeedText: text, runSeed: runSeed))  // 32 bytes by construction
    }

    /// The UUID v4 a task or todo named `name` gets.
    public static func uuid(forName name: String, runSeed: String = defaultRunSeed) -> String {
        var bytes = RedoSHA256.hash(Array("redo-conform fixture uuid|\(runSeed)|\(name)".utf8)).bytes
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Array(Hex.encode(bytes.prefix(16)))
        return String(hex[0..<8]) + "-" + String(hex[8..<12]) + "-" + String(hex[12..<16]) + "-"
            + String(hex[16..<20]) + "-" + String(hex[20..<32])
    }

    /// The id an absent node named `name` stands for: no record of the scenario holds it.
    public static func absentId(forName name: String, runSeed: String = defaultRunSeed) -> String {
        "sha256:" + Hex.encode(RedoSHA256.hash(Array("\(runSeed) \(name)".utf8)).bytes)
    }
}
