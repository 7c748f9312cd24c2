import RedoCore
import RedoCrypto
import RedoJSON

/// Records in memory through the validation run `validate` uses (node-level checks,
/// then the log rules), for the vector suites, the generator and the platform reference.
package enum LogPipeline {
    package static func validate(_ records: [[UInt8]], profile: ValidationProfile = .synced) -> LogVerdict {
        var options = ValidationOptions()
        options.profile = profile
        return ValidationRun(options: options).run(records: records)
    }

    /// A log file validated exactly as `validate FILE` validates it; an input problem
    /// (unreadable, empty) is thrown.
    package static func validate(file path: String, profile: ValidationProfile = .synced) throws(InputError)
        -> LogVerdict
    {
        var options = ValidationOptions()
        options.profile = profile
        let result = ValidationRun(options: options).run([path])
        if let problem = result.problems.first { throw InputError(path: problem.path, reason: problem.message) }
        return result.verdict
    }

    /// The reconstructed state of a log file as canonical JSON bytes.
    package static func stateBytes(file path: String) throws(InputError) -> [UInt8] {
        StateRendering.canonicalBytes(Reconstructor.reconstruct(try validate(file: path)))
    }

    /// The reconstructed state of a log as canonical JSON bytes.
    package static func stateBytes(_ records: [[UInt8]], profile: ValidationProfile = .synced) -> [UInt8] {
        StateRendering.canonicalBytes(Reconstructor.reconstruct(validate(records, profile: profile)))
    }

    /// Splits JSON Lines text into records (blank lines skipped).
    package static func lines(_ text: [UInt8]) -> [[UInt8]] {
        numberedLines(text).map { Array($0.1) }
    }

    /// The records of JSON Lines text with their 1-based line numbers, as slices of a copy
    /// of it (split by `LineReader`: a trailing CR is dropped; blank and whitespace-only
    /// lines are skipped but counted).
    package static func numberedLines(_ bytes: [UInt8]) -> [(Int, ArraySlice<UInt8>)] {
        var out: [(Int, ArraySlice<UInt8>)] = []
        // In memory, the reader neither fails nor finds an overlong line.
        try? LineReader(bytes: bytes).forEachLineSlice { line in
            if case let .text(number, text) = line, !isBlank(text) { out.append((number, text)) }
            return true
        }
        return out
    }

    /// A line of spaces and tabs only (or none): not a record, in any JSON Lines input.
    static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Reads a value at a simple path such as `tasks[0].todos[1].deadline`.
package enum JSONPathLookup {
    package static func value(at path: String, in root: JSONValue) -> JSONValue? {
        var current: JSONValue? = root
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while let open = name.lastIndex(of: "["), name.last == "]",
                let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)])
            {
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
