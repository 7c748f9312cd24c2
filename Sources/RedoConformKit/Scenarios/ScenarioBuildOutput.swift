import Foundation
import RedoCore
import RedoCrypto
import RedoJSON
import RedoScenarios
import RedoValidation

/// The files `scenario build` writes for one scenario, in memory: the log, the json
/// validation report, the canonical state and its SHA-256, the names' ids, and the export
/// shapes asked for. Same scenario, same bytes.
package enum ScenarioBuildOutput {
    /// The export shapes `--shapes` may name, beside `log.jsonl`.
    package enum Shape: String, CaseIterable, Sendable {
        /// `array.json`: a JSON array of the records.
        case array
        /// `firestore.json`: an id → node map (a Firestore collection export).
        case firestore
        /// `users.json`: `{"users": {"scenario": {"changes": {id: node}}}}`.
        case users
    }

    package static func files(_ built: BuiltScenario, shapes: [Shape]) throws(ScenarioOutputFolder.Failure)
        -> [(String, [UInt8])]
    {
        let log = built.log
        var files: [(String, [UInt8])] = [("log.jsonl", log)]
        let (report, verdict) = try validated(log)
        files.append(("report.json", report))
        // The state from the same run: the log is validated once.
        let state = StateRendering.canonicalBytes(Reconstructor.reconstruct(verdict))
        files.append(("state.json", state))
        files.append(("state.sha256", Array((RedoSHA256.hash(state).hex + "  state.json\n").utf8)))
        files.append(("names.json", names(built)))
        for shape in shapes { files.append(("\(shape.rawValue).json", exported(built, shape))) }
        return files
    }

    /// The json report of `validate log.jsonl`, run on a copy in a private folder whose
    /// path is then taken out, so the report names `log.jsonl` and nothing of the machine.
    static func validated(_ log: [UInt8]) throws(ScenarioOutputFolder.Failure) -> (report: [UInt8], verdict: LogVerdict)
    {
        let folder = NSTemporaryDirectory() + "redo-conform-scenario-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .init(description: "\(folder): cannot create: \(OutputFolder.reason(error))")
        }
        guard FileManager.default.createFile(atPath: folder + "/log.jsonl", contents: Data(log)) else {
            throw .init(description: "\(folder)/log.jsonl: cannot write")
        }
        let result = ValidationRun(options: ValidationOptions()).run([folder])
        var out: [UInt8] = []
        var sink = ReportSink { out.append(contentsOf: $0) }
        JSONReport.write(result, profile: .synced, to: &sink)
        sink.flush()
        // The sources name the private folder: the report names the log as written beside it.
        return (removing(Array((folder + "/").utf8), from: out), result.verdict)
    }

    /// `bytes` without each occurrence of `pattern`, left to right, in one pass over the
    /// bytes (a String's replacement costs as much as the rest of the build on a large log).
    static func removing(_ pattern: [UInt8], from bytes: [UInt8]) -> [UInt8] {
        guard let first = pattern.first else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == first, bytes.count - i >= pattern.count,
                bytes[i..<(i + pattern.count)].elementsEqual(pattern)
            {
                i += pattern.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    /// `{"scenario", "nodes": {name: id}, "tasks": {name: taskId}, "todos", "authors": {name: publicKey}}`.
    static func names(_ built: BuiltScenario) -> [UInt8] {
        func map(_ pairs: [(String, String)]) -> JSONValue {
            .object(JSONObject(pairs.map { JSONMember(key: $0.0, value: .string($0.1)) }))
        }
        let document = JSONObject([
            JSONMember(key: "scenario", value: .string(built.name)),
            JSONMember(key: "nodes", value: map(built.nodeIds.map { ($0.name, $0.id) })),
            JSONMember(key: "tasks", value: map(built.taskIds.map { ($0.name, $0.taskId) })),
            JSONMember(key: "todos", value: map(built.todoIds.map { ($0.name, $0.todoTaskId) })),
            JSONMember(key: "authors", value: map(built.authorKeys.map { ($0.name, $0.publicKey) })),
        ])
        return OrderedJSONWriter.bytes(.object(document), pretty: true) + [0x0A]
    }

    /// The records in another export shape, each written as in the log (numbers as
    /// spelled). A map holds a node once: a duplicated record's second copy is left out.
    static func exported(_ built: BuiltScenario, _ shape: Shape) -> [UInt8] {
        if shape == .array {
            return Array("[\n".utf8) + Array(built.records.map(\.bytes).joined(separator: Array(",\n".utf8)))
                + Array("\n]\n".utf8)
        }
        var seen = Set<[UInt8]>()
        var entries: [[UInt8]] = []
        for record in built.records where seen.insert(record.bytes).inserted {
            let id = (try? JSONReader.parse(record.bytes))?.objectValue?["id"]?.stringValue ?? record.node
            entries.append(OrderedJSONWriter.bytes(.string(id)) + Array(": ".utf8) + record.bytes)
        }
        let map = Array("{\n".utf8) + Array(entries.joined(separator: Array(",\n".utf8))) + Array("\n}".utf8)
        if shape == .firestore { return map + [0x0A] }
        return Array("{\"users\": {\"scenario\": {\"changes\": ".utf8) + map + Array("}}}\n".utf8)
    }
}
