import RedoCrypto
import RedoJSON
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

final class CompareTests: XCTestCase {
    static let inputs = try! JSONReader.parse(try! VectorRoot.shipped.bytes("platform/inputs.json"))

    private func outputs(_ name: String, _ results: [String: JSONValue]) -> PlatformOutputs {
        PlatformOutputs(
            name: name, implementation: "test", file: name, results: results.compactMapValues(\.objectValue))
    }

    private func reference() -> [String: JSONValue] {
        var results: [String: JSONValue] = [:]
        for member in PlatformReference.outputs(for: Self.inputs).objectValue!["results"]!.objectValue!.members {
            results[member.key] = member.value
        }
        return results
    }

    func testShippedExpectedOutputsAgree() throws {
        let console = CapturedConsole()
        var options = CompareCommand.Options()
        options.format = .json
        XCTAssertEqual(
            CompareCommand.run(
                [VectorRoot.shipped.url("platform/expected.json")], options: options, console: console.console), .ok,
            console.stderr)
    }

    /// The recordings of the iOS client's three code paths drift exactly where
    /// recorded/expected-drift.json says, each for the reason its vectors name.
    func testRecordedIOSPathsDriftWhereExpected() throws {
        let comparison = PlatformComparison(inputs: Self.inputs)
        func drift(_ file: String) throws -> [String: String] {
            let recorded = try PlatformOutputs.load(VectorRoot.shipped.url("platform/recorded/\(file)"))
            let rows = comparison.rows([recorded]).filter { $0.cells[0].status == .drift }
            return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.cells[0].tag) })
        }
        // JSONEncoder: UTF-16 key order, "\/", number spelling, a grapheme-walking whitespace
        // stripper, and a Dictionary that merges equivalent keys.
        let encodable = try drift("ios-jsonencoder.json")
        for id in [
            "c-key-order-utf16", "c-escapes", "c-slash", "c-integers", "c-exponent-boundaries", "c-beyond-int64",
            "c-combining-mark-first", "c-equivalent-keys", "n-title-combining-mark-first-valid",
            "n-extensions-equivalent-keys-valid",
        ] {
            XCTAssertEqual(encodable[id], "CANON", id)
        }
        XCTAssertNil(encodable["c-control-characters"], "JSONEncoder escapes control characters")
        // The hand-written writer: raw control characters, Swift String key order, intValue.
        let dictionary = try drift("ios-dictionary.json")
        for id in [
            "c-control-characters", "n-title-control-characters-valid", "c-normalized-key-order", "c-beyond-int64",
            "c-equivalent-keys",
        ] {
            XCTAssertEqual(dictionary[id], "CANON", id)
        }
        XCTAssertNil(dictionary["c-combining-mark-first"], "the dictionary path strips no whitespace")
        // The app's entry shape changes every id; it cannot read a MERGE at all.
        let app = try drift("ios-app.json")
        XCTAssertEqual(app["n-create-valid"], "CANON")
        XCTAssertEqual(app["n-merge-valid"], "error")
        let stripped = try PlatformOutputs.load(VectorRoot.shipped.url("platform/recorded/ios-jsonencoder.json"))
        let keyOrder = comparison.rows([stripped]).first { $0.id == "c-key-order-utf16" }!.cells[0]
        XCTAssertTrue(
            keyOrder.details[0].hasPrefix("canonical bytes differ at byte 21, in $[\"\\u{1F600}\"]"),
            keyOrder.details[0])
        var options = CompareCommand.Options()
        options.allowMissing = true
        XCTAssertEqual(
            CompareCommand.run([stripped.file], options: options, console: CapturedConsole().console), .findings)
    }

    /// A recording that stops drifting where it should, or drifts elsewhere, fails `check`.
    func testPlatformSuiteFailsWhenARecordingDriftsElsewhere() throws {
        let folder = TempFiles.folder("recorded-drift")
        let copy = folder + "/Vectors"
        try FileManager.default.copyItem(atPath: VectorRoot.shipped.path, toPath: copy)
        let file = copy + "/platform/recorded/expected-drift.json"
        var baseline = try ExpectedDrift.load(file)
        XCTAssertNotNil(baseline.platforms["ios-encodable"]?["c-slash"])
        baseline.platforms["ios-encodable"]?["c-slash"] = nil
        _ = TempFiles.write(baseline.bytes, to: file)
        let results = PlatformVectorSuite().run(root: VectorRoot(path: copy))
        XCTAssertFalse(results.allSatisfy(\.ok))
        XCTAssertTrue(
            results.flatMap(\.failures).contains { $0.contains("c-slash DRIFT CANON [escaped-slash]") },
            "\(results.flatMap(\.failures))")
    }

    func testHashBugIsToldApartFromCanonicalDrift() {
        var results = reference()
        let id = "n-update-valid"
        var node = results[id]!.objectValue!
        node["id"] = .string("sha256:" + String(repeating: "0", count: 64))
        results[id] = .object(node)
        let cell = PlatformComparison(inputs: Self.inputs).rows([outputs("buggy", results)]).first { $0.id == id }!
            .cells[0]
        XCTAssertEqual(cell.tag, "HASH")
        XCTAssertEqual(cell.status, .drift)
    }

    #if REDO_LIBSODIUM
        func testSignaturesAreComparedByVerificationNotBytes() throws {
            var results = reference()
            let id = "n-create-valid"
            var node = results[id]!.objectValue!
            // Another valid signature of the same body: what a randomized signer produces.
            let body = Hex.decodeLowercase(node["canonical"]!.stringValue!)!
            let seed = Hex.decodeLowercase(
                Self.inputs.objectValue!["nodes"]!.arrayValue!.first { $0.objectValue?["id"]?.stringValue == id }!
                    .objectValue!["seed"]!.stringValue!)!
            var rng = SeededRandom(for: self, seed: 0x51C)
            let other = try Self.signatureWithNonce(body, seed: seed, nonce: rng.bytes(32))
            XCTAssertNotEqual(other, node["signature"]!.stringValue!)
            node["signature"] = .string(other)
            results[id] = .object(node)
            XCTAssertEqual(
                PlatformComparison(inputs: Self.inputs).rows([outputs("randomized", results)]).first { $0.id == id }!
                    .cells[
                        0
                    ].status, .agree)
            node["signature"] = .string(String(repeating: "ab", count: 64))
            results[id] = .object(node)
            XCTAssertEqual(
                PlatformComparison(inputs: Self.inputs).rows([outputs("broken", results)]).first { $0.id == id }!.cells[
                    0
                ]
                .tag, "SIG")
        }

        /// A valid Ed25519 signature with a nonce other than RFC 8032's: R = rB, S = r + kA·a.
        static func signatureWithNonce(_ message: [UInt8], seed: [UInt8], nonce: [UInt8]) throws -> String {
            try Ed25519KeyPair(seed: seed).sign(message, nonce: nonce).hex
        }
    #endif

    func testPlatformDependentVerdictIsAWarningUnlessStrict() {
        var results = reference()
        results["s-small-order-a-and-r"] = .object(JSONObject([JSONMember(key: "verifies", value: .bool(true))]))
        results["s-bit-flip"] = .object(JSONObject([JSONMember(key: "verifies", value: .bool(false))]))
        let rows = PlatformComparison(inputs: Self.inputs).rows([outputs("lenient", results)])
        XCTAssertEqual(rows.first { $0.id == "s-small-order-a-and-r" }!.cells[0].status, .platformDependent)
        var options = CompareCommand.Options()
        XCTAssertFalse(CompareCommand.failed(rows, options: options))
        options.strict = true
        XCTAssertTrue(CompareCommand.failed(rows, options: options))
        results["s-bit-flip"] = .object(JSONObject([JSONMember(key: "verifies", value: .bool(true))]))
        let forged = PlatformComparison(inputs: Self.inputs).rows([outputs("forger", results)]).first {
            $0.id == "s-bit-flip"
        }!.cells[0]
        XCTAssertEqual(forged.tag, "VERDICT")
        XCTAssertEqual(forged.status, .drift)
    }

    func testMissingAndMalformedOutputs() throws {
        let folder = TempFiles.folder("compare")
        let bad = TempFiles.write(
            #"{"format":"redo-conform/platform-outputs","version":2,"results":{}}"#, to: folder + "/v2.json")
        let console = CapturedConsole()
        XCTAssertEqual(
            CompareCommand.run([bad], options: CompareCommand.Options(), console: console.console), .usageOrIO)
        XCTAssertTrue(console.stderr.contains("version 2 is not supported"), console.stderr)
        let empty = TempFiles.write(
            #"{"format":"redo-conform/platform-outputs","version":1,"platform":"empty","results":{},"future":"ignored"}"#,
            to: folder + "/empty.json")
        XCTAssertEqual(
            CompareCommand.run([empty], options: CompareCommand.Options(), console: CapturedConsole().console),
            .findings)
    }

    /// The junit report fails exactly what the exit status fails: a platform-dependent
    /// verdict only with --strict, a missing result not with --allow-missing (then it is
    /// skipped); and its totals add up.
    func testJUnitAgreesWithTheExitStatus() throws {
        var results = reference()
        results["s-small-order-a-and-r"] = .object(JSONObject([JSONMember(key: "verifies", value: .bool(true))]))
        results["n-update-valid"] = nil
        var node = results["n-create-valid"]!.objectValue!
        node["id"] = .string("sha256:" + String(repeating: "0", count: 64))
        results["n-create-valid"] = .object(node)
        let rows = PlatformComparison(inputs: Self.inputs).rows([outputs("p", results)])
        let total = rows.count
        func junit(strict: Bool, allowMissing: Bool) throws -> (xml: String, root: XMLElement) {
            var options = CompareCommand.Options()
            options.strict = strict
            options.allowMissing = allowMissing
            let xml = renderReport {
                CompareReport.junit(rows, platforms: [outputs("p", results)], policy: options.policy, to: &$0)
            }
            return (xml, try XCTUnwrap(try XMLDocument(data: Data(xml.utf8)).rootElement()))
        }
        func outcome(_ root: XMLElement, _ id: String) -> String? {
            let testcase = root.elements(forName: "testsuite")[0].elements(forName: "testcase").first {
                $0.attribute(forName: "name")?.stringValue == id
            }
            return testcase?.children?.first?.name ?? "passed"
        }
        func counts(_ element: XMLElement) -> [String] {
            ["tests", "failures", "skipped"].map { element.attribute(forName: $0)?.stringValue ?? "-" }
        }

        let plain = try junit(strict: false, allowMissing: false)
        XCTAssertEqual(counts(plain.root), ["\(total)", "2", "0"], plain.xml)
        XCTAssertEqual(counts(plain.root.elements(forName: "testsuite")[0]), ["\(total)", "2", "0"])
        XCTAssertEqual(
            ["n-create-valid", "n-update-valid", "s-small-order-a-and-r", "c-escapes"].map { outcome(plain.root, $0) },
            ["failure", "failure", "system-out", "passed"])

        let strict = try junit(strict: true, allowMissing: true)
        XCTAssertEqual(counts(strict.root), ["\(total)", "2", "1"], strict.xml)
        XCTAssertEqual(
            ["n-create-valid", "n-update-valid", "s-small-order-a-and-r"].map { outcome(strict.root, $0) },
            ["failure", "skipped", "failure"])
    }

    /// A platform that hashes no reconstructed state (optional) is told so: those logs are
    /// neither agreement nor failure — counted apart in the text summary, `<skipped>` in
    /// junit, and the exit status is still 0. A wrong state hash is drift.
    func testOptionalStateHashesNotProducedAreCountedApart() throws {
        var results = reference()
        let logIds = results.keys.filter { $0.hasPrefix("l-") }.sorted()
        XCTAssertGreaterThanOrEqual(logIds.count, 30, "every reconstruction scenario is in the exchange")
        for id in logIds { results[id] = nil }
        let platform = outputs("no-logs", results)
        let rows = PlatformComparison(inputs: Self.inputs).rows([platform])
        XCTAssertEqual(Set(rows.filter { $0.cells[0].status == .notProduced }.map(\.id)), Set(logIds))
        XCTAssertFalse(CompareCommand.failed(rows, options: CompareCommand.Options()))

        let text = renderReport { CompareReport.text(rows, platforms: [platform], to: &$0) }
        let agreeing = rows.count - logIds.count
        XCTAssertTrue(
            text.hasSuffix(
                "no-logs: \(agreeing) agree, 0 drift, 0 platform-dependent, 0 missing, \(logIds.count) optional not produced\n"
            ), text)
        XCTAssertFalse(text.contains(logIds[0]), "a result not produced is not listed as a difference")

        let xml = renderReport {
            CompareReport.junit(rows, platforms: [platform], policy: CompareCommand.Options().policy, to: &$0)
        }
        XCTAssertTrue(
            xml.contains("tests=\"\(rows.count)\" failures=\"0\" errors=\"0\" skipped=\"\(logIds.count)\""), xml)
        XCTAssertTrue(
            xml.contains("name=\"\(logIds[0])\"><skipped message=\"optional: the platform produced no state hash\"/>"),
            xml)

        let json = try JSONReader.parse(
            Array(renderReport { CompareReport.json(rows, platforms: [platform], to: &$0) }.utf8))
        let statuses = json.objectValue!["vectors"]!.arrayValue!.map {
            $0.objectValue!["results"]!.objectValue!["no-logs"]!.objectValue!["status"]!.stringValue!
        }
        XCTAssertEqual(statuses.filter { $0 == "optional" }.count, logIds.count)
        XCTAssertEqual(Set(statuses), ["ok", "optional"])

        results[logIds[0]] = .object(
            JSONObject([JSONMember(key: "stateSha256", value: .string(String(repeating: "0", count: 64)))]))
        let wrong = PlatformComparison(inputs: Self.inputs).rows([outputs("wrong-state", results)]).first {
            $0.id == logIds[0]
        }!.cells[0]
        XCTAssertEqual(wrong.status, .drift)
        XCTAssertEqual(wrong.tag, "STATE")
    }
}
