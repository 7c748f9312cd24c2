#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams a file line by line in fixed-size chunks, so memory holds one line at a time
/// (plus one chunk) no matter how large the file is. A line over `maxLineBytes` is not
/// kept: the reader reports it as overlong, skips to its end and goes on.
public final class LineReader {
    public enum Line {
        /// A complete line without its terminator ("\n" or "\r\n"), valid until the next call.
        case text(lineNumber: Int, bytes: UnsafeBufferPointer<UInt8>)
        /// A line longer than the limit; its content was dropped.
        case overlong(lineNumber: Int, length: Int)
    }

    private let fd: Int32
    private let ownsDescriptor: Bool
    private let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var end = 0
    private var eof = false
    private var lineNumber = 0
    public private(set) var bytesRead = 0

    public init(_ input: InputPath, maxLineBytes: Int = 64 << 20, chunkSize: Int = 1 << 20) throws(InputError) {
        if input.isStandardInput {
            fd = 0
            ownsDescriptor = false
        } else {
            let opened = open(input.path, O_RDONLY)
            guard opened >= 0 else { throw InputError(path: input.path, reason: InputFile.systemReason()) }
            var info = stat()
            if fstat(opened, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                close(opened)
                throw InputError(path: input.path, reason: "is a directory")
            }
            fd = opened
            ownsDescriptor = true
        }
        self.maxLineBytes = maxLineBytes
        buffer = [UInt8](repeating: 0, count: max(chunkSize, 4096))
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Calls `body` for every line; stops early when `body` returns false.
    public func forEachLine(_ body: (Line) throws -> Bool) throws {
        while true {
            guard let line = try nextLine() else { return }
            let keepGoing: Bool
            switch line {
            case let .complete(range):
                keepGoing = try buffer.withUnsafeBufferPointer { all in
                    var slice = UnsafeBufferPointer(rebasing: all[range])
                    if let last = slice.last, last == 0x0D { slice = UnsafeBufferPointer(rebasing: slice.dropLast()) }
                    return try body(.text(lineNumber: lineNumber, bytes: slice))
                }
            case let .tooLong(length):
                keepGoing = try body(.overlong(lineNumber: lineNumber, length: length))
            }
            if !keepGoing { return }
        }
    }

    private enum Raw { case complete(Range<Int>), tooLong(Int) }

    private func nextLine() throws -> Raw? {
        var scanFrom = start
        while true {
            if let newline = firstNewline(from: scanFrom) {
                let range = start..<newline
                start = newline + 1
                lineNumber += 1
                return .complete(range)
            }
            if eof {
                guard start < end else { return nil }
                let range = start..<end
                start = end
                lineNumber += 1
                return .complete(range)
            }
            if end - start > maxLineBytes {
                lineNumber += 1
                return .tooLong(try skipRestOfLine(already: end - start))
            }
            // Everything pending has been searched; after `fill` moves it to the front,
            // resume the search right after it.
            let searched = end - start
            try fill()
            scanFrom = start + searched
        }
    }

    private func firstNewline(from offset: Int) -> Int? {
        buffer.withUnsafeBufferPointer { all in
            guard offset < end else { return nil }
            if let hit = memchr(all.baseAddress! + offset, 0x0A, end - offset) {
                return all.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            return nil
        }
    }

    /// Moves the pending bytes to the front, grows the buffer when a line needs it, reads more.
    private func fill() throws {
        if start > 0 {
            let pending = end - start
            buffer.withUnsafeMutableBufferPointer { all in
                _ = memmove(all.baseAddress!, all.baseAddress! + start, pending)
            }
            start = 0
            end = pending
        }
        if end == buffer.count {
            buffer.append(contentsOf: repeatElement(0, count: buffer.count))
        }
        let count = try readSome(into: end)
        if count == 0 { eof = true } else { end += count }
    }

    private func readSome(into offset: Int) throws -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count >= 0 {
                bytesRead += count
                return count
            }
            if errno != EINTR { throw InputError(path: "fd \(fd)", reason: InputFile.systemReason()) }
        }
    }

    /// Discards an overlong line without buffering it; returns its total length.
    private func skipRestOfLine(already: Int) throws -> Int {
        var length = already
        start = 0
        end = 0
        while true {
            let count = try readSome(into: 0)
            if count == 0 {
                eof = true
                return length
            }
            end = count
            if let newline = firstNewline(from: 0) {
                length += newline
                start = newline + 1
                return length
            }
            length += count
            end = 0
        }
    }
}
