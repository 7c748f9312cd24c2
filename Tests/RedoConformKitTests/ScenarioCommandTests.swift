import Foundation
import RedoScenarios
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// `scenario build` and `scenario check` in process, and the catalog suite `check` runs.
final class ScenarioCommandTests: XCTestCase {
    private var lww: String { VectorFiles.url("scenarios/merge-lww.yaml").path }

    func testBuildWritesTheFolderWholeAndTheSameBytesTwice() throws {
        let folder = TempFiles.folder("scenario-build")
        let first = folder + "/one"
        let captured = CapturedConsole()
        XCTAssertEqual(
            ScenarioCommand.build(
                lww, into: first, force: false, shapes: [.array, .firestore, .users], console: captured.console),
            .ok, captured.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: first).sorted()
        XCTAssertEqual(
            names,
            [
                "array.json", "firestore.json", "log.jsonl", "names.json", "report.json", "state.json", "state.sha256",
                "users.json",
            ])
        XCTAssertEqual(
            try VectorFiles.bytes("reconstruction/merge-lww.jsonl"),
            Array(try Data(contentsOf: URL(fileURLWithPath: first + "/log.jsonl"))))
        XCTAssertEqual(
            try VectorFiles.bytes("reconstruction/merge-lww.state.json"),
            Array(try Data(contentsOf: URL(fileURLWithPath: first + "/state.json"))))
        let second = folder + "/two"
        XCTAssertEqual(
            ScenarioCommand.build(
                lww, into: second, force: false, shapes: [.array, .firestore, .users],
                console: CapturedConsole().console), .ok)
        for name in names {
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: first + "/" + name)),
                try Data(contentsOf: URL(fileURLWithPath: second + "/" + name)), name)
        }
        // Every export shape validates to the same verdicts as the log.
        for shape in ["array.json", "firestore.json", "users.json"] {
            let result = ValidationRun(options: ValidationOptions()).run([first + "/" + shape])
            XCTAssertEqual(result.verdict.records.map(\.status), Array(repeating: .valid, count: 5), shape)
        }
    }

    func testAnExistingFolderIsKeptWithoutForceAndReplacedWhole() throws {
        let folder = TempFiles.folder("scenario-force") + "/out"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/old.txt", contents: Data("old".utf8)))
        let refused = CapturedConsole()
        XCTAssertEqual(
            ScenarioCommand.build(lww, into: folder, force: false, shapes: [], console: refused.console), .usageOrIO)
        XCTAssertTrue(refused.stderr.contains("already exists (add --force to replace it)"), refused.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["old.txt"])
        XCTAssertEqual(
            ScenarioCommand.build(lww, into: folder, force: true, shapes: [], console: CapturedConsole().console), .ok)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/old.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/log.jsonl"))
    }

    func testABadScenarioLeavesNoFolder() throws {
        let folder = TempFiles.folder("scenario-bad")
        let file = TempFiles.write(
            Array("authors: {a: {seed: x, devices: [d]}}\ntasks: [t]\nnodes:\n  - {name: n, action: NOPE}\n".utf8),
            to: folder + "/bad.yaml")
        let captured = CapturedConsole()
        XCTAssertEqual(
            ScenarioCommand.build(file, into: folder + "/out", force: false, shapes: [], console: captured.console),
            .usageOrIO)
        XCTAssertTrue(captured.stderr.hasPrefix("error: \(file):4:5: unknown action NOPE; use one of"), captured.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["bad.yaml"])
    }

    func testARepeatBeyondTheRecordLimitIsRefusedBeforeItIsExpanded() throws {
        let folder = TempFiles.folder("scenario-repeat")
        let file = TempFiles.write(
            Array(
                """
                authors: {a: {seed: x, devices: [d]}}
                tasks: [t]
                nodes:
                  - {name: n0, action: CREATE}
                  - repeat: 1000000
                    nodes:
                      - {name: "n{i}", action: UPDATE, parents: ["n{i-1}"], payload: {title: "Edit {i}"}}

                """.utf8), to: folder + "/big.yaml")
        // What `build` writes to stderr, having refused the file with exit 2 and written nothing.
        func refusal(_ path: String) -> String {
            let captured = CapturedConsole()
            XCTAssertEqual(
                ScenarioCommand.build(path, into: folder + "/out", force: false, shapes: [], console: captured.console),
                .usageOrIO)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/out"))
            return captured.stderr
        }
        let big = refusal(file)
        XCTAssertTrue(big.hasPrefix("error: \(file):4:3: the nodes expand to up to "), big)
        XCTAssertTrue(big.contains("over the record limit of 16777216; repeat fewer times"), big)
        let zero = TempFiles.write(
            Array(
                try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "1000000", with: "0").utf8),
            to: folder + "/zero.yaml")
        XCTAssertTrue(refusal(zero).hasPrefix("error: \(zero):5:5: repeat 0 times; repeat at least once"))
    }

    func testCheckExitsZeroOneOrTwoAndNamesTheNode() throws {
        let folder = TempFiles.folder("scenario-check")
        XCTAssertEqual(
            ScenarioCommand.check(
                [VectorFiles.url("scenarios").path], format: .text, output: nil, console: CapturedConsole().console),
            .ok)
        let wrong = try String(contentsOfFile: lww, encoding: .utf8).replacingOccurrences(
            of: "payload: {base: Base}}", with: "payload: {base: Base}, expect: E_LAMPORT_VIOLATION}")
        let failing = TempFiles.write(Array(wrong.utf8), to: folder + "/wrong.yaml")
        let captured = CapturedConsole()
        XCTAssertEqual(
            ScenarioCommand.check([failing], format: .text, output: nil, console: captured.console), .findings)
        XCTAssertTrue(
            captured.stdout.contains(
                "\(failing):13: node merge (line 5): expected rejected E_LAMPORT_VIOLATION, got valid"),
            captured.stdout)
        let broken = TempFiles.write(Array("nodes: [".utf8), to: folder + "/broken.yaml")
        let json = CapturedConsole()
        XCTAssertEqual(
            ScenarioCommand.check([failing, broken], format: .json, output: nil, console: json.console), .usageOrIO)
        XCTAssertTrue(json.stdout.contains("\"errors\": 1"), json.stdout)
    }

    func testTheCatalogIsASuiteOfCheck() {
        let results = ScenarioCatalogSuite().run(root: VectorRoot(path: VectorFiles.root.path))
        XCTAssertEqual(results.map(\.failures), [[]])
        XCTAssertGreaterThanOrEqual(results[0].passed, 2)
        XCTAssertTrue(CheckCommand.suites.contains { $0.folder == "scenarios" })
    }

    func testTheLWWScenarioIsShort() throws {
        XCTAssertLessThanOrEqual(try String(contentsOfFile: lww, encoding: .utf8).split(separator: "\n").count, 25)
    }
}

