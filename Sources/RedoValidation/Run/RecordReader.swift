import RedoCore
import RedoCrypto
import RedoJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns one input file into records. JSON Lines are streamed (memory holds one batch of
/// lines, never the file); other files are read whole, up to the document limit, and
/// their export shape decides how they split into records. Each input is opened and read
/// once (see `OpenInput`): pipes and FIFOs work like files.
package struct RecordReader {
    let file: InputFileRef
    let index: Int32
    let options: ValidationOptions
    /// Takes a whole document out (true), so it yields no record; see
    /// `ValidationRun.claimsDocument`.
    var claimsDocument: ((JSONValue) -> Bool)?

    /// The binary test looks at this many bytes, as `grep` and `git` do.
    static let binaryTestBytes = 8192
    /// How much of a stream (stdin, a pipe) is read to tell JSON Lines from one document.
    static let sniffBytes = 1 << 16

    package init(file: InputFileRef, index: Int32, options: ValidationOptions) {
        self.file = file
        self.index = index
        self.options = options
    }

    /// Calls `emit` for each record; returns a problem when the file cannot be read at all,
    /// or when it holds no record: an empty export would otherwise pass as "all valid", and
    /// a CI job checking one must not go green on nothing.
    package func read(_ emit: (InputRecord) -> Void, bytesRead: (Int) -> Void) -> InputProblem? {
        var count = 0
        var claimed = false
        var empty: String?
        let problem = read(
            {
                count += 1
                emit($0)
            }, bytesRead: bytesRead, empty: &empty, claimed: &claimed)
        if problem == nil, count == 0, !claimed, let empty {
            return InputProblem(path: file.display, message: empty + ": no records")
        }
        return problem
    }

    /// Reads the file; `empty` says what it held, in case no record came of it.
    private func read(
        _ emit: (InputRecord) -> Void, bytesRead: (Int) -> Void, empty: inout String?, claimed: inout Bool
    ) -> InputProblem? {
        do {
            let source = try OpenInput(InputPath(file.path))
            let isStream = source.regularFileSize == nil
            if !file.isJSONLines, let size = source.regularFileSize, size > options.maxDocumentBytes {
                throw InputFile.tooLarge(source.input, maxBytes: options.maxDocumentBytes)
            }
            let head = try source.read(upTo: isStream ? Self.sniffBytes : Self.binaryTestBytes)
            if let nul = head.prefix(Self.binaryTestBytes).firstIndex(of: 0) {
                throw InputFile.binary(source.input, at: nul)
            }
            if file.isJSONLines || (isStream && LineSniffing.startsAsJSONLines(head)) {
                let reader = LineReader(source, prefix: head, maxLineBytes: options.maxRecordBytes)
                try readLines(reader, emit, bytesRead: bytesRead)
                empty = reader.bytesRead == 0 ? "the file is empty" : "only blank lines"
                return nil
            }
            let bytes = try source.readRest(after: head, maxBytes: options.maxDocumentBytes, refusingBinary: true)
            bytesRead(bytes.count)
            empty = try readDocument(bytes, emit, claimed: &claimed)
            return nil
        } catch let error as InputError {
            let hint = error.reason.hasPrefix("larger") ? " (split it, or use JSON Lines, which is streamed)" : ""
            return InputProblem(path: file.display, message: error.reason + hint)
        } catch {
            return InputProblem(path: file.display, message: "\(error)")
        }
    }

    /// A whole document: an export shape (in the value `--nodes-at` names, when given), or —
    /// when it does not parse as one value but reads as values one per line — JSON Lines
    /// without the extension. Returns what the document is, in words, for the case that it
    /// holds no record; throws when it is no export shape or the pointer names nothing.
    private func readDocument(_ bytes: [UInt8], _ emit: (InputRecord) -> Void, claimed: inout Bool) throws -> String? {
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes, limits: JSONLimits(maxDocumentBytes: options.maxDocumentBytes))
        } catch  where LineSniffing.readsAsJSONLines(bytes, failure: error) {
            for (number, line) in LogPipeline.numberedLines(bytes) {
                emit(
                    InputRecord(
                        source: RecordSource(file: index, line: Int32(number)), content: .bytes(line), storedUnder: nil)
                )
            }
            return nil
        } catch {
            let finding =
                error.kind == .sizeLimit
                ? Finding(.recordSize, error.message, path: "$")
                : Finding(.recordSyntax, "not I-JSON: \(error.description)", path: "$")
            emit(
                InputRecord(
                    source: RecordSource(file: index, line: 0, key: ""), content: .finding(finding), storedUnder: nil))
            return nil
        }
        if let claimsDocument, claimsDocument(document) {
            claimed = true
            return nil
        }
        let value = try options.nodesAt?.resolve(in: document).get() ?? document
        for record in try ExportShapes.records(of: value, file: index) { emit(record) }
        return ExportShapes.shape(of: value)?.emptyDescription
    }

    private func readLines(_ reader: LineReader, _ emit: (InputRecord) -> Void, bytesRead: (Int) -> Void) throws {
        var reported = 0
        try reader.forEachLineSlice { line in
            switch line {
            case let .text(number, bytes):
                if !LogPipeline.isBlank(bytes) {
                    emit(
                        InputRecord(
                            source: RecordSource(file: index, line: Int32(number)), content: .bytes(bytes),
                            storedUnder: nil))
                }
            case let .overlong(number, length):
                emit(
                    InputRecord(
                        source: RecordSource(file: index, line: Int32(number)),
                        content: .finding(
                            Finding(
                                .recordSize,
                                "line of \(length) bytes is over the record limit of \(options.maxRecordBytes)",
                                path: "$")),
                        storedUnder: nil))
            }
            if reader.bytesRead - reported >= 1 << 20 {
                bytesRead(reader.bytesRead - reported)
                reported = reader.bytesRead
            }
            return true
        }
        bytesRead(reader.bytesRead - reported)
    }
}
