// A log's records as text: for REDO_FUZZ_DUMP, and for the message of a broken invariant.
import RedoCrypto
import RedoJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// REDO_FUZZ_DUMP=1: prints the built records, each as one JSON string per line (a record
/// may be pretty-printed or not even JSON; bytes that are not UTF-8 as `hex:…`), to turn an
/// input into a test.
public func dumpRecords(_ records: [[UInt8]]) {
    var out: [UInt8] = []
    for record in records {
        if let text = String(validating: record, as: UTF8.self) {
            out += CanonicalJSON.bytes(of: .string(text))
        } else {
            out += Array("hex:\(Hex.encode(record))".utf8)
        }
        out.append(0x0A)
    }
    _ = out.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

/// The records, numbered, for a message.
func recordDump(_ records: [[UInt8]]) -> String {
    records.enumerated().map { "#\($0.offset): \(show($0.element, limit: 3000))" }.joined(separator: "\n")
}
