#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RedoCrypto
import RedoCore

/// Turns one input file into records. JSON Lines are streamed (memory holds one batch of
/// lines, never the file); other files are read whole, up to the document limit, and
/// their export shape decides how they split into records.
struct RecordReader {
    let file: InputFileRef
    let index: Int32
    let options: ValidationOptions

    /// Calls `emit` for each record; returns a problem when the file cannot be read at all.
    func read(_ emit: (InputRecord) -> Void, bytesRead: (Int) -> Void) -> InputProblem? {
        if let problem = binaryCheck() { return problem }
        if file.isJSONLines && !file.isStandardInput {
            return readLines(InputPath(file.path), emit, bytesRead: bytesRead)
        }
        let bytes: [UInt8]
        do { bytes = try InputFile.readAll(InputPath(file.path), maxBytes: options.maxDocumentBytes) } catch {
            return InputProblem(path: file.display, message: error.reason + (error.reason.hasPrefix("larger") ? " (split it, or use JSON Lines, which is streamed)" : ""))
        }
        bytesRead(bytes.count)
        if bytes.contains(0) { return InputProblem(path: file.display, message: "binary data at byte \(bytes.firstIndex(of: 0)!), not JSON") }
        do {
            let value = try JSONReader.parse(bytes, limits: JSONLimits(maxDocumentBytes: options.maxDocumentBytes))
            for record in ExportShapes.records(of: value, file: index) { emit(record) }
        } catch where error.kind == .trailingContent && isLineDelimited(bytes, at: error.offset) {
            // More than one value, one per line: JSON Lines without the extension.
            for (number, line) in LogPipeline.numberedLines(bytes) {
                emit(InputRecord(source: RecordSource(file: index, line: Int32(number)), content: .bytes(line), storedUnder: nil))
            }
        } catch {
            let finding = error.kind == .sizeLimit
                ? Finding(.recordSize, error.message, path: "$")
                : Finding(.recordSyntax, "not I-JSON: \(error.description)", path: "$")
            emit(InputRecord(source: RecordSource(file: index, line: 0, key: ""), content: .finding(finding), storedUnder: nil))
        }
        return nil
    }

    private func isLineDelimited(_ bytes: [UInt8], at offset: Int) -> Bool {
        var k = offset - 1
        while k >= 0 && (bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0D) { k -= 1 }
        return k >= 0 && bytes[k] == 0x0A
    }

    private func readLines(_ input: InputPath, _ emit: (InputRecord) -> Void, bytesRead: (Int) -> Void) -> InputProblem? {
        do {
            let reader = try LineReader(input, maxLineBytes: options.maxRecordBytes)
            var reported = 0
            try reader.forEachLineSlice { line in
                switch line {
                case let .text(number, bytes):
                    if !LogPipeline.isBlank(bytes) {
                        emit(InputRecord(source: RecordSource(file: index, line: Int32(number)), content: .bytes(bytes), storedUnder: nil))
                    }
                case let .overlong(number, length):
                    emit(InputRecord(source: RecordSource(file: index, line: Int32(number)),
                                     content: .finding(Finding(.recordSize, "line of \(length) bytes is over the record limit of \(options.maxRecordBytes)", path: "$")),
                                     storedUnder: nil))
                }
                if reader.bytesRead - reported >= 1 << 20 {
                    bytesRead(reader.bytesRead - reported)
                    reported = reader.bytesRead
                }
                return true
            }
            bytesRead(reader.bytesRead - reported)
            return nil
        } catch let error as InputError {
            return InputProblem(path: file.display, message: error.reason)
        } catch {
            return InputProblem(path: file.display, message: "\(error)")
        }
    }

    /// A NUL byte in the first 8 KiB means this is not a text file at all.
    private func binaryCheck() -> InputProblem? {
        guard !file.isStandardInput else { return nil }
        let fd = open(file.path, O_RDONLY)
        guard fd >= 0 else { return InputProblem(path: file.display, message: InputFile.systemReason()) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { return InputProblem(path: file.display, message: "is a directory") }
        var head = [UInt8](repeating: 0, count: 8192)
        let count = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
        if count < 0 { return InputProblem(path: file.display, message: InputFile.systemReason()) }
        if let nul = head[0..<count].firstIndex(of: 0) {
            return InputProblem(path: file.display, message: "binary data at byte \(nul), not JSON")
        }
        return nil
    }
}
