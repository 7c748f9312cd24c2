import RedoValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a command writes (`--output FILE`, `vectors … --out`), written whole or not at
/// all.
///
/// A regular file — or a path where nothing is yet — is written to a temporary file beside
/// it and renamed over it once every byte is on disk: a run that fails (a full disk) or is
/// killed leaves the previous file, or none, never a truncated one. The temporary file is
/// removed on failure; only a killed run can leave it behind, as a hidden
/// `.NAME.redo-conform-XXXXXXXX` file. A symlink to a regular file keeps its link: the
/// file it points to is the one replaced.
///
/// Anything else — a FIFO, a device, `/dev/stdout`, anything under `/dev` or `/proc` — is
/// written in place: it cannot be replaced (a reader holds it open), and `/dev/stdout`
/// resolves to whatever file the shell opened, which must be written through its
/// descriptor, not renamed over.
struct OutputFile {
    /// The path as the user named it, for messages.
    let path: String
    private let fd: Int32
    /// The temporary file renamed over `target` by `finish`; nil when written in place.
    private let temporary: String?
    private let target: String
    private var failure: String?

    /// Opens `path` for writing; the error is the system's reason.
    init(_ path: String) throws(Reason) {
        self.path = path
        var info = stat()
        let exists = stat(path, &info) == 0
        let special = path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
        guard !special, !exists || (info.st_mode & S_IFMT) == S_IFREG else {
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw Reason(text: InputFile.systemReason()) }
            temporary = nil
            target = path
            return
        }
        target = exists ? Self.resolved(path) : path
        (fd, temporary) = try Self.createTemporary(beside: target)
        guard exists else { return }
        // The replacement keeps the old file's permissions (and owner, where allowed).
        _ = fchmod(fd, info.st_mode & 0o7777)
        if info.st_uid != geteuid() || info.st_gid != getegid() { _ = fchown(fd, info.st_uid, info.st_gid) }
    }

    struct Reason: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }

    /// Writes all bytes; after a failure the rest is dropped (the file cannot be whole).
    mutating func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        if !Console.writeAll(fd, bytes) { failure = InputFile.systemReason() }
    }

    /// Puts the written file in place (flushed to disk, then renamed over the target), or
    /// on any failure removes the temporary file; returns the system's reason, or nil.
    mutating func finish() -> String? {
        if failure == nil, temporary != nil, fsync(fd) != 0 { failure = InputFile.systemReason() }
        if close(fd) != 0, failure == nil { failure = InputFile.systemReason() }
        guard let temporary else { return failure }
        if failure == nil, rename(temporary, target) != 0 { failure = InputFile.systemReason() }
        if failure != nil { unlink(temporary) }
        return failure
    }

    /// The file a symlink finally names (so the link itself stays); `path` when it is not
    /// a link or cannot be resolved.
    private static func resolved(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) else {
            return path
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// A new file `.NAME.redo-conform-XXXXXXXX` in the target's directory (the same file
    /// system, so rename is atomic), mode 0644 less the umask, as `open` would create the
    /// target itself.
    static func createTemporary(beside target: String) throws(Reason) -> (Int32, String) {
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        // A name of at most 255 bytes, however long the target's.
        let base = slash.map { target[target.index(after: $0)...] } ?? target[...]
        let name = String(decoding: base.utf8.prefix(200), as: UTF8.self)
        for _ in 0..<16 {
            let suffix = String(UInt32.random(in: 0 ... .max), radix: 16)
            let candidate = "\(directory).\(name).redo-conform-\(suffix)"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
            if fd >= 0 { return (fd, candidate) }
            guard errno == EEXIST else { throw Reason(text: InputFile.systemReason()) }
        }
        throw Reason(text: "cannot create a temporary file beside it")
    }
}
