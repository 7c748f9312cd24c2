#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of records, one JSON document a line (JSON Lines), as an app's store or a sync
/// export keeps them: written whole, read back a batch at a time, so that a workload never
/// holds its records' JSON whole beside the live log it measures.
public struct RecordFile: Sendable {
    /// Where the file is.
    public let path: String

    /// The file at `path`, as it is.
    public init(path: String) {
        self.path = path
    }

    /// Whether the file exists.
    public var exists: Bool { access(path, F_OK) == 0 }

    /// Writes every record `produce` passes to its argument (with its line break or without:
    /// the generator's lines carry one), one a line, whole or not at all:
    /// into a file of its own beside `path`, renamed over `path` once complete, so that a
    /// process reading `path` meanwhile (another benchmark of the same run) sees no half.
    @discardableResult
    public static func write(to path: String, _ produce: (_ emit: ([UInt8]) -> Void) -> Void) throws(RecordFileError)
        -> RecordFile
    {
        let partial = "\(path).partial-\(getpid())"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw RecordFileError(path: partial, operation: "create", code: errno) }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        var failure: Int32 = 0
        func flush() {
            guard failure == 0 else { return }
            var written = 0
            buffer.withUnsafeBytes { bytes in
                while written < bytes.count {
                    let count = writeBytes(descriptor, bytes.baseAddress! + written, bytes.count - written)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    written += count
                }
            }
            buffer.removeAll(keepingCapacity: true)
        }
        produce { record in
            buffer += record
            if record.last != 0x0A { buffer.append(0x0A) }
            if buffer.count >= 1 << 20 { flush() }
        }
        flush()
        close(descriptor)
        guard failure == 0 else {
            unlink(partial)
            throw RecordFileError(path: partial, operation: "write", code: failure)
        }
        guard rename(partial, path) == 0 else {
            let code = errno
            unlink(partial)
            throw RecordFileError(path: path, operation: "rename into place", code: code)
        }
        return RecordFile(path: path)
    }

    /// A reader at the file's first record.
    public func reader() throws(RecordFileError) -> RecordReader {
        try RecordReader(path: path)
    }
}

/// The C library's `write`, which ``RecordFile/write(to:_:)`` would hide.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}

/// A failed read or write of a ``RecordFile``, with the C library's error number.
public struct RecordFileError: Error, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What was being done: "open", "read", "write"…
    public let operation: String
    /// `errno`.
    public let code: Int32

    /// The file, what failed and why, on one line.
    public var description: String { "\(path): cannot \(operation): \(String(cString: strerror(code)))" }
}

/// Reads a ``RecordFile`` a batch of records at a time, through one buffer (1 MiB, more for
/// a longer line). Not `Sendable`: one reader, one thread.
public final class RecordReader {
    private let descriptor: Int32
    private let path: String
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    /// The bytes read and not yet taken: `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    /// Where the search for the next line break goes on: the bytes from `start` to here
    /// hold none, so a long line is searched once, not again after every read.
    private var searched = 0
    private var atEnd = false

    init(path: String) throws(RecordFileError) {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw RecordFileError(path: path, operation: "open", code: errno) }
        self.path = path
    }

    deinit { close(descriptor) }

    /// The next `count` records (fewer at the end of the file, none after it), each without
    /// its line break. An empty line is an empty record.
    public func next(_ count: Int) throws(RecordFileError) -> [[UInt8]] {
        var records: [[UInt8]] = []
        records.reserveCapacity(min(count, 4_096))
        while records.count < count, let record = try nextRecord() {
            records.append(record)
        }
        return records
    }

    /// Goes back to the file's first record. A reader can outlive its file's name: a file
    /// unlinked once open is read (and read again) until the reader goes.
    public func rewind() throws(RecordFileError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw RecordFileError(path: path, operation: "seek", code: errno)
        }
        (start, end, searched, atEnd) = (0, 0, 0, false)
    }

    private func nextRecord() throws(RecordFileError) -> [UInt8]? {
        while true {
            if let newline = lineBreak() {
                defer { (start, searched) = (newline + 1, newline + 1) }
                return Array(buffer[start..<newline])
            }
            searched = end
            if atEnd {
                guard start < end else { return nil }
                defer { (start, searched) = (end, end) }
                return Array(buffer[start..<end])
            }
            try fill()
        }
    }

    /// The position of the first line break in `buffer[searched..<end]`, found by the C
    /// library's `memchr` rather than a loop over the array's elements.
    private func lineBreak() -> Int? {
        guard searched < end else { return nil }
        return buffer.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + searched, 0x0A, end - searched).map {
                bytes.baseAddress!.distance(to: UnsafeRawPointer($0))
            }
        }
    }

    /// Moves what is left to the front, makes room if one line fills the buffer, and reads.
    private func fill() throws(RecordFileError) {
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { bytes in
                _ = memmove(bytes.baseAddress!, bytes.baseAddress! + start, end - start)
            }
            end -= start
            searched -= start
            start = 0
        }
        if end == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
        let count = buffer.withUnsafeMutableBytes { bytes in
            read(descriptor, bytes.baseAddress! + end, bytes.count - end)
        }
        if count < 0 {
            if errno == EINTR { return }
            throw RecordFileError(path: path, operation: "read", code: errno)
        }
        if count == 0 { atEnd = true }
        end += count
    }
}
