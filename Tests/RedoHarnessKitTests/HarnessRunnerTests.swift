import Foundation
import RedoHarnessKit
import XCTest

/// The runner over the fake platform: what it asks for each section, what it writes.
final class HarnessRunnerTests: XCTestCase {
    /// The fake node's body, and its node with `signature` and an `id`.
    static let body = "{author={publicKey=0a0b,userId=u},data=hi}"
    static let goodSignature = "0a0b" + hex([UInt8(body.utf8.count)])
    static func node(signature: String) -> String {
        "{id=sha256:x,signature=\(signature),author={publicKey=0a0b,userId=u},data=hi}"
    }
    static var vectorSet: [String: Any] { ["version": "2.0", "digest": String(repeating: "0123", count: 16)] }

    /// One vector or two of every section.
    static var everySection: [String: Any] {
        [
            "seed": "fake", "vectorSet": vectorSet,
            "canonicalization": [["id": "c-1", "comment": "", "flags": ["key-order"], "json": "{b=2,a=1}"]],
            "nodes": [
                ["id": "n-1", "comment": "", "flags": [], "node": node(signature: goodSignature), "seed": "0a0b"],
                ["id": "n-2", "comment": "", "flags": [], "node": node(signature: "00"), "seed": NSNull()],
            ],
            "signatures": [
                [
                    "id": "s-1", "comment": "", "flags": ["valid"], "publicKey": "01", "message": "0203",
                    "signature": "0102",
                ],
                [
                    "id": "s-2", "comment": "", "flags": ["wrong-length"], "publicKey": "01", "message": "02",
                    "signature": "0",
                ],
            ],
            "logs": [["id": "l-1", "comment": "", "flags": [], "records": ["r"]]],
            "verdicts": [
                [
                    "id": "v-1", "comment": "", "flags": [], "profile": "synced", "node": "fine",
                    "expected": ["status": "valid"],
                ],
                [
                    "id": "v-2", "comment": "", "flags": [], "profile": "local", "node": "bad",
                    "expected": ["status": "valid"],
                ],
            ],
            "storage": [["id": "r-1", "comment": "", "flags": [], "node": "abc"]],
        ]
    }

    func testEverySectionIsAnsweredInTheInputsOrder() throws {
        let fake = FakePlatform()
        let outputs = try HarnessRunner(fake).outputs(forInputs: try inputsData(Self.everySection))
        let body = Array(Self.body.utf8)
        XCTAssertEqual(outputs.results.map(\.id), ["c-1", "n-1", "n-2", "s-1", "s-2", "l-1", "v-1", "v-2", "r-1"])
        XCTAssertEqual(outputs.result(for: "c-1"), VectorResult(canonical: hex(Array("{a=1,b=2}".utf8))))
        XCTAssertEqual(
            outputs.result(for: "n-1"),
            VectorResult(
                canonical: hex(body), id: "sha256:" + hex(body.reversed()), verifies: true,
                signature: "0a0b" + hex([UInt8(body.count)])))
        XCTAssertEqual(
            outputs.result(for: "n-2"),
            VectorResult(canonical: hex(body), id: "sha256:" + hex(body.reversed()), verifies: false))
        XCTAssertEqual(outputs.result(for: "s-1"), VectorResult(verifies: true))
        XCTAssertEqual(outputs.result(for: "s-2"), VectorResult(verifies: false), "hex that is not hex verifies false")
        XCTAssertEqual(outputs.result(for: "l-1"), VectorResult(stateSha256: String(repeating: "a", count: 64)))
        XCTAssertEqual(outputs.result(for: "v-1"), VectorResult(accepts: true))
        XCTAssertEqual(outputs.result(for: "v-2"), VectorResult(accepts: false, reason: "rule.bad: it is bad"))
        XCTAssertEqual(outputs.result(for: "r-1"), VectorResult(canonical: hex(Array("ABC".utf8))))
        XCTAssertEqual(fake.calls.profiles, [.synced, .local])
    }

