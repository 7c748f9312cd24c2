#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RedoCrypto

/// The key file `keygen` writes and `sign` reads (documented in the README):
/// `{"format":"redo-conform/ed25519-key","version":1,"seed":hex,"publicKey":hex,"userId":hex}`.
/// The seed is the secret: files are created with mode 0600 and never overwritten
/// without `--force`.
public enum KeyFile {
    public static let format = "redo-conform/ed25519-key"

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func encode(_ pair: Ed25519KeyPair) -> [UInt8] {
        var seed = pair.seed
        defer { wipe(&seed) }
        let text = "{\"format\":\"\(format)\",\"version\":1,\"seed\":\"\(Hex.encode(seed))\",\"publicKey\":\"\(pair.publicKey.hex)\",\"userId\":\"\(pair.publicKey.redoUserId)\"}\n"
        return Array(text.utf8)
    }

    public static func decode(_ bytes: [UInt8], path: String) throws(Failure) -> Ed25519KeyPair {
        guard case let .object(object)? = try? JSONReader.parse(bytes) else { throw Failure(description: "\(path): not a key file (not a JSON object)") }
        guard object["format"]?.stringValue == format else { throw Failure(description: "\(path): not a key file (format is not \(format))") }
        guard let seedHex = object["seed"]?.stringValue, var seed = Hex.decodeLowercase(seedHex), seed.count == 32 else {
            throw Failure(description: "\(path): seed must be 64 lowercase hex digits")
        }
        defer { wipe(&seed) }
        guard let pair = try? Ed25519KeyPair(seed: seed) else { throw Failure(description: "\(path): libsodium refused the seed") }
        if let claimed = object["publicKey"]?.stringValue, claimed != pair.publicKey.hex {
            throw Failure(description: "\(path): publicKey does not belong to the seed (\(pair.publicKey.hex) expected)")
        }
        return pair
    }

    /// Writes a secret file: created with mode 0600; an existing file is an error unless
    /// `force`, and then it is truncated and set to 0600 before anything is written.
    public static func writeSecret(_ bytes: [UInt8], to path: String, force: Bool) throws(Failure) {
        let flags = O_WRONLY | O_CREAT | (force ? O_TRUNC : O_EXCL)
        let fd = open(path, flags, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST { throw Failure(description: "\(path): already exists (use --force to overwrite)") }
            throw Failure(description: "\(path): \(InputFile.systemReason())")
        }
        defer { close(fd) }
        guard fchmod(fd, 0o600) == 0, Console.writeAll(fd, bytes) else {
            throw Failure(description: "\(path): \(InputFile.systemReason())")
        }
    }

    static func wipe(_ bytes: inout [UInt8]) {
        for k in bytes.indices { bytes[k] = 0 }
    }
}
