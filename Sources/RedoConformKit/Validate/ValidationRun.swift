#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RedoCrypto
import RedoCore

public struct ValidationOptions: Sendable {
    public var profile: ValidationProfile = .synced
    /// Threads for node-level checks (signature verification dominates and scales).
    public var jobs: Int = ValidationOptions.defaultJobs
    /// One record (a JSON Lines line) at most this large; larger ones are a finding.
    public var maxRecordBytes: Int = 16 << 20
    /// One JSON document (a whole .json file) at most this large; larger files are refused.
    public var maxDocumentBytes: Int = 1 << 30
    /// Records checked per parallel batch: bounds memory on streamed input.
    public var batchSize: Int = 8192

    public init() {}

    public static var defaultJobs: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

/// Everything `validate` learned: per record, where it came from and its verdict.
public struct ValidationResult: Sendable {
    public let files: [InputFileRef]
    public let problems: [InputProblem]
    public let sources: [RecordSource]
    /// Parallel to `sources`: the id and taskId a record claims (for reports).
    public let claimedIds: [String?]
    public let taskIds: [String?]
    public let verdict: LogVerdict

    public func source(_ record: Int) -> String { sources[record].text(files: files) }
}

/// Reads every input, checks every record (node-level rules in parallel), then applies
/// the log-level rules to all of them together: an export split over files is one log.
public struct ValidationRun {
    public let options: ValidationOptions
    public var progress: ProgressMeter?

    public init(options: ValidationOptions, progress: ProgressMeter? = nil) {
        self.options = options
        self.progress = progress
    }

    public func run(_ operands: [String]) -> ValidationResult {
        let (files, walkProblems) = InputFiles.expand(operands)
        var problems = walkProblems
        var sources: [RecordSource] = []
        var checks: [NodeCheck] = []
        let validator = NodeValidator(profile: options.profile, limits: JSONLimits(maxDocumentBytes: options.maxRecordBytes))
        progress?.start(totalBytes: files.reduce(0) { $0 + Self.size(of: $1) })

        var pending: [InputRecord] = []
        func flush() {
            guard !pending.isEmpty else { return }
            checks += RecordChecks.check(pending, validator: validator, jobs: options.jobs)
            sources += pending.map(\.source)
            progress?.advance(records: pending.count)
            pending.removeAll(keepingCapacity: true)
        }
        for (index, file) in files.enumerated() {
            let reader = RecordReader(file: file, index: Int32(index), options: options)
            if let problem = reader.read({ record in
                pending.append(record)
                if pending.count >= options.batchSize { flush() }
            }, bytesRead: { progress?.advance(bytes: $0) }) {
                problems.append(problem)
            }
            flush()
        }
        progress?.finish()

        let verdict = LogValidator().validate(checks)
        return ValidationResult(files: files, problems: problems, sources: sources,
                                claimedIds: checks.map { $0.node?.id.text ?? $0.claimedId },
                                taskIds: checks.map { $0.node?.taskId.text ?? $0.taskIdText }, verdict: verdict)
    }

    static func size(of file: InputFileRef) -> Int {
        guard !file.isStandardInput else { return 0 }
        var info = stat()
        return stat(file.path, &info) == 0 ? Int(info.st_size) : 0
    }
}
