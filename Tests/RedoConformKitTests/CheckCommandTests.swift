import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

final class CheckCommandTests: XCTestCase {
    func testShippedVectorsAllPass() {
        let captured = CapturedConsole()
        let status = CheckCommand.run(root: .shipped, console: captured.console)
        XCTAssertEqual(status, .ok, captured.stdout)
        XCTAssertTrue(captured.stdout.contains("PASS  numbers/es-numbers-100k.txt"), captured.stdout)
        XCTAssertTrue(captured.stdout.contains("100000 checks"), captured.stdout)
        XCTAssertTrue(captured.stdout.hasSuffix("\n\(CheckCommand.suites.count) passed, 0 failed\n"), captured.stdout)
        XCTAssertFalse(captured.stdout.contains("FAIL"))
    }

    func testAFolderWithoutSuitesIsAnIOError() throws {
        let empty = TempFiles.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.run(root: VectorRoot(path: empty), console: captured.console), .usageOrIO)
        XCTAssertTrue(captured.stderr.contains("no vector suites"))
    }

    /// The external suites, on the data beside the repository: counted on their own line.
    func testExternalSuitesPassOnTheSharedData() throws {
        try ExternalVectors.require()
        let captured = CapturedConsole()
        let status = CheckCommand.run(root: .shipped, external: ExternalVectors.root.path, console: captured.console)
        XCTAssertEqual(status, .ok, captured.stdout)
        let lines = captured.stdout.split(separator: "\n").map(String.init)
        func row(_ name: String) -> String? { lines.first { $0.hasPrefix("PASS  \(name) ") } }
        XCTAssertEqual(row("rfc8785")?.hasSuffix("  18 checks"), true, captured.stdout)
        XCTAssertEqual(row("wycheproof/ed25519_test.json")?.hasSuffix("  151 checks"), true, captured.stdout)
        XCTAssertEqual(row("speccheck/cases.json")?.hasSuffix("  12 checks"), true, captured.stdout)
        XCTAssertTrue(lines.contains("external suites, from \(ExternalVectors.root.path):"), captured.stdout)
        XCTAssertEqual(
            lines.suffix(2), ["external: 3 passed, 0 failed", "\(CheckCommand.suites.count) passed, 0 failed"])
    }

    /// A vectors folder with one suite of its own, and no external data beside it.
    private func lonelyVectors() throws -> String {
        let root = TempFiles.folder("lonely")
        try FileManager.default.createDirectory(atPath: root + "/ed25519", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: VectorRoot.shipped.url("ed25519/rfc8032"), toPath: root + "/ed25519/rfc8032")
        return root
    }

    /// Without the external folder (a release archive), one line says which suites did not
    /// run and why, and the status is decided by what ran.
    func testMissingExternalDataIsOneLineAndDoesNotFail() throws {
        let root = try lonelyVectors()
        let expectedPath = ExternalVectorFolder.defaultPath(beside: VectorRoot(path: root))
        XCTAssertEqual(
            expectedPath,
            URL(fileURLWithPath: root).deletingLastPathComponent().deletingLastPathComponent().path
                + "/shared/external-vectors")
        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.run(root: VectorRoot(path: root), console: captured.console), .ok, captured.stdout)
        let lines = captured.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines.filter { $0.contains("external") },
            ["external suites not run (rfc8785, wycheproof, speccheck): \(expectedPath) not found (use --external DIR)"]
        )
        XCTAssertEqual(lines.last, "1 passed, 0 failed")
        XCTAssertEqual(captured.stderr, "")
    }

    func testAnExternalFolderThatIsNotThereIsAUsageError() throws {
        let root = try lonelyVectors()
        let missing = TempFiles.path("no-external")
        let captured = CapturedConsole()
        XCTAssertEqual(
            CheckCommand.run(root: VectorRoot(path: root), external: missing, console: captured.console), .usageOrIO)
        XCTAssertEqual(captured.stderr, "error: --external \(missing): no such directory\n")
        XCTAssertEqual(captured.stdout, "")
    }

    func testTheDefaultExternalFolderIsBesideTheVectorsParent() {
        XCTAssertEqual(
            ExternalVectorFolder.defaultPath(beside: VectorRoot(path: "Vectors")), "../shared/external-vectors")
        XCTAssertEqual(
            ExternalVectorFolder.defaultPath(beside: VectorRoot(path: "/a/b/Vectors")), "/a/shared/external-vectors")
        XCTAssertEqual(
            ExternalVectorFolder.defaultPath(beside: VectorRoot(path: "./out/v/")), "shared/external-vectors")
        XCTAssertEqual(ExternalVectorFolder.defaultPath(beside: VectorRoot(path: ".")), "../../shared/external-vectors")
    }

    /// An external folder whose data drifted, or lacks a file, fails those suites and names
    /// what is wrong or missing.
    func testADriftedOrMissingExternalFileFailsItsSuite() throws {
        let external = TempFiles.path("drift")
        let folder = external + "/rfc8785"
        for sub in ["input", "output", "outhex"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        try Data(#"{"b":1,"a":2}"#.utf8).write(to: URL(fileURLWithPath: folder + "/input/x.json"))
        try Data(#"{"b":1,"a":2}"#.utf8).write(to: URL(fileURLWithPath: folder + "/output/x.json"))  // not canonical
        try Data("7b 22 61 22 3a 32 2c 22 62 22 3a 31 7d\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/outhex/x.txt"))
        let captured = CapturedConsole()
        XCTAssertEqual(
            CheckCommand.run(
                root: VectorRoot(path: try lonelyVectors()), external: external, console: captured.console), .findings)
        XCTAssertTrue(captured.stdout.contains("FAIL  rfc8785 "), captured.stdout)
        XCTAssertTrue(captured.stdout.contains("x.json: canonical bytes differ at offset 2"), captured.stdout)
        XCTAssertTrue(
            captured.stdout.contains("- \(external)/wycheproof/ed25519_test.json: no such file or directory"),
            captured.stdout)
        XCTAssertTrue(
            captured.stdout.contains("- \(external)/speccheck/cases.json: no such file or directory"), captured.stdout)
        XCTAssertTrue(captured.stdout.hasSuffix("external: 0 passed, 3 failed\n1 passed, 0 failed\n"), captured.stdout)
    }

    /// The log manifest's `related` and `warnings` are checked: a copy that expects another
    /// root cause, or no warning where the rule gives one, fails its suite and says why.
    func testRelatedIdsAndWarningsAreChecked() throws {
        let wrongCause = String(repeating: "ab", count: 32)
        var checks = 0
        let root = try editedCopy(of: "logs", entries: "scenarios") { scenarios in
            func edit(_ id: String, line: Int, _ change: (inout [String: Any]) -> Void) throws {
                let index = try XCTUnwrap(scenarios.firstIndex { $0["id"] as? String == id })
                var expected = try XCTUnwrap(scenarios[index]["expected"] as? [[String: Any]])
                change(&expected[line - 1])
                scenarios[index]["expected"] = expected
            }
            try edit("missing-parent", line: 3) { $0["related"] = ["sha256:" + wrongCause] }
            try edit("deleted-chain-order", line: 3) { $0["warnings"] = nil }
            try edit("valid-life", line: 1) { $0["warnings"] = ["X_DELETED_CHAIN_ORDER"] }
            checks = scenarios.map { ($0["expected"] as? [Any])?.count ?? 0 }.reduce(0, +)
        }

        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.run(root: VectorRoot(path: root), console: captured.console), .findings)
        XCTAssertTrue(
            captured.stdout.contains("FAIL  logs/manifest.json  3 of \(checks) checks failed"), captured.stdout)
        XCTAssertTrue(
            captured.stdout.contains(
                "missing-parent line 3: expected X_ANCESTOR_REJECTED to name sha256:\(wrongCause), got sha256:"),
            captured.stdout)
        XCTAssertTrue(
            captured.stdout.contains("deleted-chain-order line 3: expected warnings [], got [X_DELETED_CHAIN_ORDER]"),
            captured.stdout)
        XCTAssertTrue(
            captured.stdout.contains("valid-life line 1: expected warnings [X_DELETED_CHAIN_ORDER], got []"),
            captured.stdout)
    }

    /// The node manifest's `codes` are checked: a copy that expects a second error code the
    /// record does not carry, or none where it carries one, fails its suite and says why.
    func testExpectedErrorCodesAreChecked() throws {
        var checks = 0
        let root = try editedCopy(of: "nodes", entries: "cases") { cases in
            func edit(_ id: String, _ change: (inout [String: Any]) -> Void) throws {
                let index = try XCTUnwrap(cases.firstIndex { $0["id"] as? String == id })
                var expected = try XCTUnwrap(cases[index]["expected"] as? [String: Any])
                change(&expected)
                cases[index]["expected"] = expected
            }
            XCTAssertEqual(
                (cases.first { $0["id"] as? String == "merge-policy-reserved-key" }?["expected"] as? [String: Any])?[
                    "codes"] as? [String], ["E_SCHEMA_MISMATCH"])
            try edit("merge-policy-reserved-key") { $0["codes"] = ["E_FORBIDDEN_FIELD", "E_SCHEMA_MISMATCH"] }
            try edit("action-lowercase") { $0["codes"] = [] }
            checks = cases.count
        }

        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.run(root: VectorRoot(path: root), console: captured.console), .findings)
        XCTAssertTrue(
            captured.stdout.contains("FAIL  nodes/manifest.json  2 of \(checks) checks failed"), captured.stdout)
        XCTAssertTrue(
            captured.stdout.contains(
                "merge-policy-reserved-key: expected error codes [E_FORBIDDEN_FIELD, E_SCHEMA_MISMATCH], got [E_SCHEMA_MISMATCH]"
            ), captured.stdout)
        XCTAssertTrue(
            captured.stdout.contains("action-lowercase: expected error codes [], got [E_SCHEMA_MISMATCH]"),
            captured.stdout)
    }

    /// A copy of one shipped suite folder whose manifest's list `entries` has been edited;
    /// returns the copy's root.
    private func editedCopy(of suite: String, entries: String, _ edit: (inout [[String: Any]]) throws -> Void) throws
        -> String
    {
        let root = TempFiles.path("edited-\(suite)")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: VectorRoot.shipped.url(suite), toPath: root + "/" + suite)
        let manifestPath = root + "/\(suite)/manifest.json"
        var manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath))) as? [String: Any])
        var list = try XCTUnwrap(manifest[entries] as? [[String: Any]])
        try edit(&list)
        manifest[entries] = list
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: manifestPath))
        return root
    }

    func testAnUnreadableNumberStreamIsAnIOError() {
        let missing = TempFiles.path("no-such-numbers") + ".txt"
        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.runNumbers(InputPath(missing), console: captured.console), .usageOrIO)
        XCTAssertEqual(captured.stderr, "error: \(missing): no such file or directory\n")
        XCTAssertEqual(captured.stdout, "")
    }

    func testNumberStreamReportsTheBadLine() throws {
        let path = TempFiles.path("numbers") + ".txt"
        try Data("3ff0000000000000,1\n3ff8000000000000,1.50\n".utf8).write(to: URL(fileURLWithPath: path))
        let captured = CapturedConsole()
        XCTAssertEqual(CheckCommand.runNumbers(InputPath(path), console: captured.console), .findings)
        XCTAssertTrue(captured.stdout.contains("line 2: 3ff8000000000000,1.50 — we print 1.5"), captured.stdout)
    }
}
