import Crypto
import Foundation
import RedoHarnessKit
import XCTest

/// The documentation's example harness, run over the shipped platform inputs.
final class ExampleHarnessTests: XCTestCase {
    func testTheExampleAnswersThePlatformInputs() throws {
        let directory = try scratchDirectory(for: self)
        let inputs = Repository.url("Vectors/platform/inputs.json")
        let output = directory.appendingPathComponent("ios-outputs.json")
        // What the example's executable does with `harness INPUTS.json OUTPUT.json`.
        XCTAssertEqual(HarnessRunner(ClientHarness()).runCommandLine(["harness", inputs.path, output.path]), 0)

        let sections = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: inputs)) as? [String: Any])
        let expected =
            try XCTUnwrap(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: Repository.url("Vectors/platform/expected.json")))
                    as? [String: Any])["results"] as? [String: [String: Any]]
        let written = try outputsObject(try Data(contentsOf: output))
        XCTAssertEqual(written["format"] as? String, "redo-conform/platform-outputs")
        XCTAssertEqual(written["platform"] as? String, "ios-example")
        XCTAssertEqual(written["vectorSet"] as? NSDictionary, sections["vectorSet"] as? NSDictionary)
        let results = try XCTUnwrap(written["results"] as? [String: [String: Any]])
        func vectors(_ section: String) -> [[String: Any]] { sections[section] as? [[String: Any]] ?? [] }
        func ids(_ section: String) -> [String] { vectors(section).compactMap { $0["id"] as? String } }

        // Answered: canonicalization, nodes and signatures; the example provides no
        // reconstructor, acceptance check or storage.
        XCTAssertEqual(
            Set(results.keys), Set(ids("canonicalization") + ids("nodes") + ids("signatures")))
        XCTAssertFalse(ids("logs").isEmpty || ids("verdicts").isEmpty || ids("storage").isEmpty)

        // Nodes: the id is the hash of the canonical body, the signature made verifies, and
        // where the body's bytes agree with redo-conform's, the id and the verdict do too.
        var agreeing = 0
        for id in ids("nodes") {
            let result = try XCTUnwrap(results[id], id)
            let canonical = try XCTUnwrap(bytes(hex: try XCTUnwrap(result["canonical"] as? String, id)), id)
            XCTAssertEqual(result["id"] as? String, "sha256:" + hex(Array(SHA256.hash(data: canonical))), id)
            let vector = try XCTUnwrap(vectors("nodes").first { $0["id"] as? String == id })
            let seed = try XCTUnwrap(bytes(hex: try XCTUnwrap(vector["seed"] as? String)))
            let signature = try XCTUnwrap(bytes(hex: try XCTUnwrap(result["signature"] as? String, id)), id)
            let key = try Curve25519.Signing.PrivateKey(rawRepresentation: seed).publicKey
            XCTAssertTrue(key.isValidSignature(signature, for: canonical), id)
            let ours = try XCTUnwrap(expected?[id], id)
            if ours["canonical"] as? String == result["canonical"] as? String {
                agreeing += 1
                XCTAssertEqual(result["id"] as? String, ours["id"] as? String, id)
                XCTAssertEqual(result["verifies"] as? Bool, ours["verifies"] as? Bool, id)
            }
        }
        XCTAssertGreaterThan(agreeing, ids("nodes").count / 2, "most nodes agree with redo-conform")

        // Signatures: a valid one verifies, one of a wrong length does not.
        for vector in vectors("signatures") {
            let id = try XCTUnwrap(vector["id"] as? String)
            let flags = vector["flags"] as? [String] ?? []
            if flags.contains("valid") { XCTAssertEqual(results[id]?["verifies"] as? Bool, true, id) }
            if flags.contains("wrong-length") { XCTAssertEqual(results[id]?["verifies"] as? Bool, false, id) }
        }
    }

    /// The documentation shows this file as it is: the fenced block after each line
    /// `<!-- example: Tests/RedoHarnessKitTests/ExampleHarness.swift -->` of a docs page.
    func testTheDocumentationShowsTheExampleAsItIs() throws {
        let path = "Tests/RedoHarnessKitTests/ExampleHarness.swift"
        let source = try String(contentsOf: Repository.url(path), encoding: .utf8)
        let docs = Repository.url("docs")
        var shown = 0
        for page in try FileManager.default.contentsOfDirectory(atPath: docs.path) where page.hasSuffix(".md") {
            let text = try String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8)
            for block in blocks(after: "<!-- example: \(path) -->", in: text) {
                shown += 1
                XCTAssertEqual(block, source, "docs/\(page) shows the example otherwise than \(path) holds it")
            }
        }
        XCTAssertGreaterThan(shown, 0, "no docs page shows the example harness")
    }

    /// The contents of the fenced block that follows each line `marker`.
    private func blocks(after marker: String, in markdown: String) -> [String] {
        var blocks: [String] = []
        var state: (sawMarker: Bool, lines: [Substring]?) = (false, nil)
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = state.lines {
                if line == "```" {
                    blocks.append(lines.map { $0 + "\n" }.joined())
                    state = (false, nil)
                } else {
                    lines.append(line)
                    state.lines = lines
                }
            } else if line == marker {
                state.sawMarker = true
            } else if state.sawMarker, line.hasPrefix("```") {
                state.lines = []
            }
        }
        return blocks
    }
}
