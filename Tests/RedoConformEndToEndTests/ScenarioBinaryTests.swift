import Foundation
import RedoJSON
import RedoScenarios
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// `scenario build` and `scenario check` run as a user runs them, and the catalog's files
/// and check's json report held to their schemas.
final class ScenarioBinaryTests: XCTestCase {
    private var vectors: String { BinaryEndToEndTests.repositoryRoot.appendingPathComponent("Vectors").path }

    func testBuildThenCheckThroughTheBinary() throws {
        let folder = TempFiles.folder("scenario-binary")
        let lww = vectors + "/scenarios/merge-lww.yaml"
        let built = try BinaryEndToEndTests.run([
            "scenario", "build", lww, "--out", folder + "/out", "--shapes", "array",
        ])
        XCTAssertEqual(built.status, 0, built.stderr)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/out/log.jsonl")),
            try Data(contentsOf: URL(fileURLWithPath: vectors + "/reconstruction/merge-lww.jsonl")))
        let again = try BinaryEndToEndTests.run(["scenario", "build", lww, "--out", folder + "/out"])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists (add --force to replace it)"), again.stderr)
        let checked = try BinaryEndToEndTests.run(["scenario", "check", vectors + "/scenarios", "--format", "junit"])
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
        XCTAssertTrue(checked.stdout.contains("failures=\"0\" errors=\"0\""), checked.stdout)
        let bad = TempFiles.write(Array("nodes: {a: &x 1}\n".utf8), to: folder + "/bad.yaml")
        let refused = try BinaryEndToEndTests.run(["scenario", "build", bad, "--out", folder + "/bad"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.hasPrefix("error: \(bad):1:"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/bad"))
    }

    func testTheCatalogAndCheckReportsMatchTheirSchemas() throws {
        let folder = TempFiles.folder("scenario-schema")
        var documents: [String] = []
        for file in ScenarioFile.expand([vectors + "/scenarios"]) {
            let input = try ScenarioYAMLReader.input(try String(contentsOfFile: file, encoding: .utf8), file: file)
            let json = OrderedJSONWriter.bytes(input.value.jsonValue, pretty: true)
            documents.append(TempFiles.write(json, to: folder + "/" + (file as NSString).lastPathComponent + ".json"))
        }
        XCTAssertGreaterThanOrEqual(documents.count, 2)
        let repeated = #"""
            {"authors": {"a": {"seed": "0", "devices": ["d"]}},
             "tasks": [{"repeat": 2, "from": 0, "tasks": ["t{i}"]}],
             "todos": [{"repeat": 2, "todos": ["todo{i}"]}],
             "nodes": [{"repeat": 2, "from": 0, "nodes": [
               {"name": "t{i}-0", "task": "t{i}", "action": "CREATE", "payload": {"title": "Task {i}"}},
               {"repeat": 3, "counter": "k", "nodes": [
                 {"name": "t{i}-{k}", "task": "t{i}", "action": "UPDATE", "parents": ["t{i}-{k-1}"]}]}]}]}
            """#
        documents.append(TempFiles.write(Array(repeated.utf8), to: folder + "/repeat.json"))
        XCTAssertNoThrow(try ScenarioJSONReader.scenario(Array(repeated.utf8), file: "repeat.json", name: "repeat"))
        let badRepeat = TempFiles.write(
            Array(repeated.replacingOccurrences(of: #""repeat": 3"#, with: #""repeat": 0"#).utf8),
            to: folder + "/bad-repeat.json")
        let unknownKey = TempFiles.write(
            Array(
                #"{"authors":{"a":{"seed":"0","devices":["d"]}},"tasks":["t"],"nodes":[{"name":"n","action":"CREATE","lamport":1}]}"#
                    .utf8), to: folder + "/unknown-key.json")
        let badFault = TempFiles.write(
            Array(
                #"{"authors":{"a":{"seed":"0","devices":["d"]}},"tasks":["t"],"nodes":[{"name":"n","action":"CREATE","fault":"bent"}]}"#
                    .utf8), to: folder + "/bad-fault.json")
        try SchemaValidator.check("scenario", documents, invalid: [unknownKey, badFault, badRepeat])

        let report = folder + "/check.json"
        let run = try BinaryEndToEndTests.run([
            "scenario", "check", vectors + "/scenarios", "--format", "json", "--output", report,
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let broken = TempFiles.write(
            Array(
                try String(contentsOfFile: report, encoding: .utf8).replacingOccurrences(
                    of: "\"passed\"", with: "\"fine\""
                ).utf8),
            to: folder + "/broken.json")
        try SchemaValidator.check("scenario-check", [report], invalid: [broken])
    }
}
