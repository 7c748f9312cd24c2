import RedoCrypto
import RedoJSON
import RedoCore

/// Node-level checks of every record, then the log rules: the pipeline `validate`,
/// `reconstruct` and the vector suites share.
package enum LogPipeline {
    package static func validate(_ records: [[UInt8]], profile: ValidationProfile = .synced) -> LogVerdict {
        let validator = NodeValidator(profile: profile)
        return LogValidator().validate(records.map { validator.check(bytes: $0) })
    }

    /// The reconstructed state of a log as canonical JSON bytes.
    package static func stateBytes(_ records: [[UInt8]], profile: ValidationProfile = .synced) -> [UInt8] {
        StateRendering.canonicalBytes(Reconstructor.reconstruct(validate(records, profile: profile)))
    }

    /// Splits JSON Lines text into records (blank lines skipped).
    package static func lines(_ text: [UInt8]) -> [[UInt8]] {
        numberedLines(text).map { Array($0.1) }
    }

    /// The records of JSON Lines text with their 1-based line numbers, as slices of it (a
    /// trailing CR is dropped; blank and whitespace-only lines are skipped but counted).
    package static func numberedLines(_ bytes: [UInt8]) -> [(Int, ArraySlice<UInt8>)] {
        var out: [(Int, ArraySlice<UInt8>)] = []
        var start = 0
        var number = 1
        for k in 0...bytes.count where k == bytes.count || bytes[k] == 0x0A {
            var line = bytes[start..<k]
            if line.last == 0x0D { line = line.dropLast() }
            if !isBlank(line) { out.append((number, line)) }
            number += 1
            start = k + 1
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
