import Foundation
import RedoCore
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// `diff`: the shipped diff vectors through the binary, exit statuses, the state-JSON
/// rule, verification shared between the sides, and the report formats.
final class DiffTests: XCTestCase {
    private var vectors: String { BinaryEndToEndTests.repositoryRoot.appendingPathComponent("Vectors/diff").path }

    private func diff(_ arguments: [String], stdin: String? = nil) throws -> BinaryEndToEndTests.Run {
        try BinaryEndToEndTests.run(["diff"] + arguments, stdin: stdin)
    }

    func testEveryVectorPairGivesItsReportAndExitStatus() throws {
        let manifest = try JSONReader.parse(
            Array(try Data(contentsOf: URL(fileURLWithPath: vectors + "/manifest.json"))))
        let cases = try XCTUnwrap(manifest.objectValue?["cases"]?.arrayValue)
        XCTAssertEqual(cases.count, DiffCases(seed: VectorGenerator.shippedSeed).all.count)
        for entry in cases {
            let fields = try XCTUnwrap(entry.objectValue)
            let id = fields["id"]?.stringValue ?? "?"
            var arguments = [fields["a"]!.stringValue!, fields["b"]!.stringValue!].map { vectors + "/" + $0 }
            arguments += ["--format", "json"]
            if let at = fields["at"]?.stringValue { arguments += ["--at", at] }
            let run = try diff(arguments)
            XCTAssertEqual(run.status, Int32(fields["exitStatus"]?.numberValue ?? -1), id)
            let expected = try String(
                contentsOfFile: vectors + "/" + fields["report"]!.stringValue!, encoding: .utf8)
            // The report names each side as given; the vectors' reports, by file name.
            XCTAssertEqual(run.stdout.replacingOccurrences(of: vectors + "/", with: ""), expected, id)
        }
    }

    func testTextReportCountsFirstThenNamesEachDifference() throws {
        let run = try diff([vectors + "/verdict-difference.a.jsonl", vectors + "/verdict-difference.b.jsonl"])
        XCTAssertEqual(run.status, 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("A  "), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("B  "), lines[1])
        XCTAssertEqual(lines[2], "nodes: 1 missing, 0 altered, 0 re-signed, 1 verdict, 0 without an id")
        XCTAssertEqual(lines[3], "state: 0 task, 0 deleted, 3 field, 0 todo, 0 urgency")
        XCTAssertTrue(run.stdout.contains("valid in A, absent from B"), run.stdout)
        XCTAssertTrue(run.stdout.contains("A valid, B E_PARENT_NOT_FOUND"), run.stdout)
        XCTAssertTrue(
            run.stdout.contains("field      title  A \"Groceries for the week\"  B \"Groceries\""), run.stdout)
        XCTAssertEqual(lines.last!, "differ: differences in 1 of 1 task", run.stdout)
    }

