import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoScenarios
import RedoValidation

/// One file of a generated vector set, relative to the vectors root.
package struct GeneratedFile: Sendable {
    package let path: String
    package let bytes: [UInt8]
}

/// Writes the node and log vector suites for a seed. The shipped `Vectors/` is this
/// output for `VectorGenerator.shippedSeed`; a test regenerates it and fails on any byte
/// of drift. Only the project's own cases go into it: published third-party cases are
/// added to a generated set on request (`extraSignatures`, `vectors generate --external`).
package enum VectorGenerator {
    package static let shippedSeed = "redo-conform-v1"
    package static let formatVersion = 1

    /// `extraSignatures` go into the platform exchange after the crafted signature cases.
    /// The platform inputs and reference outputs carry the set's stamp, whose digest also
    /// covers the shipped files this does not generate (read from `handKept`, the shipped
    /// root by default): the Ed25519 and number vectors and the recordings. The
    /// reconstruction vectors are built from the scenario catalog in `catalog`
    /// (`ReconstructionCatalog`); a bad catalog file is thrown, located.
    package static func files(
        seed: String, extraSignatures: [SignatureCase] = [], handKept: VectorRoot? = .shipped,
        catalog: String = ReconstructionCatalog.shippedFolder
    ) throws(ScenarioError) -> [GeneratedFile] {
        let reconstruction = try ReconstructionCatalog.scenarios(seed: seed, catalog: catalog)
        let inputs = PlatformInputs(seed: seed, extraSignatures: extraSignatures, reconstruction: reconstruction).json
        let unstamped =
            nodeFiles(seed: seed) + logFiles(seed: seed) + reconstructionFiles(seed: seed, reconstruction)
            + exportFiles(seed: seed)
            + platformFiles(inputs) + DiffVectorFiles.files(seed: seed) + [ProtocolTablesFile.file]
        // The stamped files' digests leave the stamp out, so the unstamped ones give the digest.
        let generated = Set(unstamped.map(\.path))
        let others = handKept.map { root in
            VectorSetStamp.files(under: root.path).filter { !generated.contains($0.path) }
        }
        let digest = VectorSetStamp.digest(of: unstamped.map { ($0.path, $0.bytes) } + (others ?? []))
        let shipped = seed == shippedSeed && extraSignatures.isEmpty && others?.isEmpty == false
        let stamp = VectorSetStamp(
            version: shipped ? VectorSetStamp.currentVersion : VectorSetStamp.custom, digest: digest)
        let stamped = platformFiles(inputs.inserting(stamp.json, as: VectorSetStamp.member, after: "seed"))
        return unstamped.map { file in stamped.first { $0.path == file.path } ?? file }
    }

    /// The platform exchange: the inputs every harness reads, and redo-conform's own
    /// outputs for them (the reference `compare` uses).
    static func platformFiles(_ inputs: JSONValue) -> [GeneratedFile] {
        [
            GeneratedFile(path: "platform/inputs.json", bytes: OrderedJSONWriter.bytes(inputs, pretty: true) + [0x0A]),
            GeneratedFile(
                path: "platform/expected.json",
                bytes: OrderedJSONWriter.bytes(PlatformReference.outputs(for: inputs), pretty: true) + [0x0A]),
        ]
    }

    static func exportFiles(seed: String) -> [GeneratedFile] {
        let cases = ExportCases(seed: seed).all
        var files = cases.map { GeneratedFile(path: "exports/\($0.file)", bytes: $0.bytes) }
        let manifest = manifest(
            "redo-conform/export-vectors", seed: seed,
            comment:
                "Each file is one export shape; validate each file alone. expected lists every record by its source (file name + suffix) in record order.",
            [
                member(
                    "files",
                    .array(
                        cases.map { c in
                            .object(
                                JSONObject([
                                    member("file", str(c.file)), member("comment", str(c.comment)),
                                    member(
                                        "expected",
                                        .array(
                                            c.expected.map { suffix, verdict in
                                                var fields = [member("source", str(c.file + suffix))]
                                                if case let .object(v) = verdict.json { fields += v.members }
                                                return .object(JSONObject(fields))
                                            })),
                                ]))
                        }))
            ])
        files.append(
            GeneratedFile(
                path: "exports/manifest.json", bytes: OrderedJSONWriter.bytes(manifest, pretty: true) + [0x0A]))
        return files
    }

    /// The header every manifest starts with, then its own members.
    static func manifest(_ format: String, seed: String, comment: String, _ members: [JSONMember]) -> JSONValue {
        .object(
            JSONObject(
                [
                    member("format", str(format)), member("version", num(Double(formatVersion))),
                    member("seed", str(seed)),
                    member("comment", str(comment)),
                ] + members))
    }

    static func keysJSON(seed: String, count: Int) -> JSONValue {
        .array(
            (0..<count).map { index in
                let pair = FixtureKeys.pair(seed: seed, index: index)
                return .object(
                    JSONObject([
                        member("index", num(Double(index))), member("seed", str(Hex.encode(pair.seed))),
                        member("publicKey", str(pair.publicKey.hex)),
                    ]))
            })
    }

    static func nodeFiles(seed: String) -> [GeneratedFile] {
        let cases = NodeCases(seed: seed).all
        var files = cases.map { GeneratedFile(path: "nodes/\($0.id).json", bytes: $0.bytes) }
        let manifest = manifest(
            "redo-conform/node-vectors", seed: seed,
            comment:
                "Each case is one record as a client would export it; validate it alone (node-level rules) with the given profile. expected: status, and when rejected the primary code and its rule; codes, where given: the codes of all its error findings (each once, sorted).",
            [
                member("keys", keysJSON(seed: seed, count: 2)),
                member(
                    "cases",
                    .array(
                        cases.map { c in
                            var members = [
                                member("id", str(c.id)), member("file", str("\(c.id).json")),
                                member("comment", str(c.comment)),
                                member("flags", .array(c.flags.map { str($0.rawValue) })),
                                member("profile", str(c.profile.rawValue)),
                            ]
                            if let limit = c.maxRecordBytes {
                                members.append(member("maxRecordBytes", num(Double(limit))))
                            }
                            members.append(member("expected", c.expected.json))
                            return .object(JSONObject(members))
                        })),
            ])
        files.append(
            GeneratedFile(path: "nodes/manifest.json", bytes: OrderedJSONWriter.bytes(manifest, pretty: true) + [0x0A]))
        return files
    }

    static func logFiles(seed: String) -> [GeneratedFile] {
        let scenarios = LogScenarios(seed: seed).all
        var files = scenarios.map { s in
            GeneratedFile(path: "logs/\(s.id).jsonl", bytes: s.records.flatMap { $0 + [0x0A] })
        }
        let manifest = manifest(
            "redo-conform/log-vectors", seed: seed,
            comment:
                "Each scenario is a JSON Lines change log; validate all its records together (synced profile). expected[i] is the verdict on line i+1: status, and when rejected the primary code and its rule; related: the ids the primary finding names (any order); warnings: the record's warning codes (none when absent).",
            [
                member("keys", keysJSON(seed: seed, count: 1)),
                member(
                    "scenarios",
                    .array(
                        scenarios.map { s in
                            .object(
                                JSONObject([
                                    member("id", str(s.id)), member("file", str("\(s.id).jsonl")),
                                    member("comment", str(s.comment)),
                                    member("flags", .array(s.flags.map { str($0.rawValue) })),
                                    member("expected", .array(s.expected.map(\.json))),
                                ]))
                        })),
            ])
        files.append(
            GeneratedFile(path: "logs/manifest.json", bytes: OrderedJSONWriter.bytes(manifest, pretty: true) + [0x0A]))
        return files
    }

    static func reconstructionFiles(seed: String, _ scenarios: [ReconstructionScenario]) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for s in scenarios {
            files.append(GeneratedFile(path: "reconstruction/\(s.id).jsonl", bytes: s.records.flatMap { $0 + [0x0A] }))
            files.append(
                GeneratedFile(path: "reconstruction/\(s.id).state.json", bytes: LogPipeline.stateBytes(s.records)))
        }
        let manifest = manifest(
            "redo-conform/reconstruction-vectors", seed: seed,
            comment:
                "Each scenario is a JSON Lines change log; validate it (synced profile), reconstruct it, and write the state as RFC 8785 canonical JSON (PROTOCOL.md, Reconstructed state). It must equal the .state.json file byte for byte; the assertions name the facts each scenario is about.",
            [
                member("keys", keysJSON(seed: seed, count: 2)),
                member(
                    "scenarios",
                    .array(
                        scenarios.map { s in
                            .object(
                                JSONObject([
                                    member("id", str(s.id)), member("file", str("\(s.id).jsonl")),
                                    member("state", str("\(s.id).state.json")),
                                    member("comment", str(s.comment)),
                                    member("flags", .array(s.flags.map { str($0.rawValue) })),
                                    member(
                                        "assertions",
                                        .array(
                                            s.assertions.map { path, value in
                                                .object(
                                                    JSONObject([member("path", str(path)), member("equals", value)]))
                                            })),
                                ]))
                        })),
            ])
        files.append(
            GeneratedFile(
                path: "reconstruction/manifest.json", bytes: OrderedJSONWriter.bytes(manifest, pretty: true) + [0x0A]))
        return files
    }
}

extension JSONValue {
    /// The object with one member inserted after the named one (last when it is absent).
    fileprivate func inserting(_ value: JSONValue, as key: String, after previous: String) -> JSONValue {
        guard var object = objectValue else { return self }
        let index = object.members.firstIndex { $0.key == previous }.map { $0 + 1 } ?? object.members.count
        object.members.insert(JSONMember(key: key, value: value), at: index)
        return .object(object)
    }
}
