/// Writes a report or a generated file to a path (whole or not at all: `OutputFile`) or,
/// for no path or `-`, to stdout.
import RedoValidation

enum ReportOutput {
    /// False after one error line naming the path: the file could not be written whole.
    static func write(to path: String?, console: Console, _ body: (inout ReportSink) -> Void) -> Bool {
        guard let path, path != "-" else {
            var sink = ReportSink(console.writeOut)
            body(&sink)
            sink.flush()
            return true
        }
        var file: OutputFile
        do { file = try OutputFile(path) } catch {
            console.error("error: \(path): \(error)")
            return false
        }
        do {
            // The sink's closure needs the file inout; it is finished after the sink is done.
            var sink = ReportSink { file.write($0) }
            body(&sink)
            sink.flush()
        }
        if let reason = file.finish() {
            console.error("error: \(path): \(reason)")
            return false
        }
        return true
    }
}
