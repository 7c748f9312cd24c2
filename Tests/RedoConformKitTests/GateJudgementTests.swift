import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// What the gate judges beyond bytes: a client's acceptance check, its storage round trip,
/// the class that explains a drift, a baseline of known drift, and a selection.
final class GateJudgementTests: XCTestCase {
    static let inputs = CompareTests.inputs
    static let comparison = PlatformComparison(inputs: inputs)

    private func reference() -> [String: JSONValue] {
        var results: [String: JSONValue] = [:]
        for member in PlatformReference.outputs(for: Self.inputs).objectValue!["results"]!.objectValue!.members {
            results[member.key] = member.value
        }
        return results
    }

    private func outputs(_ name: String, _ results: [String: JSONValue]) -> PlatformOutputs {
        PlatformOutputs(
            name: name, implementation: "test", file: name, results: results.compactMapValues(\.objectValue))
    }

    private func cell(_ id: String, _ platform: PlatformOutputs) -> Cell {
        Self.comparison.rows([platform]).first { $0.id == id }!.cells[0]
    }

    private func section(_ name: String) -> [JSONObject] {
        (Self.inputs.objectValue?[name]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    // MARK: Acceptance verdicts

    /// Every node-level rule is broken by at least one verdict vector, except the rules
    /// only a non-I-JSON record or a case-specific limit can break.
    func testEveryNodeLevelRuleIsBrokenByAVerdictVector() {
        let last = Rule.all.firstIndex(of: .signatureInvalid)!
        let nodeRules = Rule.all[...last].filter { ![Rule.recordSyntax, .recordSize, .exportKey].contains($0) }
        let broken = Set(section("verdicts").compactMap { $0["expected"]?.objectValue?["rule"]?.stringValue })
        for rule in nodeRules { XCTAssertTrue(broken.contains(rule.id), "no verdict vector breaks \(rule.id)") }
        XCTAssertEqual(
            section("verdicts").filter { $0["expected"]?.objectValue?["status"]?.stringValue == "valid" }.count, 26)
        for vector in section("verdicts") {
            XCTAssertNoThrow(try JSONReader.parse(vector["node"]!.stringValue!), "only I-JSON documents")
        }
    }

    func testAcceptanceVerdictsAreJudgedApartFromVerifies() {
        var results = reference()
        // A client that accepts what breaks the wall format and rejects a valid node.
        results["v-wall-no-millis"] = .object(JSONObject([member("accepts", .bool(true))]))
        results["v-create-valid"] = .object(
            JSONObject([
                member("accepts", .bool(false)),
                member("reason", str("timestamp.wall.format: no fractional seconds expected")),
            ]))
        results["v-update-valid"] = .object(JSONObject([member("accepts", .bool(false))]))
        results["v-delete-valid"] = .object(JSONObject([member("accepts", str("yes"))]))
        results["v-archive-valid"] = nil
        let platform = outputs("client", results)
        let accepted = cell("v-wall-no-millis", platform)
        XCTAssertEqual(accepted.tag, "ACCEPTS-INVALID")
        XCTAssertEqual(accepted.diagnosis?.diagnosed, ["timestamp.wall.format"])
        let rejected = cell("v-create-valid", platform)
        XCTAssertEqual(rejected.tag, "REJECTS-VALID")
        XCTAssertEqual(rejected.diagnosis?.diagnosed, ["timestamp.wall.format"])
        let noReason = cell("v-update-valid", platform)
        XCTAssertEqual(noReason.tag, "REJECTS-VALID")
        XCTAssertEqual(noReason.diagnosis?.explained, false, "no reason names a rule: unexplained")
        let notBoolean = cell("v-delete-valid", platform)
        XCTAssertEqual(notBoolean.status, .drift, "an accepts that is not a boolean is reported")
        XCTAssertTrue(notBoolean.details[0].contains("\"accepts\" is not a boolean"), notBoolean.details[0])
        let notJudged = cell("v-archive-valid", platform)
        XCTAssertEqual(notJudged.status, .notProduced, "no verdict is not judged, never a failure")
        XCTAssertFalse(GatePolicy(strict: true, allowMissing: false).fails(notJudged))
        XCTAssertEqual(cell("n-create-valid", platform).status, .agree, "verifies stays apart")
        let counts = PlatformCounts(Self.comparison.rows([platform]), platform: 0)
        XCTAssertEqual(counts.notJudged, 1)
        XCTAssertEqual(counts.drift, 4)
    }

    // MARK: Storage round trip

    /// A storage layer that reads 0 and 1 back as booleans drifts on every storage vector
    /// holding them, diagnosed number-bridging.
    func testNumberBridgingIsDiagnosedOnTheStorageRoundTrip() throws {
        var results = reference()
        for vector in section("storage") {
            let value = try JSONReader.parse(vector["node"]!.stringValue!)
            // A storage model keeps the envelope typed: only `data` is bridged.
            var node = value.objectValue!
            node.members = node.members.map {
                $0.key == "data" ? JSONMember(key: "data", value: Self.bridging($0.value)) : $0
            }
            let bridged = JSONValue.object(node)
            results[vector["id"]!.stringValue!] = .object(
                JSONObject([member("canonical", str(Hex.encode(CanonicalJSON.bytes(of: bridged))))]))
        }
        let platform = outputs("bridging", results)
        var drifting = 0
        for vector in section("storage") {
            let c = cell(vector["id"]!.stringValue!, platform)
            guard c.status == .drift else { continue }
            drifting += 1
            XCTAssertEqual(c.tag, "STORAGE")
            XCTAssertEqual(c.diagnosis?.diagnosed, ["number-bridging"], vector["id"]!.stringValue!)
        }
        XCTAssertEqual(drifting, 5, "every storage vector holding a 0 or a 1")
        XCTAssertEqual(cell("r-strings-like-values", platform).status, .agree, "strings stay strings")
        XCTAssertEqual(cell("r-extensions-literals", platform).status, .agree, "true and false stay themselves")
    }

    static func bridging(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .number(n) where n == 0 || n == 1: return .bool(n == 1)
        case let .array(elements): return .array(elements.map(bridging))
        case let .object(object):
            return .object(JSONObject(object.members.map { JSONMember(key: $0.key, value: bridging($0.value)) }))
        default: return value
        }
    }

    /// Every storage vector is a valid node whose canonical bytes are the reference.
    func testStorageVectorsAreValidNodes() {
        for vector in section("storage") {
            let check = NodeValidator().check(bytes: Array(vector["node"]!.stringValue!.utf8))
            XCTAssertTrue(check.passed, "\(vector["id"]!): \(check.findings)")
        }
    }

    // MARK: Diagnosis

    /// Each recorded canonical drift gets the class that explains its bytes, and nothing
    /// that does not apply.
    func testRecordedDriftIsDiagnosed() throws {
        func diagnosed(_ file: String) throws -> [String: [String]] {
            let recorded = try PlatformOutputs.load(VectorRoot.shipped.url("platform/recorded/\(file)"))
            var found: [String: [String]] = [:]
            for row in Self.comparison.rows([recorded]) where row.cells[0].status == .drift {
                XCTAssertEqual(row.cells[0].diagnosis?.explained, true, "\(file) \(row.id) is unexplained")
                found[row.id] = row.cells[0].diagnosis?.diagnosed
            }
            return found
        }
        let encodable = try diagnosed("ios-jsonencoder.json")
        XCTAssertEqual(encodable["c-escapes"], ["escaped-slash"], "not unescaped-control, not non-ascii")
        XCTAssertEqual(encodable["c-slash"], ["escaped-slash"])
        XCTAssertEqual(encodable["c-combining-mark-first"], ["grapheme-scan"])
        XCTAssertEqual(encodable["c-exponent-boundaries"], ["double-description"])
        XCTAssertEqual(encodable["c-integers"], ["number-format", "double-description"])
        let dictionary = try diagnosed("ios-dictionary.json")
        XCTAssertEqual(dictionary["c-escapes"], ["unescaped-control"])
        XCTAssertEqual(dictionary["c-normalized-key-order"], ["normalized-key-order"])
        XCTAssertEqual(dictionary["c-beyond-int64"], ["integer-overflow", "number-format"])
        XCTAssertEqual(dictionary["c-fractions"], ["imprecise-number-parsing"])
        XCTAssertEqual(dictionary["c-equivalent-keys"], ["equivalent-keys"])
        let app = try diagnosed("ios-app.json")
        XCTAssertEqual(app["n-create-valid"], ["entry-shape"])
        XCTAssertEqual(app["n-author-optional-fields-valid"], ["entry-shape", "dropped-fields"])
        XCTAssertEqual(app["n-merge-valid"], ["unknown-action"])
    }

    /// Bytes no class explains are unexplained, with the vector's classes as possible.
    func testUnexplainedDrift() {
        var results = reference()
        results["c-slash"] = .object(JSONObject([member("canonical", str(Hex.encode(Array(#"{"path":"?"}"#.utf8))))]))
        let c = cell("c-slash", outputs("odd", results))
        XCTAssertEqual(c.diagnosis?.diagnosed, [])
        XCTAssertEqual(c.diagnosis?.possible, ["escaped-slash"])
        XCTAssertTrue(c.diagnosis!.line.hasPrefix("unexplained"))
    }

    func testIntegerOverflowMatchesByPositionAndMagnitude() {
        let value = SpelledValue.parse("[1e20,5]")!
        var writer = QuirkWriter([.integerOverflow])
        let pattern = writer.write(value)
        XCTAssertTrue(pattern.matches(Array("[-9223372036854775808,5]".utf8)))
        XCTAssertTrue(pattern.matches(Array("[7,5]".utf8)))
        XCTAssertFalse(pattern.matches(Array("[1e+20,5]".utf8)), "not an integer")
        XCTAssertFalse(pattern.matches(Array("[99999999999999999999,5]".utf8)), "beyond Int64")
        XCTAssertFalse(pattern.matches(Array("[7,6]".utf8)))
    }

    func testNumberSpellingsAreKept() {
        guard case let .array(values)? = SpelledValue.parse(#"[1.0, "e1", true, -0, 1E2, {"a": 9007199254740993}]"#)
        else { return XCTFail() }
        var spellings: [String] = []
        for value in values {
            if case let .number(_, spelling) = value { spellings.append(spelling) }
            if case let .object(members) = value, case let .number(_, spelling) = members[0].value {
                spellings.append(spelling)
            }
        }
        XCTAssertEqual(spellings, ["1.0", "-0", "1E2", "9007199254740993"])
    }

    // MARK: Baseline

    private func run(_ paths: [String], _ configure: (inout CompareCommand.Options) -> Void) -> (
        ExitStatus, CapturedConsole
    ) {
        var options = CompareCommand.Options()
        options.allowMissing = true
        configure(&options)
        let console = CapturedConsole()
        return (CompareCommand.run(paths, options: options, console: console.console), console)
    }

    /// A team with known drift adopts the gate with one generated file; the gate turns red
    /// on new drift, on a fixed drift (stale), on a changed class, and on a vector that no
    /// longer exists; entries outside the selection are ignored.
    func testABaselineOnlyShrinks() throws {
        let folder = TempFiles.folder("baseline")
        let recorded = VectorRoot.shipped.url("platform/recorded/ios-jsonencoder.json")
        let baseline = folder + "/expected-drift.json"
        XCTAssertEqual(run([recorded]) { $0.writeExpectedDrift = baseline }.0, .findings)
        let written = try ExpectedDrift.load(baseline)
        XCTAssertEqual(
            written.platforms["ios-encodable"]?["c-slash"], .init(tag: "CANON", diagnosed: ["escaped-slash"]))
        let bytes = try VectorRoot(path: folder).bytes("expected-drift.json")
        XCTAssertEqual(bytes.last, 0x0A)
        XCTAssertEqual(written.bytes, bytes, "the writer's bytes are the file's: sorted, deterministic")
        let (adopted, console) = run([recorded]) { $0.expectedDrift = baseline }
        XCTAssertEqual(adopted, .ok, console.stdout)
        XCTAssertTrue(console.stdout.contains("12 known, 0 stale"), console.stdout)

        func variant(_ edit: (inout ExpectedDrift) -> Void) -> String {
            var copy = written
            edit(&copy)
            return TempFiles.write(copy.bytes, to: folder + "/variant.json")
        }
        // New drift: an entry removed.
        var file = variant { $0.platforms["ios-encodable"]!["c-slash"] = nil }
        XCTAssertEqual(run([recorded]) { $0.expectedDrift = file }.0, .findings)
        // Fixed drift: an entry for a vector the platform agrees on.
        file = variant { $0.platforms["ios-encodable"]!["c-literals"] = .init(tag: "CANON", diagnosed: []) }
        var (status, out) = run([recorded]) { $0.expectedDrift = file }
        XCTAssertEqual(status, .findings)
        XCTAssertTrue(out.stdout.contains("STALE"), out.stdout)
        // A changed class.
        file = variant { $0.platforms["ios-encodable"]!["c-slash"] = .init(tag: "CANON", diagnosed: ["key-order"]) }
        (status, out) = run([recorded]) { $0.expectedDrift = file }
        XCTAssertEqual(status, .findings)
        XCTAssertTrue(
            out.stdout.contains("the baseline lists CANON [key-order], now CANON [escaped-slash]"), out.stdout)
        // A vector the inputs no longer hold.
        file = variant { $0.platforms["ios-encodable"]!["c-gone"] = .init(tag: "CANON", diagnosed: []) }
        (status, out) = run([recorded]) { $0.expectedDrift = file }
        XCTAssertEqual(status, .findings)
        XCTAssertTrue(out.stdout.contains("STALE baseline entry: ios-encodable c-gone"), out.stdout)
        // Outside the selection: ignored and counted.
        (status, out) = run([recorded]) {
            $0.expectedDrift = baseline
            $0.selection = VectorSelection(only: ["c-slash"])
        }
        XCTAssertEqual(status, .ok, out.stdout)
        XCTAssertTrue(out.stdout.contains("baseline entries outside the selection, ignored: 11"), out.stdout)
    }

    func testABaselineThatIsNotOneIsAnInputError() {
        let folder = TempFiles.folder("baseline-bad")
        let recorded = VectorRoot.shipped.url("platform/recorded/ios-jsonencoder.json")
        for (text, expected) in [
            ("{\n  \"format\": \"redo-conform/expected-drift\",\n  oops\n}", "line 3, column 3"),
            (#"{"format":"redo-conform/expected-drift","version":1,"recordings":{}}"#, "version must be 2"),
            (#"{"format":"redo-conform/expected-drift","version":2,"platforms":{"a":{"b":"CANON"}}}"#, "platforms.a.b"),
        ] {
            let file = TempFiles.write(text, to: folder + "/bad.json")
            let (status, console) = run([recorded]) { $0.expectedDrift = file }
            XCTAssertEqual(status, .usageOrIO)
            XCTAssertTrue(console.stderr.contains(file) && console.stderr.contains(expected), console.stderr)
        }
    }

    // MARK: Selection

    func testSelectionByIdOrFlag() {
        XCTAssertTrue(Glob.matches("n-*", "n-create-valid"))
        XCTAssertTrue(Glob.matches("*merge*", "n-merge-valid"))
        XCTAssertTrue(Glob.matches("c-?lash", "c-slash"))
        XCTAssertFalse(Glob.matches("n-*", "c-slash"))
        XCTAssertTrue(Glob.matches("*", ""))
        let selection = VectorSelection(only: ["c-*", "escaped-slash"], skip: ["*int*"])
        XCTAssertTrue(selection.selects(id: "c-slash", flags: []))
        XCTAssertTrue(selection.selects(id: "n-x", flags: ["escaped-slash"]), "a flag selects")
        XCTAssertFalse(selection.selects(id: "c-integers", flags: []), "--skip applies after --only")
        XCTAssertFalse(selection.selects(id: "n-x", flags: ["key-order"]))
        let recorded = VectorRoot.shipped.url("platform/recorded/ios-jsonencoder.json")
        var (status, console) = run([recorded]) { $0.selection = VectorSelection(only: ["nothing-*"]) }
        XCTAssertEqual(status, .usageOrIO, "a selection of nothing is a usage error")
        XCTAssertTrue(console.stderr.contains("selects no vector"), console.stderr)
        (status, console) = run([recorded]) { $0.selection = VectorSelection(only: ["c-slash"]) }
        XCTAssertEqual(status, .findings)
        XCTAssertTrue(console.stdout.contains("selected 1 of "), console.stdout)
        (status, console) = run([recorded]) { $0.selection = VectorSelection(only: ["c-literals"]) }
        XCTAssertEqual(status, .ok, "vectors outside the selection are neither missing nor judged")
    }

    // MARK: Markdown

    /// At most 50 drift rows and 60 KB, then how many more the json report holds.
    func testMarkdownIsBounded() {
        var results: [String: JSONValue] = [:]
        for row in Self.comparison.rows([]) {
            results[row.id] = .object(JSONObject([member("error", str(String(repeating: "x|`", count: 400)))]))
        }
        let platform = outputs("broken", results)
        let rows = Self.comparison.rows([platform])
        final class Captured: @unchecked Sendable { var bytes: [UInt8] = [] }
        let captured = Captured()
        var sink = ReportSink { captured.bytes += $0 }
        CompareMarkdownReport.write(
            rows, platforms: [platform], context: CompareContext(),
            policy: GatePolicy(strict: false, allowMissing: false),
            to: &sink)
        sink.flush()
        let text = String(decoding: captured.bytes, as: UTF8.self)
        XCTAssertLessThanOrEqual(text.utf8.count, 60_000)
        XCTAssertLessThanOrEqual(text.components(separatedBy: "\n| `").count - 1, 50)
        XCTAssertTrue(text.contains("more rows: the json report"), String(text.suffix(300)))
        XCTAssertTrue(text.contains("| broken | **fails** |"))
    }
}
