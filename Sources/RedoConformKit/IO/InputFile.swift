#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file operand: a path, or `-` for standard input.
public struct InputPath: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public init(_ path: String) { self.path = path }
    public var isStandardInput: Bool { path == "-" }
    public var description: String { isStandardInput ? "<stdin>" : path }
}

/// Why an input could not be read. Messages name the file.
public struct InputError: Error, Sendable, CustomStringConvertible {
    // path and reason are public so callers can rephrase
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Reads whole inputs into memory, with a size cap so a huge file is refused with a
/// message instead of exhausting memory.
public enum InputFile {
    public static func readAll(_ input: InputPath, maxBytes: Int = 1 << 30) throws(InputError) -> [UInt8] {
        let fd: Int32
        if input.isStandardInput {
            fd = 0
        } else {
            fd = open(input.path, O_RDONLY)
            guard fd >= 0 else { throw InputError(path: input.path, reason: systemReason()) }
            var info = stat()
            if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw InputError(path: input.path, reason: "is a directory")
            }
        }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(path: input.description, reason: systemReason())
            }
            if count == 0 { break }
            if bytes.count + count > maxBytes {
                throw InputError(path: input.description, reason: "larger than the limit of \(maxBytes) bytes")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    static func systemReason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
