import RedoCrypto
import RedoJSON
import RedoValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The key file `keygen` writes and `sign` reads (docs/reports.md; its schema is
/// docs/schemas/key-file.schema.json):
/// `{"format":"redo-conform/ed25519-key","version":1,"seed":hex,"publicKey":hex,"userId":hex}`.
/// The seed is the secret: files are created with mode 0600 and never overwritten
/// without `--force`, which replaces only a regular file, whole (see `writeSecret`).
package enum KeyFile {
    package static let format = "redo-conform/ed25519-key"

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package static func encode(_ pair: Ed25519KeyPair) -> [UInt8] {
        var seed = pair.seed
        defer { wipe(&seed) }
        let text =
            "{\"format\":\"\(format)\",\"version\":1,\"seed\":\"\(Hex.encode(seed))\",\"publicKey\":\"\(pair.publicKey.hex)\",\"userId\":\"\(pair.publicKey.redoUserId)\"}\n"
        return Array(text.utf8)
    }

    /// The members of a version 1 key file, all required, no others.
    static let members = ["format", "version", "seed", "publicKey", "userId"]

    /// Reads a key file, checked against the whole format: a file that is not exactly
    /// what `keygen` writes is refused rather than half-trusted, because `sign` copies
    /// its publicKey and userId into nodes, and a wrong userId would be signed into them.
    package static func decode(_ bytes: [UInt8], path: String) throws(Failure) -> Ed25519KeyPair {
        guard case let .object(object)? = try? JSONReader.parse(bytes) else {
            throw Failure(description: "\(path): not a key file (not a JSON object)")
        }
        guard object["format"]?.stringValue == format else {
            throw Failure(description: "\(path): not a key file (format is not \(format))")
        }
        guard let version = object["version"] else {
            throw Failure(description: "\(path): version is missing (1 expected)")
        }
        guard version == .number(1) else {
            let found = String(decoding: CanonicalJSON.bytes(of: version), as: UTF8.self)
            throw Failure(
                description: "\(path): key file version \(found) is not supported (this redo-conform reads version 1)")
        }
        if let unknown = object.keys.first(where: { !members.contains($0) }) {
            throw Failure(
                description:
                    "\(path): unknown member \"\(unknown)\" (a key file has exactly \(members.joined(separator: ", ")))"
            )
        }
        guard let seedHex = object["seed"]?.stringValue, var seed = Hex.decodeLowercase(seedHex), seed.count == 32
        else {
            throw Failure(description: "\(path): seed must be 64 lowercase hex digits")
        }
        defer { wipe(&seed) }
        guard let pair = try? Ed25519KeyPair(seed: seed) else {
            throw Failure(description: "\(path): libsodium refused the seed")
        }
        for (key, expected) in [("publicKey", pair.publicKey.hex), ("userId", pair.publicKey.redoUserId)] {
            guard let claimed = object[key] else {
                throw Failure(description: "\(path): \(key) is missing (\(expected) expected)")
            }
            guard claimed.stringValue == expected else {
                throw Failure(description: "\(path): \(key) does not belong to the seed (\(expected) expected)")
            }
        }
        return pair
    }

    /// A one-line warning when the key file can be read by group or others, as ssh gives
    /// for a private key (but signing goes on: fixtures keys are often shared on purpose).
    /// nil for stdin and for anything but a regular file, whose mode bits say nothing.
    package static func exposureWarning(path: String) -> String? {
        var info = stat()
        guard path != "-", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        let octal = String(mode, radix: 8)
        return
            "warning: \(path): key file is readable or writable by group or others (mode 0\(octal)); anyone who can read it can sign as this key: chmod 600 \(path)"
    }

    /// Writes a secret file with mode 0600, never leaving a partial key behind.
    ///
    /// Without `force`, an existing path of any kind is an error (the finished key is
    /// linked under its name, which fails on any existing name, a dangling symlink
    /// included, as `O_EXCL | O_NOFOLLOW` would). With `force`, only a
    /// regular file is replaced (`lstat`: a symlink, device, FIFO, socket or directory is
    /// refused — `--force --out /dev/null` once made /dev/null 0600), and it is replaced
    /// by renaming a finished 0600 temporary file from the same directory over it: the
    /// old key stays whole until the new one is, and rename replaces the name itself,
    /// never what a symlink swapped in meanwhile would point to.
    package static func writeSecret(_ bytes: [UInt8], to path: String, force: Bool) throws(Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw Failure(description: "\(path): \(InputFile.systemReason())") }
            return try create(bytes, at: path)
        }
        guard force else { throw Failure(description: "\(path): already exists (use --force to overwrite)") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(
                description: "\(path): is \(kind(info.st_mode)), not a regular file; --force only replaces a key file")
        }
        try replace(path, with: bytes)
    }

    /// A new file, never over an existing one: the key is written whole to a 0600
    /// temporary file beside it, then linked under its name (`link` fails if the name
    /// exists, as `O_EXCL` would, dangling symlinks included), so a failed or killed run
    /// leaves no key file rather than a truncated one.
    private static func create(_ bytes: [UInt8], at path: String) throws(Failure) {
        let temporary = try finishedTemporary(bytes, for: path)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            let code = errno
            if code == EEXIST { throw Failure(description: "\(path): already exists (use --force to overwrite)") }
            guard code == EPERM || code == EOPNOTSUPP || code == ENOTSUP else {
                throw Failure(description: "\(path): \(String(cString: strerror(code)).lowercased())")
            }
            // A file system without hard links (FAT, some network mounts): written in
            // place, exclusively, and removed again if it could not be written whole.
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
            guard fd >= 0 else {
                if errno == EEXIST { throw Failure(description: "\(path): already exists (use --force to overwrite)") }
                throw Failure(description: "\(path): \(InputFile.systemReason())")
            }
            return try fill(fd, with: bytes, at: path, for: path)
        }
    }

    /// Writes the key into the new file `fd` (at `written`) with mode 0600 exactly, and
    /// closes it; on failure removes the file and names `target` in the error.
    private static func fill(_ fd: Int32, with bytes: [UInt8], at written: String, for target: String) throws(Failure) {
        // fchmod: the umask may have taken bits away, never added; 0600 exactly is the point.
        guard fchmod(fd, 0o600) == 0, Console.writeAll(fd, bytes), fsync(fd) == 0 else {
            let reason = InputFile.systemReason()
            close(fd)
            unlink(written)
            throw Failure(description: "\(target): \(reason)")
        }
        close(fd)
    }

    private static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = try finishedTemporary(bytes, for: path)
        guard rename(temporary, path) == 0 else {
            let reason = InputFile.systemReason()
            unlink(temporary)
            throw Failure(description: "\(path): \(reason)")
        }
    }

    /// A 0600 temporary file in `path`'s directory (the same file system, so it can be
    /// linked or renamed there) holding all of `bytes`, flushed to disk.
    private static func finishedTemporary(_ bytes: [UInt8], for path: String) throws(Failure) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        var template = Array((directory + ".redo-conform-key.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // mode 0600
        guard fd >= 0 else {
            throw Failure(description: "\(path): cannot create a temporary file beside it: \(InputFile.systemReason())")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try fill(fd, with: bytes, at: temporary, for: path)
        return temporary
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a directory"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "of an unknown kind"
        }
    }

    static func wipe(_ bytes: inout [UInt8]) {
        for k in bytes.indices { bytes[k] = 0 }
    }
}
