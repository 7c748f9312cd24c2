import RedoCore

/// The counts every report format shows.
package struct ReportSummary: Sendable, Equatable {
    package var records = 0
    /// Distinct ids claimed by the records (a record without a string id counts alone).
    package var nodes = 0
    package var valid = 0
    package var rejected = 0
    package var duplicates = 0
    /// Rejected records by primary code.
    package var byCode: [ErrorCode: Int] = [:]
    package var warnings = 0

    package init(_ run: some ReportedRun) {
        for index in 0..<run.recordCount {
            records += 1
            let status = run.status(index)
            switch status {
            case .valid: valid += 1
            case .duplicate: duplicates += 1
            case .rejected:
                rejected += 1
                if let code = run.code(index) { byCode[code, default: 0] += 1 }
            }
            if status != .rejected && run.findings(index).contains(where: { $0.severity == .warning }) {
                warnings += 1
            }
        }
        nodes = run.nodeCount
    }
}

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
