import RedoCrypto
import RedoCore

/// Node-level checks of every record, then the log rules: the pipeline `validate`,
/// `reconstruct` and the vector suites share.
public enum LogPipeline {
    public static func validate(_ records: [[UInt8]], profile: ValidationProfile = .synced) -> LogVerdict {
        let validator = NodeValidator(profile: profile)
        return LogValidator().validate(records.map { validator.check(bytes: $0) })
    }

    /// The reconstructed state of a log as canonical JSON bytes.
    public static func stateBytes(_ records: [[UInt8]], profile: ValidationProfile = .synced) -> [UInt8] {
        StateRendering.canonicalBytes(Reconstructor.reconstruct(validate(records, profile: profile)))
    }

    /// Splits JSON Lines text into records (blank lines skipped).
    public static func lines(_ text: [UInt8]) -> [[UInt8]] {
        text.split(separator: 0x0A, omittingEmptySubsequences: true).map { line in
            Array(line.last == 0x0D ? line.dropLast() : line[...])
        }
    }
}

/// Reads a value at a simple path such as `tasks[0].todos[1].deadline`.
public enum JSONPathLookup {
    public static func value(at path: String, in root: JSONValue) -> JSONValue? {
        var current: JSONValue? = root
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while let open = name.lastIndex(of: "["), name.last == "]", let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) {
                indices.insert(index, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty { current = current?.objectValue?[String(name)] }
            for index in indices {
                guard let array = current?.arrayValue, index < array.count else { return nil }
                current = array[index]
            }
        }
        return current
    }
}
