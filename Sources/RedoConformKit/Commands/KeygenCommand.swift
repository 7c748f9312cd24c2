import RedoCrypto
import RedoJSON
import RedoValidation

/// `redo-conform keygen [--seed HEX | --seed-text TEXT] [--out FILE] [--force]`.
package enum KeygenCommand {
    package static func run(seedHex: String?, seedText: String?, out: String?, force: Bool, console: Console)
        -> ExitStatus
    {
        let pair: Ed25519KeyPair
        do {
            if let seedHex {
                guard var seed = Hex.decodeLowercase(seedHex), seed.count == 32 else {
                    console.error("error: --seed must be 64 lowercase hex digits (32 bytes)")
                    return .usageOrIO
                }
                defer { KeyFile.wipe(&seed) }
                pair = try Ed25519KeyPair(seed: seed)
            } else if let seedText {
                // A memorable seed for fixtures: SHA-256 of the text. Never for real keys.
                var seed = RedoSHA256.hash(Array(seedText.utf8)).bytes
                defer { KeyFile.wipe(&seed) }
                pair = try Ed25519KeyPair(seed: seed)
            } else {
                pair = try Ed25519KeyPair.random()
            }
        } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        var bytes = KeyFile.encode(pair)
        defer { KeyFile.wipe(&bytes) }
        guard let out, out != "-" else {
            console.writeOut(bytes)
            return .ok
        }
        do { try KeyFile.writeSecret(bytes, to: out, force: force) } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        console.error("wrote \(out) (mode 0600): publicKey \(pair.publicKey.hex), userId \(pair.publicKey.redoUserId)")
        return .ok
    }
}
