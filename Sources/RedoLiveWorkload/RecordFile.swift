import RedoValidation

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

/// A failed read or write of a ``RecordFile``.
public struct RecordFileError: Error, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What was being done: "open", "read", "write"…
    public let operation: String
    /// Why it failed, in words (the C library's, for a failed call).
    public let reason: String

    init(path: String, operation: String, reason: String) {
        (self.path, self.operation, self.reason) = (path, operation, reason)
    }

    init(path: String, operation: String, code: Int32) {
        self.init(path: path, operation: operation, reason: String(cString: strerror(code)))
    }

    /// The file, what failed and why, on one line.
    public var description: String { "\(path): cannot \(operation): \(reason)" }
}

/// Reads a ``RecordFile`` a batch of records at a time, through the package's one JSON Lines
/// splitter (RedoValidation's `LineReader`: chunks of 1 MiB, a line ending in "\n" or
/// "\r\n"). Not `Sendable`: one reader, one thread.
public final class RecordReader {
    /// The longest record it reads; a longer line is an error.
    static let maxRecordBytes = 64 << 20
    private let input: OpenInput
    private var lines: LineReader

    init(path: String) throws(RecordFileError) {
        do {
            input = try OpenInput(InputPath(path))
        } catch {
            throw RecordFileError(path: path, operation: "open", reason: error.reason)
        }
        lines = LineReader(input, maxLineBytes: Self.maxRecordBytes)
    }

    /// The file read.
    public var path: String { input.input.path }

    /// The next `count` records (fewer at the end of the file, none after it), each without
    /// its line break. An empty line is an empty record.
    public func next(_ count: Int) throws(RecordFileError) -> [[UInt8]] {
        var records: [[UInt8]] = []
        guard count > 0 else { return records }
        records.reserveCapacity(min(count, 4_096))
        do {
            try lines.forEachLine { line in
                switch line {
                case .text(_, let bytes): records.append(Array(bytes))
                case .overlong(let number, let length):
                    throw RecordFileError(
                        path: path, operation: "read line \(number)",
                        reason: "\(length) bytes, over the limit of \(Self.maxRecordBytes) bytes a record")
                }
                return records.count < count
            }
        } catch let error as RecordFileError {
            throw error
        } catch let error as InputError {
            // Its description starts with the path again: keep its reason alone.
            throw RecordFileError(path: path, operation: "read", reason: error.reason)
        } catch {
            throw RecordFileError(path: path, operation: "read", reason: "\(error)")
        }
        return records
    }

    /// Goes back to the file's first record. A reader can outlive its file's name: a file
    /// unlinked once open is read (and read again) until the reader goes.
    public func rewind() throws(RecordFileError) {
        do {
            try input.rewind()
        } catch {
            throw RecordFileError(path: path, operation: "seek", reason: error.reason)
        }
        lines = LineReader(input, maxLineBytes: Self.maxRecordBytes)
    }
}