    func testTextReportShowsTheFirstOfEachKindAndHowManyMoreJSONHolds() {
        var report = DiffReport()
        report.sides = [.init(name: "A", path: "a", kind: .log), .init(name: "B", path: "b", kind: .log)]
        report.comparedTasks = ["t"]
        report.tasks = [
            .init(
                taskId: "t",
                nodes: (0..<8).map { .init(kind: .missing, id: "sha256:\($0)", a: .init(code: nil), b: nil) })
        ]
        var out: [UInt8] = []
        var sink = ReportSink { out += $0 }
        DiffTextReport().write(report, to: &sink)
        sink.flush()
        let text = String(decoding: out, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "valid in A, absent from B").count - 1, 5, text)
        XCTAssertTrue(text.contains("3 more of 8 differences: --format json lists every one"), text)
    }

    func testSignatureOnlyDifferencesAreEquivalent() throws {
        let run = try diff([vectors + "/resigned-copy.a.jsonl", vectors + "/resigned-copy.b.jsonl"])
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertTrue(run.stdout.contains("1 resigned") || run.stdout.contains("1 re-signed"), run.stdout)
        XCTAssertTrue(run.stdout.contains("equivalent"), run.stdout)
    }

    /// A record that claims no id (a corrupt line) cannot be matched with anything: the
    /// sides are not shown to hold the same data, so they are not equivalent.
    func testARecordWithoutAnIdIsADifference() throws {
        let folder = TempFiles.folder("diff-unreadable")
        let good = try String(contentsOfFile: vectors + "/node-missing.a.jsonl", encoding: .utf8)
        let b = TempFiles.write(Array(good.utf8), to: folder + "/b.jsonl")
        let a = TempFiles.write(Array((good + "{\"version\":1,\n").utf8), to: folder + "/a.jsonl")
        let run = try diff([a, b])
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains("1 without an id"), run.stdout)
        XCTAssertTrue(run.stdout.contains("1 record without an id cannot be compared"), run.stdout)
        let json = try diff([a, b, "--format", "json"])
        XCTAssertTrue(json.stdout.contains(#""unreadable":1,"tasks""#), json.stdout)
        XCTAssertTrue(json.stdout.contains(#""equivalent":false"#))
        XCTAssertEqual(try diff([b, b]).status, 0)
    }

    func testAnUnreadableSideExitsTwo() throws {
        let run = try diff([vectors + "/shapes.a.jsonl", vectors + "/no-such-file.jsonl"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stdout.contains("not compared"), run.stdout)
        let json = try diff([vectors + "/shapes.a.jsonl", vectors + "/no-such-file.jsonl", "--format", "json"])
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(json.stderr.contains("no such file"), json.stderr)
    }

    func testStdinCanBeEitherSideAndAStateIsRecognisedThere() throws {
        let state = try String(contentsOfFile: vectors + "/state-against-log.b.state.json", encoding: .utf8)
        let run = try diff([vectors + "/state-against-log.a.jsonl", "-"], stdin: state)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("B  <stdin>  state:") || run.stdout.contains("B  -  state:"), run.stdout)
        XCTAssertEqual(try diff(["-", "-"]).status, 2)
    }

    func testTheStateRuleNeedsAllFourKeysAndNoFormat() {
        func state(_ keys: [String]) -> JSONValue {
            .object(JSONObject(keys.map { JSONMember(key: $0, value: .array([])) }))
        }
        XCTAssertTrue(StateDocument.isState(state(["version", "tasks", "deleted", "rejected"])))
        XCTAssertFalse(StateDocument.isState(state(["version", "tasks", "deleted"])))
        XCTAssertFalse(StateDocument.isState(state(["format", "version", "tasks", "deleted", "rejected"])))
        XCTAssertFalse(StateDocument.isState(.array([])))
    }

    func testAMalformedStateIsAnInputProblem() throws {
        let folder = TempFiles.folder("diff-bad-state")
        let bad = TempFiles.write(
            #"{"version":1,"tasks":[{"title":"no id"}],"deleted":[],"rejected":[]}"#, to: folder + "/s.json")
        let run = try diff([vectors + "/shapes.a.jsonl", bad])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stdout.contains("not a reconstructed state: tasks[0]"), run.stdout)
    }

    func testTaskOptionKeepsOneTask() throws {
        let folder = TempFiles.folder("diff-task")
        let a = TempFiles.write(
            try String(contentsOfFile: vectors + "/node-missing.a.jsonl", encoding: .utf8)
                + String(contentsOfFile: vectors + "/resigned-copy.a.jsonl", encoding: .utf8), to: folder + "/a.jsonl")
        let b = TempFiles.write(
            try String(contentsOfFile: vectors + "/node-missing.b.jsonl", encoding: .utf8)
                + String(contentsOfFile: vectors + "/resigned-copy.a.jsonl", encoding: .utf8), to: folder + "/b.jsonl")
        XCTAssertEqual(try diff([a, b]).status, 1)
        let resignedTask = DiffCases(seed: VectorGenerator.shippedSeed).builder("resigned copy").task
        let run = try diff([a, b, "--task", resignedTask, "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertTrue(run.stdout.contains(#""tasksCompared":1,"#), run.stdout)
        let unknown = try diff([a, b, "--task", "00000000-0000-4000-8000-000000000000"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("neither side holds this task"), unknown.stderr)
    }

    func testJUnitHasOneCasePerTaskFailingWhereItDiffers() throws {
        let run = try diff([vectors + "/task-deleted.a.jsonl", vectors + "/task-deleted.b.jsonl", "--format", "junit"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout.components(separatedBy: "<testcase ").count - 1, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains(#"<failure type="diff" message="2 differences">"#), run.stdout)
        let same = try diff([vectors + "/shapes.a.jsonl", vectors + "/shapes.b.json", "--format", "junit"])
        XCTAssertEqual(same.status, 0)
        XCTAssertFalse(same.stdout.contains("<failure"), same.stdout)
    }

    /// B's records whose id and signature A verified are not verified again, and every
    /// verdict stays what B alone would get.
    func testSignaturesBothSidesHoldAreVerifiedOnceWithTheSameVerdicts() throws {
        let a = vectors + "/altered-copy.a.jsonl"
        let b = vectors + "/altered-copy.b.jsonl"
        let report = DiffRun(options: ValidationOptions()).run(a, b)
        // The create and the priority update are identical on both sides; the altered
        // copy is rejected before its signature is reached.
        XCTAssertEqual(report.sharedVerifications, 2)

        var alone = ValidationRun(options: ValidationOptions())
        alone.keepsSignatureFingerprints = true
        let independent = alone.run([b])
        let inventoryA = NodeInventory(alone.run([a]))
        var shared = alone
        shared.knownSignatures = KnownSignatures { inventoryA.verified($0, $1) }
        let trusting = shared.run([b])
        XCTAssertEqual(trusting.sharedVerifications, 2)
        XCTAssertEqual(trusting.verdict.records.map(\.status), independent.verdict.records.map(\.status))
        XCTAssertEqual(trusting.verdict.records.map(\.code), independent.verdict.records.map(\.code))
        XCTAssertEqual(trusting.signatureFingerprints, independent.signatureFingerprints)
    }

    /// A forged signature on B is still verified (and rejected) even though A holds a valid
    /// signature on the same id: only an identical signature is trusted.
    func testAnotherSignatureOnAKnownIdIsStillVerified() throws {
        let folder = TempFiles.folder("diff-forged")
        let cases = DiffCases(seed: "forged")
        let (c, r, p) = cases.chain("forged")
        let foreign = r.signed(by: FixtureKeys.pair(seed: "forged", index: 1))
        func lines(_ nodes: [JSONObject]) -> [UInt8] { nodes.flatMap { OrderedJSONWriter.bytes(.object($0)) + [0x0A] } }
        let a = TempFiles.write(lines([c, r, p]), to: folder + "/a.jsonl")
        let b = TempFiles.write(lines([c, foreign, p]), to: folder + "/b.jsonl")
        let report = DiffRun(options: ValidationOptions()).run(a, b)
        XCTAssertEqual(report.sharedVerifications, 2)
        let kinds = report.tasks.flatMap { $0.nodes }.map { "\($0.kind.rawValue) \($0.b?.text ?? "-")" }
        XCTAssertEqual(kinds.sorted(), ["verdict E_INVALID_SIGNATURE", "verdict X_ANCESTOR_REJECTED"])
    }

    func testDiffReportsMatchTheirSchema() throws {
        let folder = TempFiles.folder("schema-diff")
        var reports: [String] = []
        for (name, pair) in [
            ("missing", ["node-missing.a.jsonl", "node-missing.b.jsonl", "--at", "2025-10-30"]),
            ("state", ["field-difference.a.jsonl", "field-difference.b.state.json"]),
            ("todo", ["todo-difference.a.jsonl", "todo-difference.b.jsonl", "--at", "2025-10-30"]),
            ("deleted", ["task-deleted.a.jsonl", "task-deleted.b.jsonl"]),
            ("problem", ["shapes.a.jsonl", "no-such-file.json"]),
        ] {
            let report = "\(folder)/\(name).json"
            let arguments = pair.map { $0.hasSuffix("json") || $0.hasSuffix("jsonl") ? vectors + "/" + $0 : $0 }
            let run = try diff(arguments + ["--format", "json", "--output", report])
            XCTAssertNotEqual(run.status, 0, name)
            reports.append(report)
        }
        let text = try String(contentsOfFile: reports[0], encoding: .utf8)
        let broken = TempFiles.write(
            text.replacingOccurrences(of: #""kind":"missing""#, with: #""kind":"gone""#), to: folder + "/broken.json")
        XCTAssertNotEqual(broken, reports[0])
        try SchemaValidator.check("diff-report", reports, invalid: [broken])
    }
}

extension DiffTests {
    /// The html writer's seam: each differing task's DAG on both sides, on request.
    func testGraphsOfDifferingTasksAreKeptOnRequest() throws {
        let a = vectors + "/verdict-difference.a.jsonl"
        let b = vectors + "/verdict-difference.b.jsonl"
        XCTAssertNil(DiffRun(options: ValidationOptions()).run(a, b).tasks.first?.graphs)
        var run = DiffRun(options: ValidationOptions())
        run.keepsGraphs = true
        let graphs = try XCTUnwrap(run.run(a, b).tasks.first?.graphs)
        let (graphA, graphB) = (try XCTUnwrap(graphs.a), try XCTUnwrap(graphs.b))
        XCTAssertEqual(graphA.nodes.map(\.status), [.valid, .valid, .valid])
        XCTAssertEqual(graphA.nodes[1].parents, [0])
        XCTAssertEqual(graphA.nodes.map(\.records), [[], [], []], "no record index outlives its log")
        // B lacks the middle UPDATE: its child is rejected, below a dashed parent.
        XCTAssertEqual(graphB.nodes.map(\.status), [.valid, .rejected, .missing])
        XCTAssertEqual(graphB.nodes.map { $0.code?.rawValue }, [nil, "E_PARENT_NOT_FOUND", nil])
        XCTAssertEqual(graphB.nodes[2].id, graphA.nodes[1].id)
    }
}
