import Foundation
import RedoConformKit
import RedoTestSupport
import XCTest

/// The JSON Schemas in docs/schemas/ describe what the binary really reads and writes:
/// real outputs of every JSON format are validated against them by an independent
/// validator (`SchemaValidator`), and a broken copy of each must be rejected, so no
/// schema passes by accepting anything.
final class SchemaConformanceTests: XCTestCase {
    private var root: URL { BinaryEndToEndTests.repositoryRoot }
    private var vectors: String { root.appendingPathComponent("Vectors").path }

    func testValidationReportsMatchTheirSchema() throws {
        let folder = TempFiles.folder("schema-validation")
        let empty = TempFiles.write([UInt8](), to: folder + "/empty.jsonl")
        var reports: [String] = []
        for (name, inputs) in [
            ("logs", [vectors + "/logs"]), ("nodes", [vectors + "/nodes"]), ("exports", [vectors + "/exports"]),
            ("problems", [vectors + "/logs/valid-life.jsonl", folder + "/missing.json", empty]),
        ] {
            let report = "\(folder)/\(name).json"
            let run = try BinaryEndToEndTests.run(["validate"] + inputs + ["--format", "json", "--output", report])
            // Vectors/nodes holds an empty array on purpose, an input problem like the missing file.
            XCTAssertEqual(run.status, ["nodes", "problems"].contains(name) ? 2 : 1, "\(name): \(run.stderr)")
            reports.append(report)
        }
        // One shard's report adds `shard` and each record's `position` and `file`.
        let shard = "\(folder)/shard-1-of-2.json"
        let sharded = try BinaryEndToEndTests.run([
            "validate", vectors + "/logs", "--shard", "1/2", "--format", "json", "--output", shard,
        ])
        XCTAssertEqual(sharded.status, 1, sharded.stderr)
        reports.append(shard)
        let broken = try brokenCopy(of: reports[0], in: folder) {
            $0.replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
        }
        let badStatus = try brokenCopy(of: reports[0], in: folder) {
            $0.replacingOccurrences(of: #""status":"valid""#, with: #""status":"fine""#)
        }
        try SchemaValidator.check("validation-report", reports, invalid: [broken, badStatus])
    }

    func testReconstructedStatesMatchTheirSchema() throws {
        let folder = TempFiles.folder("schema-state")
        let logs = try FileManager.default.contentsOfDirectory(atPath: vectors + "/reconstruction")
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertGreaterThan(logs.count, 10)
        var states: [String] = []
        for log in logs {
            let run = try BinaryEndToEndTests.run(["reconstruct", vectors + "/reconstruction/" + log])
            XCTAssertNotEqual(run.status, 2, "\(log): \(run.stderr)")
            states.append(TempFiles.write(Array(run.stdout.utf8), to: "\(folder)/\(log).state.json"))
        }
        // The expected states the vectors ship are held to the same schema.
        states += logs.map { vectors + "/reconstruction/" + $0.dropLast(".jsonl".count) + ".state.json" }
        let extraKey = try brokenCopy(of: states[0], in: folder) {
            $0.replacingOccurrences(of: #""version":1"#, with: #""format":"state","version":1"#)
        }
        try SchemaValidator.check("state", states, invalid: [extraKey])
    }

    func testKeyFilesMatchTheirSchema() throws {
        let folder = TempFiles.folder("schema-key")
        let fixed = folder + "/fixed.key"
        let random = folder + "/random.key"
        XCTAssertEqual(try BinaryEndToEndTests.run(["keygen", "--seed-text", "schema", "--out", fixed]).status, 0)
        XCTAssertEqual(try BinaryEndToEndTests.run(["keygen", "--out", random]).status, 0)
        let upper = try brokenCopy(of: fixed, in: folder) {
            $0.uppercased().replacingOccurrences(of: "FORMAT", with: "format")
        }
        try SchemaValidator.check("key-file", [fixed, random], invalid: [upper])
    }

    func testPlatformExchangeFilesMatchTheirSchemas() throws {
        let folder = TempFiles.folder("schema-platform")
        // A freshly generated set (with the published signature cases when their data is
        // here) as well as the shipped one.
        var generate = ["vectors", "generate", "--seed", "schema", "--out", folder + "/vectors"]
        let external = root.deletingLastPathComponent().appendingPathComponent("shared/external-vectors").path
        if FileManager.default.fileExists(atPath: external) { generate += ["--external", external] }
        let generated = try BinaryEndToEndTests.run(generate)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let inputs = [vectors + "/platform/inputs.json", folder + "/vectors/platform/inputs.json"]
        let noLogs = try brokenCopy(of: inputs[0], in: folder) {
            $0.replacingOccurrences(of: #""logs""#, with: #""histories""#)
        }
        try SchemaValidator.check("platform-inputs", inputs, invalid: [noLogs])

        let recorded = try FileManager.default.contentsOfDirectory(atPath: vectors + "/platform/recorded").sorted()
            .filter { $0 != PlatformVectorSuite.expectedDriftFile }.map { vectors + "/platform/recorded/" + $0 }
        let outputs = [vectors + "/platform/expected.json", folder + "/vectors/platform/expected.json"] + recorded
        let badHash = try brokenCopy(of: outputs[0], in: folder) {
            $0.replacingOccurrences(of: #""stateSha256": ""#, with: #""stateSha256": "XY"#)
        }
        try SchemaValidator.check("platform-outputs", outputs, invalid: [badHash])
    }

    func testCompareReportsMatchTheirSchema() throws {
        let folder = TempFiles.folder("schema-compare")
        let recorded = try FileManager.default.contentsOfDirectory(atPath: vectors + "/platform/recorded").sorted()
            .filter { $0 != PlatformVectorSuite.expectedDriftFile }.map { vectors + "/platform/recorded/" + $0 }
        let drifting = folder + "/drifting.json"
        let run = try BinaryEndToEndTests.run(
            ["compare"] + recorded + ["--allow-missing", "--format", "json", "--output", drifting])
        XCTAssertEqual(run.status, 1, run.stderr)
        // A platform that agrees everywhere: redo-conform's own outputs under another name.
        let expected = try String(contentsOfFile: vectors + "/platform/expected.json", encoding: .utf8)
        let ours = TempFiles.write(
            Array(expected.replacingOccurrences(of: #""platform": "redo-conform""#, with: #""platform": "echo""#).utf8),
            to: folder + "/echo.json")
        let agreeing = folder + "/agreeing.json"
        XCTAssertEqual(
            try BinaryEndToEndTests.run(["compare", ours, "--format", "json", "--output", agreeing]).status, 0)
        let badStatus = try brokenCopy(of: drifting, in: folder) {
            $0.replacingOccurrences(of: #""status":"DRIFT""#, with: #""status":"drift""#)
        }
        try SchemaValidator.check("compare-report", [drifting, agreeing], invalid: [badStatus])
    }

    /// The shipped baseline and one `--write-expected-drift` writes match the schema; a copy
    /// whose tag is not a string does not.
    func testBaselinesMatchTheirSchema() throws {
        let folder = TempFiles.folder("schema-baseline")
        let written = folder + "/written.json"
        let recorded = vectors + "/platform/recorded/ios-jsonencoder.json"
        XCTAssertEqual(
            try BinaryEndToEndTests.run(
                [
                    "compare", recorded, "--allow-missing", "--write-expected-drift", written, "--output",
                    folder + "/r.txt",
                ]
            ).status, 1)
        let shipped = vectors + "/platform/recorded/" + PlatformVectorSuite.expectedDriftFile
        let badTag = try brokenCopy(of: written, in: folder) {
            $0.replacingOccurrences(of: #""tag": "CANON""#, with: #""tag": 1"#)
        }
        try SchemaValidator.check("expected-drift", [shipped, written], invalid: [badTag])
    }

    // MARK: - Helpers

    /// A copy of a document with `edit` applied; the edit must change something.
    private func brokenCopy(of path: String, in folder: String, _ edit: (String) -> String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changed = edit(text)
        XCTAssertNotEqual(changed, text, "the edit of \(path) changed nothing")
        return TempFiles.write(Array(changed.utf8), to: TempFiles.path("broken") + ".json")
    }
}
