import Foundation
import RedoCore
import RedoFixtures
import RedoJSON
import RedoValidation

/// `diff/`: pairs of exports and the json report `diff` writes for each, made by running
/// `diff` itself (as the state files of `reconstruction/` are made by reconstructing);
/// the manifest's hand-counted differences keep the generator honest, and `check`
/// (`DiffVectorSuite`) runs every pair again.
enum DiffVectorFiles {
    static func files(seed: String) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        var entries: [JSONValue] = []
        for c in DiffCases(seed: seed).all {
            let (aName, bName) = names(c)
            let (aBytes, bBytes) = (bytes(c.a), bytes(c.b))
            let report = withTemporaryFiles([(aName, aBytes), (bName, bBytes)]) { paths in
                run(a: paths[0], b: paths[1], names: (aName, bName), at: c.at)
            }
            files.append(GeneratedFile(path: "diff/" + aName, bytes: aBytes))
            files.append(GeneratedFile(path: "diff/" + bName, bytes: bBytes))
            files.append(GeneratedFile(path: "diff/\(c.id).report.json", bytes: reportBytes(report)))
            entries.append(
                .object(
                    JSONObject([
                        member("id", str(c.id)), member("comment", str(c.comment)), member("a", str(aName)),
                        member("b", str(bName)), member("at", c.at.map(str) ?? .null),
                        member("report", str("\(c.id).report.json")),
                        member("exitStatus", num(c.equivalent ? 0 : 1)),
                        member(
                            "differences",
                            .object(JSONObject(c.expected.map { member($0.kind, num(Double($0.count))) }))),
                    ])))
        }
        let manifest = VectorGenerator.manifest(
            "redo-conform/diff-vectors", seed: seed,
            comment:
                "Each case is a pair of one account's exports, A and B. Run `redo-conform diff A B --format json` (with --at where given; paths as the file names): the report must equal the report file byte for byte, the exit status must be exitStatus, and the summary must count differences as listed (kinds not listed: 0).",
            [member("cases", .array(entries))])
        files.append(
            GeneratedFile(path: "diff/manifest.json", bytes: OrderedJSONWriter.bytes(manifest, pretty: true) + [0x0A]))
        return files
    }

    static func names(_ c: DiffCase) -> (String, String) {
        ("\(c.id).a\(c.a.suffix)", "\(c.id).b\(c.b.suffix)")
    }

    /// `diff` of two files, with the sides named by their file names (not where they lie).
    static func run(a: String, b: String, names: (String, String), at: String?) -> DiffReport {
        var run = DiffRun(options: ValidationOptions())
        if let at, case let .success(time) = TimeOption.parse(at) { run.at = time }
        var report = run.run(a, b)
        for k in report.sides.indices { report.sides[k].path = k == 0 ? names.0 : names.1 }
        return report
    }

    static func reportBytes(_ report: DiffReport) -> [UInt8] {
        var out: [UInt8] = []
        var sink = ReportSink { out += $0 }
        DiffJSONReport.write(report, to: &sink)
        sink.flush()
        return out
    }

    static func bytes(_ side: DiffCase.Side) -> [UInt8] {
        switch side {
        case let .lines(nodes): return nodes.flatMap { OrderedJSONWriter.bytes(.object($0)) + [0x0A] }
        case let .firestore(nodes):
            let map = JSONObject(nodes.map { JSONMember(key: $0.idText, value: .object($0)) })
            return OrderedJSONWriter.bytes(.object(map), pretty: true) + [0x0A]
        case let .state(nodes, setting):
            let state = LogPipeline.stateBytes(nodes.map { OrderedJSONWriter.bytes(.object($0)) })
            guard let setting, case var .object(root)? = try? JSONReader.parse(state),
                case var .array(tasks)? = root["tasks"], case var .object(first)? = tasks.first
            else { return state }
            first[setting.key] = setting.value
            tasks[0] = .object(first)
            root["tasks"] = .array(tasks)
            return CanonicalJSON.bytes(of: .object(root))
        }
    }

    /// Writes the files into a fresh temporary folder, calls `body` with their paths, and
    /// removes the folder.
    static func withTemporaryFiles<R>(_ files: [(String, [UInt8])], _ body: ([String]) -> R) -> R {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "redo-conform-diff-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = files.map { name, bytes in
            let url = folder.appendingPathComponent(name)
            _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
            return url.path
        }
        return body(paths)
    }
}
