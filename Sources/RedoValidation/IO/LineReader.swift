#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streams a file line by line in fixed-size chunks, so memory holds one line at a time
/// (plus one chunk) no matter how large the file is. A line over `maxLineBytes` is not
/// kept: the reader reports it as overlong, skips to its end and goes on.
///
/// The one JSON Lines splitter: streamed inputs, text already in memory (`init(bytes:)`)
/// and the sniffing of a stream's first bytes all end lines here, in the same way.
package final class LineReader {
    package enum Line<Bytes> {
        /// A complete line without its terminator ("\n" or "\r\n").
        case text(lineNumber: Int, bytes: Bytes)
        /// A line longer than the limit; its content was dropped.
        case overlong(lineNumber: Int, length: Int)

        /// The same line with its bytes given another way.
        func withBytes<Other>(_ transform: (Bytes) throws -> Other) rethrows -> Line<Other> {
            switch self {
            case let .text(number, bytes): return .text(lineNumber: number, bytes: try transform(bytes))
            case let .overlong(number, length): return .overlong(lineNumber: number, length: length)
            }
        }
    }

    /// Nil when the lines are split from bytes in memory.
    private let source: OpenInput?
    private let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var end = 0
    private var eof = false
    private var lineNumber = 0
    /// Set while `forEachLineSlice` runs: lines have been handed out as slices of
    /// `buffer`, so a refill reads into a new buffer instead of reusing this one.
    private var linesAreShared = false
    /// Bytes read from the input, `prefix` included.
    package private(set) var bytesRead = 0

    package convenience init(_ input: InputPath, maxLineBytes: Int = 64 << 20, chunkSize: Int = 1 << 20)
        throws(InputError)
    {
        self.init(try OpenInput(input), maxLineBytes: maxLineBytes, chunkSize: chunkSize)
    }

    /// Reads lines from `source`, starting with `prefix`: bytes already read from it (to
    /// sniff its kind), which a pipe cannot give again.
    package init(_ source: OpenInput, prefix: [UInt8] = [], maxLineBytes: Int = 64 << 20, chunkSize: Int = 1 << 20) {
        self.source = source
        self.maxLineBytes = maxLineBytes
        buffer = [UInt8](repeating: 0, count: max(chunkSize, 4096, prefix.count))
        buffer.replaceSubrange(0..<prefix.count, with: prefix)
        end = prefix.count
        bytesRead = prefix.count
    }

    /// Splits `bytes` that are already in memory; no line is overlong.
    package init(bytes: [UInt8]) {
        source = nil
        maxLineBytes = Int.max
        buffer = bytes
        end = bytes.count
        bytesRead = bytes.count
        eof = true
    }

    /// Calls `body` for every line, its bytes valid only during the call; stops early
    /// when `body` returns false.
    package func forEachLine(_ body: (Line<UnsafeBufferPointer<UInt8>>) throws -> Bool) throws {
        try forEachRange { line in
            try buffer.withUnsafeBufferPointer { all in
                try body(line.withBytes { UnsafeBufferPointer(rebasing: all[$0]) })
            }
        }
    }

    /// The same, each line a slice of the chunk it was read into: it may be kept after
    /// the call, without a copy. A chunk lives as long as a slice of it does, and the
    /// reader never writes to a chunk it has handed out a line of.
    ///
    /// Why: copying each line into an array of its own cost a malloc, a copy and a
    /// free per record, 2% of `validate`'s CPU time on the 1M-node benchmark.
    package func forEachLineSlice(_ body: (Line<ArraySlice<UInt8>>) throws -> Bool) throws {
        linesAreShared = true
        defer { linesAreShared = false }
        try forEachRange { line in try body(line.withBytes { buffer[$0] }) }
    }

    /// The loop of both: each line as its range in `buffer`, without its terminator.
    private func forEachRange(_ body: (Line<Range<Int>>) throws -> Bool) throws {
        while let line = try nextLine(), try body(line) {}
    }

    private func nextLine() throws -> Line<Range<Int>>? {
        var scanFrom = start
        while true {
            if let newline = firstNewline(from: scanFrom) {
                let range = start..<newline
                start = newline + 1
                return complete(range)
            }
            if eof {
                guard start < end else { return nil }
                let range = start..<end
                start = end
                return complete(range)
            }
            if end - start > maxLineBytes {
                lineNumber += 1
                return .overlong(lineNumber: lineNumber, length: try skipRestOfLine(already: end - start))
            }
            // Everything pending has been searched; after `fill` moves it to the front,
            // resume the search right after it.
            let searched = end - start
            try fill()
            scanFrom = start + searched
        }
    }

    /// The next line, `range` of `buffer` less a final carriage return ("\r\n" endings).
    private func complete(_ range: Range<Int>) -> Line<Range<Int>> {
        lineNumber += 1
        let trimmed =
            !range.isEmpty && buffer[range.upperBound - 1] == 0x0D ? range.lowerBound..<(range.upperBound - 1) : range
        return .text(lineNumber: lineNumber, bytes: trimmed)
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
        if linesAreShared {
            // Lines of this buffer may still be in use: carry the pending bytes over to a
            // new one (twice the size if they fill a whole chunk: a long line).
            let pending = end - start
            let capacity = pending * 2 > buffer.count ? buffer.count * 2 : buffer.count
            let previous = buffer
            buffer = [UInt8](unsafeUninitializedCapacity: capacity) { fresh, count in
                previous.withUnsafeBufferPointer { old in
                    if pending > 0 { _ = memcpy(fresh.baseAddress!, old.baseAddress! + start, pending) }
                }
                (fresh.baseAddress! + pending).initialize(repeating: 0, count: capacity - pending)
                count = capacity
            }
            start = 0
            end = pending
        } else if start > 0 {
            let pending = end - start
            buffer.withUnsafeMutableBufferPointer { all in
                _ = memmove(all.baseAddress!, all.baseAddress! + start, pending)
            }
            start = 0
            end = pending
        }
        if end == buffer.count {
            // An array of zeros appended whole: appending a repeated element goes element
            // by element in a debug build (seconds for a line of a few MiB).
            buffer += [UInt8](repeating: 0, count: buffer.count)
        }
        // Fill the whole chunk: a pipe gives 64 KiB per read, and a chunk holding one
        // read's worth would, while its lines are shared, cost a fresh 1 MiB buffer per
        // 64 KiB of input.
        while end < buffer.count {
            let count = try readSome(into: end)
            if count == 0 {
                eof = true
                break
            }
            end += count
        }
    }

    private func readSome(into offset: Int) throws -> Int {
        guard let source else { return 0 }
        let count = buffer.withUnsafeMutableBytes {
            source.readSome(into: UnsafeMutableRawBufferPointer(rebasing: $0[offset...]))
        }
        if count < 0 { throw source.failure() }
        bytesRead += count
        return count
    }

    /// Discards an overlong line without buffering it; returns its total length. (Should
    /// lines of the buffer be in use as slices, writing to it copies it first.)
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