/// The catalog's files that share a name with a reconstruction vector build that vector's
/// log and state byte for byte (the generator builds most of them from the files; the
/// others are still written in Swift too), and those that share a name with a log vector
/// build its log: two sources cannot drift apart while both exist.
final class ScenarioCatalogVectorTests: XCTestCase {
    /// faults.yaml puts every documented fault on a node, and each gets its verdict.
    func testFaultsYAMLExercisesEveryFault() throws {
        let scenario = try ScenarioFile.read(VectorFiles.url("scenarios/faults.yaml").path)
        XCTAssertEqual(
            Set(scenario.nodes.compactMap(\.fault).map(\.rawValue)), Set(ScenarioFault.allCases.map(\.rawValue)))
        XCTAssertEqual(ScenarioEvaluation(try ScenarioBuilder().build(scenario)).failures, [])
    }

    func testCatalogFilesBuildTheirLogVectors() throws {
        var compared = 0
        for file in ScenarioFile.expand([VectorFiles.url("scenarios").path]) {
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            guard FileManager.default.fileExists(atPath: VectorFiles.url("logs/\(name).jsonl").path) else { continue }
            let built = try ScenarioBuilder().build(try ScenarioFile.read(file))
            XCTAssertEqual(built.log, try VectorFiles.bytes("logs/\(name).jsonl"), name)
            XCTAssertEqual(ScenarioEvaluation(built).failures, [], name)
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 15)
    }

    func testCatalogFilesBuildTheirReconstructionVectors() throws {
        var compared = 0
        for file in ScenarioFile.expand([VectorFiles.url("scenarios").path]) {
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            guard FileManager.default.fileExists(atPath: VectorFiles.url("reconstruction/\(name).jsonl").path) else {
                continue
            }
            let built = try ScenarioBuilder().build(try ScenarioFile.read(file))
            XCTAssertEqual(built.log, try VectorFiles.bytes("reconstruction/\(name).jsonl"), name)
            XCTAssertEqual(
                ScenarioEvaluation(built).stateBytes, try VectorFiles.bytes("reconstruction/\(name).state.json"), name)
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 37)
    }
}
