@testable import RedoConformKit

/// What a report writes into a sink, as text: shared by the report tests.
func renderReport(_ body: (inout ReportSink) -> Void) -> String {
    var bytes: [UInt8] = []
    var sink = ReportSink { bytes += $0 }
    body(&sink)
    sink.flush()
    return String(decoding: bytes, as: UTF8.self)
}