    /// The body is the parsed node without `id` and `signature`; the signature is verified
    /// over the body's canonical bytes by `author.publicKey`.
    func testANodesBodyIsTheNodeWithoutIdAndSignature() throws {
        let fake = FakePlatform()
        let inputs = try inputsData(["nodes": (Self.everySection["nodes"] as! [[String: Any]]).prefix(1).map { $0 }])
        _ = try HarnessRunner(fake).outputs(forInputs: inputs)
        XCTAssertEqual(
            fake.calls.canonicalized,
            [.object(["author": .object(["publicKey": .text("0a0b"), "userId": .text("u")]), "data": .text("hi")])])
        XCTAssertEqual(fake.calls.verified.count, 1)
        XCTAssertEqual(fake.calls.verified.first?.publicKey, [0x0a, 0x0b])
        XCTAssertEqual(fake.calls.verified.first?.message, Array(Self.body.utf8))
        XCTAssertEqual(fake.calls.verified.first?.signature, [0x0a, 0x0b, UInt8(Self.body.utf8.count)])
    }

    func testEachVectorsErrorIsItsResultAndTheOthersAreAnswered() throws {
        let fake = FakePlatform()
        let inputs = try inputsData([
            "canonicalization": [
                ["id": "c-throws", "json": "throw the parser gave up"],
                ["id": "c-no-json", "comment": ""],
                ["id": "c-fine", "json": "x"],
            ],
            "nodes": [
                ["id": "n-not-an-object", "node": "plain", "seed": NSNull()],
                ["id": "n-bad-seed", "node": Self.node(signature: Self.goodSignature), "seed": "xyz"],
                ["id": "n-uppercase-signature", "node": Self.node(signature: "0A0B2B"), "seed": NSNull()],
            ],
            "logs": [["id": "l-uppercase", "records": ["upper"]], ["id": "l-no-records", "records": "r"]],
            "verdicts": [
                ["id": "v-remote", "profile": "remote", "node": "fine"],
                ["id": "v-throws", "profile": "synced", "node": "throw"],
            ],
        ])
        let outputs = try HarnessRunner(fake).outputs(forInputs: inputs)
        let uppercase = String(repeating: "A", count: 64)
        XCTAssertEqual(
            outputs.results.map(\.id),
            [
                "c-throws", "c-no-json", "c-fine", "n-not-an-object", "n-bad-seed", "n-uppercase-signature",
                "l-uppercase", "l-no-records", "v-remote", "v-throws",
            ])
        let errors = outputs.results.compactMap { answer in answer.result.error.map { (answer.id, $0) } }
        XCTAssertEqual(
            errors.map(\.0),
            [
                "c-throws", "c-no-json", "n-not-an-object", "n-bad-seed", "l-uppercase", "l-no-records", "v-remote",
                "v-throws",
            ])
        XCTAssertEqual(
            errors.map(\.1),
            [
                "the parser gave up", "the vector has no string json", "not an object",
                "the vector's seed is not lowercase hex",
                "stateSha256 returned \"\(uppercase)\", not 64 lowercase hex digits",
                "the vector has no array records", "profile \"remote\" is neither synced nor local", "cannot judge",
            ])
        XCTAssertEqual(outputs.result(for: "c-fine"), VectorResult(canonical: hex(Array("x".utf8))))
        XCTAssertEqual(outputs.result(for: "n-uppercase-signature")?.verifies, false)
        XCTAssertEqual(
            fake.calls.verified.map(\.signature), [try XCTUnwrap(bytes(hex: Self.goodSignature))],
            "only n-bad-seed's signature is verified: one that is not lowercase hex never is")
    }

