#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file operand: a path, or `-` for standard input.
package struct InputPath: Sendable, Equatable, CustomStringConvertible {
    package let path: String
    package init(_ path: String) { self.path = path }
    package var isStandardInput: Bool { path == "-" }
    package var description: String { isStandardInput ? "<stdin>" : path }
}

/// Why an input could not be read. Messages name the file.
package struct InputError: Error, Sendable, CustomStringConvertible {
    // path and reason are public so callers can rephrase
    package let path: String
    package let reason: String
    package var description: String { "\(path): \(reason)" }

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// One open input: a file's descriptor, or standard input. An input is opened once and
/// everything is read from that one descriptor — the binary test, the shape sniffing,
/// the records — because a pipe or FIFO (`<(cmd)`, `/dev/stdin`, `mkfifo`) yields its
/// bytes only once: a second open would lose what the first read, or wait forever for a
/// writer that has gone.
package final class OpenInput {
    package let input: InputPath
    let fd: Int32
    private let ownsDescriptor: Bool
    /// The size of a regular file; nil for standard input, pipes and devices, whose size
    /// is known only once they end.
    package let regularFileSize: Int?

    package init(_ input: InputPath) throws(InputError) {
        self.input = input
        var info = stat()
        if input.isStandardInput {
            fd = 0
            ownsDescriptor = false
            regularFileSize = fstat(0, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
            return
        }
        let opened = open(input.path, O_RDONLY)
        guard opened >= 0 else { throw InputError(path: input.path, reason: InputFile.systemReason()) }
        guard fstat(opened, &info) == 0 else {
            let reason = InputFile.systemReason()
            close(opened)
            throw InputError(path: input.path, reason: reason)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(opened)
            throw InputError(path: input.path, reason: "is a directory")
        }
        fd = opened
        ownsDescriptor = true
        regularFileSize = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Goes back to the start of a regular file, to read it again from one descriptor
    /// (a file unlinked once open has no name to open it by).
    package func rewind() throws(InputError) {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw InputError(path: input.description, reason: InputFile.systemReason())
        }
    }

    /// Reads into `buffer` as much as one read gives: the count, 0 at the end, -1 on an
    /// error (`errno` says which; `failure()` words it).
    func readSome(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            #if canImport(Glibc)
                let count = Glibc.read(fd, buffer.baseAddress!, buffer.count)
            #else
                let count = Darwin.read(fd, buffer.baseAddress!, buffer.count)
            #endif
            if count >= 0 || errno != EINTR { return count }
        }
    }

    /// The error of the read that just returned -1.
    func failure() -> InputError {
        InputError(path: input.description, reason: InputFile.systemReason())
    }

    /// The next `count` bytes, fewer only where the input ends.
    package func read(upTo count: Int) throws(InputError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes {
                readSome(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
            }
            if got < 0 { throw failure() }
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// `prefix` (bytes already read from this input) and everything after it, refused
    /// when over `maxBytes` in all — a regular file before any of it is read. With
    /// `refusingBinary`, also refused at the first NUL byte, which no JSON text holds: a
    /// device such as /dev/zero is then given up at once, not after `maxBytes` of it.
    package func readRest(after prefix: [UInt8] = [], maxBytes: Int, refusingBinary: Bool = false) throws(InputError)
        -> [UInt8]
    {
        if let size = regularFileSize, size > maxBytes { throw InputFile.tooLarge(input, maxBytes: maxBytes) }
        if refusingBinary, let nul = prefix.firstIndex(of: 0) { throw InputFile.binary(input, at: nul) }
        var bytes = prefix
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readSome(into: $0) }
            if count < 0 { throw failure() }
            if count == 0 { break }
            if bytes.count + count > maxBytes { throw InputFile.tooLarge(input, maxBytes: maxBytes) }
            if refusingBinary, let nul = chunk[0..<count].firstIndex(of: 0) {
                throw InputFile.binary(input, at: bytes.count + nul)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}

/// Reads whole inputs into memory, with a size cap so a huge file is refused with a
/// message instead of exhausting memory.
package enum InputFile {
    package static func readAll(_ input: InputPath, maxBytes: Int = 1 << 30) throws(InputError) -> [UInt8] {
        try OpenInput(input).readRest(maxBytes: maxBytes)
    }

    static func tooLarge(_ input: InputPath, maxBytes: Int) -> InputError {
        InputError(path: input.description, reason: "larger than the limit of \(maxBytes) bytes")
    }

    static func binary(_ input: InputPath, at offset: Int) -> InputError {
        InputError(path: input.description, reason: "binary data at byte \(offset), not JSON")
    }

    package static func systemReason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
