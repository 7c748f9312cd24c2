import RedoCore
import RedoJSON
import RedoValidation

/// What a record says beyond what the validation run keeps: who wrote it (device and
/// author's name are not part of a node's state) and, for a record that failed
/// node-level checks, its claimed wall and title. Every field is as the record spells
/// it, nil when absent or not a string.
package struct RecordDetails: Sendable, Equatable {
    package var userId: String?
    package var authorName: String?
    package var deviceId: String?
    package var deviceName: String?
    package var wall: String?
    package var action: String?
    package var title: String?

    package init() {}

    /// `device-a ("Anna's phone")`, or `(no deviceId)`: the device as every report names
    /// it. Not escaped.
    package var device: String {
        let id = deviceId ?? "(no deviceId)"
        return deviceName.map { "\(id) (\"\($0)\")" } ?? id
    }

    /// The details of one record's JSON; an unreadable record has none.
    package init(_ content: RecordContent, maxBytes: Int) {
        let value: JSONValue?
        switch content {
        case let .bytes(bytes):
            value = try? JSONReader.parse(Array(bytes), limits: JSONLimits(maxDocumentBytes: maxBytes))
        case let .value(node): value = node
        case .finding: value = nil
        }
        guard let node = value?.objectValue else { return }
        let author = node["author"]?.objectValue
        userId = author?["userId"]?.stringValue
        authorName = author?["name"]?.stringValue
        deviceId = author?["deviceId"]?.stringValue
        deviceName = author?["deviceName"]?.stringValue
        wall = node["timestamp"]?.objectValue?["wall"]?.stringValue
        action = node["action"]?.stringValue
        title = node["data"]?.objectValue?["payload"]?.objectValue?["title"]?.stringValue
    }

    /// The details of the records `wanted` picks, by record index: the run's inputs are
    /// read again, through the same reader and in the same order, so the n-th record read
    /// is the run's record n; only the wanted ones are parsed. A run with input problems
    /// is not read again (its records may not line up); nor is stdin, which was read once.
    package static func read(
        of result: ValidationResult, options: ValidationOptions, wanted: (Int) -> Bool
    ) -> [Int: RecordDetails] {
        var details: [Int: RecordDetails] = [:]
        guard result.problems.isEmpty else { return details }
        var record = 0
        for (index, file) in result.files.enumerated() where !file.isStandardInput {
            let reader = RecordReader(file: file, index: Int32(index), options: options)
            _ = reader.read(
                { input in
                    if record < result.verdict.records.count, wanted(record) {
                        details[record] = RecordDetails(input.content, maxBytes: options.maxRecordBytes)
                    }
                    record += 1
                }, bytesRead: { _ in })
        }
        return details
    }

    /// The details of the records that hold the valid nodes at `positions` (positions in
    /// `LogVerdict.nodes`), keyed by node position: what the deleted-task lines need of
    /// each DELETE. Empty where the records cannot be read again.
    package static func read(
        nodes positions: Set<Int>, of result: ValidationResult, options: ValidationOptions
    ) -> [Int: RecordDetails] {
        guard !positions.isEmpty else { return [:] }
        let records = result.verdict.records
        let byRecord = read(of: result, options: options) { positions.contains(Int(records[$0].node)) }
        return Dictionary(uniqueKeysWithValues: byRecord.map { (Int(records[$0.key].node), $0.value) })
    }
}
