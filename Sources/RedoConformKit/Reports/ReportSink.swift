import RedoCore

/// Where a report goes, written in chunks (a million-record JSON report is never one
/// string in memory).
package struct ReportSink {
    private var buffer: [UInt8] = []
    private let flushBytes: ([UInt8]) -> Void

    package init(_ flushBytes: @escaping ([UInt8]) -> Void) { self.flushBytes = flushBytes }

    package mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    package mutating func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// A large piece (a chunk of rendered records) goes straight out, after what is
    /// buffered: copying it into the buffer first would copy a whole report once more.
    mutating func write(chunk: [UInt8]) {
        guard chunk.count >= 1 << 16 else { return write(bytes: chunk) }
        flush()
        flushBytes(chunk)
    }

    package mutating func flush() {
        guard !buffer.isEmpty else { return }
        flushBytes(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
