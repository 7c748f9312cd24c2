/// Where each record of a run came from, in input order, at 4 bytes a record.
///
/// A million-record run kept a 24-byte `RecordSource` per record (two numbers and an
/// optional key string that JSON Lines never has). Here the lines are one array; the file
/// is kept once per run of consecutive records from one file, and keys only for the
/// records inside a JSON document, which have one.
package struct RecordSources: RandomAccessCollection, Sendable {
    private var lines: [Int32] = []
    /// The first record of each run of records from one file, with that file, ascending.
    private var fileRuns: [(first: Int, file: Int32)] = []
    private var keys: [Int: String] = [:]

    package init() {}

    package var startIndex: Int { 0 }
    package var endIndex: Int { lines.count }

    package subscript(record: Int) -> RecordSource {
        RecordSource(file: file(of: record), line: lines[record], key: keys[record])
    }

    /// The file the record came from (the index of its input file).
    package func file(of record: Int) -> Int32 {
        precondition(lines.indices.contains(record), "record \(record) out of range")
        // The last run that starts at or before the record.
        var low = 0
        var high = fileRuns.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if fileRuns[middle].first <= record { low = middle } else { high = middle - 1 }
        }
        return fileRuns[low].file
    }

    package mutating func reserveCapacity(_ records: Int) { lines.reserveCapacity(records) }

    package mutating func append(_ source: RecordSource) {
        if fileRuns.last?.file != source.file { fileRuns.append((lines.count, source.file)) }
        if let key = source.key { keys[lines.count] = key }
        lines.append(source.line)
    }
}