    /// Optional functions the platform does not provide leave their vectors without a
    /// result and nodes without a signature; `Any` values use the kit's member access.
    func testFunctionsNotProvidedLeaveNoResult() throws {
        let inputs = try inputsData([
            "canonicalization": [["id": "c-1", "json": "[1]"]],
            "nodes": [
                [
                    "id": "n-1", "node": #"{"id":"x","signature":"0102","author":{"publicKey":"0102"},"a":1}"#,
                    "seed": "00",
                ]
            ],
            "signatures": [["id": "s-1", "publicKey": "01", "message": "", "signature": "02"]],
            "logs": Self.everySection["logs"]!, "verdicts": Self.everySection["verdicts"]!,
            "storage": Self.everySection["storage"]!,
        ])
        let outputs = try HarnessRunner(MinimalPlatform()).outputs(forInputs: inputs)
        XCTAssertEqual(outputs.results.map(\.id), ["c-1", "n-1", "s-1"])
        let body = Array(#"{"a":1,"author":{"publicKey":"0102"}}"#.utf8)
        XCTAssertEqual(
            outputs.result(for: "n-1"),
            VectorResult(canonical: hex(body), id: "sha256:" + hex([UInt8(body.count)]), verifies: true))
        XCTAssertEqual(outputs.result(for: "s-1"), VectorResult(verifies: false))
    }

    func testSectionsTheHarnessLeavesOutGetNoResult() throws {
        var fake = FakePlatform()
        fake.sections = [.nodes, .storage]
        let outputs = try HarnessRunner(fake).outputs(forInputs: try inputsData(Self.everySection))
        XCTAssertEqual(outputs.results.map(\.id), ["n-1", "n-2", "r-1"])
    }

    func testTheVectorSetIsEchoedUnchanged() throws {
        let outputs = try HarnessRunner(FakePlatform()).outputs(forInputs: try inputsData(Self.everySection))
        let written = try outputsObject(outputs.data)
        XCTAssertEqual(written["vectorSet"] as? NSDictionary, Self.vectorSet as NSDictionary)
        XCTAssertEqual(outputs.vectorSet, #"{"digest":"\#(Self.vectorSet["digest"]!)","version":"2.0"}"#)
        // Any members and values, as they are.
        let custom: [String: Any] = [
            "version": "custom", "digest": "ff", "more": ["n": [1, -2, 2.5, true, false, NSNull(), "é/\u{1}"]],
        ]
        let echoed = try outputsObject(
            try HarnessRunner(FakePlatform()).outputs(forInputs: try inputsData(["vectorSet": custom])).data)
        XCTAssertEqual(echoed["vectorSet"] as? NSDictionary, custom as NSDictionary)
        // Older inputs have none, and then neither have the outputs.
        let older = try HarnessRunner(FakePlatform()).outputs(forInputs: try inputsData([:]))
        XCTAssertNil(older.vectorSet)
        XCTAssertNil(try outputsObject(older.data)["vectorSet"])
    }

    func testMalformedInputsAreRefused() throws {
        let runner = HarnessRunner(FakePlatform())
        func refusal(_ data: Data) -> HarnessInputError? {
            do {
                _ = try runner.outputs(forInputs: data)
                return nil
            } catch {
                return error as? HarnessInputError
            }
        }
        func refusal(_ members: [String: Any]) throws -> HarnessInputError? { refusal(try inputsData(members)) }
        guard case .notJSON = refusal(Data("{\"format\":".utf8)) else { return XCTFail("not JSON is refused") }
        XCTAssertEqual(refusal(Data("[]".utf8)), .notAnObject)
        XCTAssertEqual(refusal(Data(#"{"version":1}"#.utf8)), .wrongFormat(found: "absent"))
        XCTAssertEqual(
            try refusal(["format": "redo-conform/platform-outputs"]),
            .wrongFormat(found: "\"redo-conform/platform-outputs\""))
        XCTAssertEqual(try refusal(["version": 2]), .wrongVersion(found: "2"))
        XCTAssertEqual(try refusal(["version": "1"]), .wrongVersion(found: "\"1\""))
        XCTAssertEqual(try refusal(["version": true]), .wrongVersion(found: "true"))
        XCTAssertEqual(try refusal(["nodes": ["id": "n-1"]]), .sectionNotAnArray(.nodes))
        XCTAssertEqual(try refusal(["storage": [["id": "r-1"], "r-2"]]), .entryNotAnObject(.storage, index: 1))
        XCTAssertEqual(try refusal(["logs": [["records": []]]]), .entryWithoutID(.logs, index: 0))
        XCTAssertEqual(try refusal(["verdicts": [["id": 7]]]), .entryWithoutID(.verdicts, index: 0))
        XCTAssertEqual(
            try refusal(["canonicalization": [["id": "x", "json": "1"]], "storage": [["id": "x", "node": "1"]]]),
            .duplicateID("x"))
        XCTAssertEqual(try refusal(["vectorSet": "2.0"]), .vectorSetNotAnObject)
        // Each message names the problem.
        XCTAssertEqual(
            HarnessInputError.entryWithoutID(.logs, index: 0).description, "entry 0 of logs has no string id")
        XCTAssertEqual(
            HarnessInputError.wrongVersion(found: "2").description,
            "the inputs have version 2; this kit reads version 1")
    }

    /// The file is written whole, in one rename: one result per line, members sorted.
    func testTheOutputsFileIsWrittenWholeAndAtomically() throws {
        let directory = try scratchDirectory(for: self)
        let inputs = directory.appendingPathComponent("inputs.json")
        let output = directory.appendingPathComponent("outputs.json")
        try inputsData([
            "vectorSet": Self.vectorSet, "canonicalization": Self.everySection["canonicalization"]!,
            "verdicts": Self.everySection["verdicts"]!,
        ]).write(to: inputs)
        try Data("previous".utf8).write(to: output)
        let outputs = try HarnessRunner(FakePlatform()).run(inputs: inputs, output: output)
        let expected =
            #"{"format":"redo-conform/platform-outputs","version":1,"platform":"fake","#
            + #""implementation":"the fake platform, \"quoted\"","#
            + #""vectorSet":{"digest":"\#(Self.vectorSet["digest"]!)","version":"2.0"},"results":{"# + "\n"
            + #""c-1":{"canonical":"\#(hex(Array("{a=1,b=2}".utf8)))"},"# + "\n"
            + #""v-1":{"accepts":true},"# + "\n"
            + #""v-2":{"accepts":false,"reason":"rule.bad: it is bad"}"# + "\n"
            + "}}\n"
        XCTAssertEqual(String(decoding: try Data(contentsOf: output), as: UTF8.self), expected)
        XCTAssertEqual(try Data(contentsOf: output), outputs.data)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
            ["inputs.json", "outputs.json"], "no temporary file is left behind")

        // Inputs refused or unreadable: the output file stays as it was.
        try Data("previous".utf8).write(to: output)
        try Data(#"{"format":"redo-conform/platform-inputs","version":1,"nodes":{}}"#.utf8).write(to: inputs)
        XCTAssertThrowsError(try HarnessRunner(FakePlatform()).run(inputs: inputs, output: output)) { error in
            XCTAssertEqual(error as? HarnessInputError, .sectionNotAnArray(.nodes))
        }
        let missing = directory.appendingPathComponent("missing.json")
        XCTAssertThrowsError(try HarnessRunner(FakePlatform()).run(inputs: missing, output: output)) { error in
            guard case .unreadable(missing.path, _) = error as? HarnessInputError else {
                return XCTFail("\(error) names the unreadable file")
            }
        }
        XCTAssertEqual(try Data(contentsOf: output), Data("previous".utf8))

        // An output that cannot be written is an error naming it, and leaves nothing.
        let nowhere = directory.appendingPathComponent("no-such-directory/outputs.json")
        try inputsData([:]).write(to: inputs)
        XCTAssertThrowsError(try HarnessRunner(FakePlatform()).run(inputs: inputs, output: nowhere)) { error in
            guard case .unwritable(nowhere.path, _) = error as? HarnessOutputError else {
                return XCTFail("\(error) names the file it could not write")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: nowhere.deletingLastPathComponent().path))
    }

    /// Strings are JSON strings: quotes, backslashes and control characters escaped, other
    /// characters (non-ASCII, `/`) as they are.
    func testStringsAreWrittenAsJSON() throws {
        let text = "a\"b\\c\nd\te\u{1}f\u{7F}é/😀"
        var fake = FakePlatform()
        fake.platform = text
        let outputs = try HarnessRunner(fake).outputs(
            forInputs: try inputsData([
                "canonicalization": [["id": text, "json": "throw " + text]]
            ]))
        let written = String(decoding: outputs.data, as: UTF8.self)
        XCTAssertTrue(written.contains(#""a\"b\\c\nd\te\u0001f\#u{7F}é/😀""#), written)
        let object = try outputsObject(outputs.data)
        XCTAssertEqual(object["platform"] as? String, text)
        XCTAssertEqual((object["results"] as? [String: [String: String]])?[text], ["error": text])
    }

    func testTheCommandLine() throws {
        let directory = try scratchDirectory(for: self)
        let inputs = directory.appendingPathComponent("inputs.json")
        let output = directory.appendingPathComponent("outputs.json")
        let runner = HarnessRunner(FakePlatform())
        XCTAssertEqual(runner.runCommandLine(["harness", inputs.path]), 2, "usage")
        XCTAssertEqual(runner.runCommandLine(["harness", inputs.path, output.path]), 2, "inputs missing")
        try Data("[]".utf8).write(to: inputs)
        XCTAssertEqual(runner.runCommandLine(["harness", inputs.path, output.path]), 2, "inputs malformed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        try inputsData(Self.everySection).write(to: inputs)
        XCTAssertEqual(runner.runCommandLine(["harness", inputs.path, output.path]), 0)
        XCTAssertEqual(
            (try outputsObject(try Data(contentsOf: output))["results"] as? [String: Any])?.count, 9)
    }
}

/// Lowercase hex, written independently of the kit's.
func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
