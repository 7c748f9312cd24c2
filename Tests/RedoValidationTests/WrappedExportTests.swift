import RedoCore
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoValidation

/// Exports wrapped in an object (`{"exportedAt": …, "nodes": […]}`): one input problem that
/// names the shapes tried and the `--nodes-at` to use, never a rejected record per member;
/// and `--nodes-at` reads the nodes where the pointer says.
final class WrappedExportTests: XCTestCase {
    private func nodeTexts(_ count: Int) -> [String] {
        var lines: [String] = []
        LogGenerator(shape: .benign, nodes: count, tasks: 1, seed: "wrapped", jobs: 1).generate {
            lines.append(String(decoding: $0, as: UTF8.self).trimmingSuffix("\n"))
        }
        return lines
    }

    private func wrapped(_ nodes: [String], member: String = "nodes") -> String {
        "{\"exportedAt\": \"2026-01-01T00:00:00Z\", \"\(member)\": [" + nodes.joined(separator: ",") + "]}"
    }

    func testAWrappedExportIsOneInputProblemThatSuggestsThePointer() {
        let path = TempFiles.write(wrapped(nodeTexts(3)), to: TempFiles.folder("wrapped") + "/export.json")
        let result = ValidationRun(options: ValidationOptions()).run([path])
        XCTAssertEqual(result.verdict.records.count, 0)
        XCTAssertEqual(result.problems.count, 1)
        let message = result.problems.first?.message ?? ""
        for words in ["not a node", "not an id map", "not a nested export", "--nodes-at /nodes"] {
            XCTAssertTrue(message.contains(words), "\(words) in \(message)")
        }
    }

    func testTheSuggestionEscapesTheMemberName() {
        let path = TempFiles.write(
            wrapped(nodeTexts(1), member: "a/b~c"), to: TempFiles.folder("wrapped-escaped") + "/export.json")
        let message = ValidationRun(options: ValidationOptions()).run([path]).problems.first?.message ?? ""
        XCTAssertTrue(message.hasSuffix("--nodes-at /a~1b~0c"), message)
    }

    func testAnObjectWithoutAnArrayOfNodesGetsNoSuggestion() {
        let path = TempFiles.write("{\"a\": 1, \"b\": [1, 2]}", to: TempFiles.folder("not-export") + "/x.json")
        let result = ValidationRun(options: ValidationOptions()).run([path])
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertFalse(result.problems[0].message.contains("--nodes-at"), result.problems[0].message)
    }

    func testAnIdMapStillReadsWhenItsMembersAreBroken() {
        // Keyed by ids: a map, whose broken members are rejected records, not a problem.
        let path = TempFiles.write(
            "{\"sha256:00\": {\"x\": 1}, \"sha256:01\": 3}", to: TempFiles.folder("broken-map") + "/map.json")
        let result = ValidationRun(options: ValidationOptions()).run([path])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.verdict.records.map(\.status), [.rejected, .rejected])
        // Holding a node under another key: a map too.
        let other = TempFiles.write(
            "{\"k\": " + nodeTexts(1)[0] + "}", to: TempFiles.folder("other-key-map") + "/map.json")
        let run = ValidationRun(options: ValidationOptions()).run([other])
        XCTAssertEqual(run.problems, [])
        XCTAssertEqual(run.verdict.records.count, 1)
    }

    func testNodesAtReadsTheWrappedNodes() throws {
        let nodes = nodeTexts(4)
        let path = TempFiles.write(
            "{\"meta\": {\"v\": 1}, \"data\": {\"list\": [" + nodes.joined(separator: ",") + "]}}",
            to: TempFiles.folder("nodes-at") + "/export.json")
        var options = ValidationOptions()
        options.nodesAt = try XCTUnwrap(NodesPointer("/data/list"))
        let result = ValidationRun(options: options).run([path])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.verdict.records.map(\.status), [.valid, .valid, .valid, .valid])
    }

    func testNodesAtThatNamesNothingIsAnInputProblem() throws {
        let path = TempFiles.write(wrapped(nodeTexts(1)), to: TempFiles.folder("nodes-at-missing") + "/export.json")
        var options = ValidationOptions()
        options.nodesAt = try XCTUnwrap(NodesPointer("/changes"))
        let result = ValidationRun(options: options).run([path])
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].message.contains("no member \"changes\""), result.problems[0].message)
        options.nodesAt = try XCTUnwrap(NodesPointer("/nodes/7"))
        let beyond = ValidationRun(options: options).run([path]).problems.first?.message ?? ""
        XCTAssertTrue(beyond.contains("no element \"7\" (it holds 1)"), beyond)
    }

    func testPointerSyntax() {
        XCTAssertEqual(NodesPointer("")?.tokens, [])
        XCTAssertEqual(NodesPointer("/nodes")?.tokens, ["nodes"])
        XCTAssertEqual(NodesPointer("/a~1b/~0/")?.tokens, ["a/b", "~", ""])
        for bad in ["nodes", "/a~2", "/a~"] {
            XCTAssertNil(NodesPointer(bad), bad)
            XCTAssertNotNil(NodesPointer.usageProblem(bad))
        }
        let array = JSONValue.array([.number(1), .number(2)])
        for index in ["01", "-", "2", "x"] {
            XCTAssertNil(try? NodesPointer("/" + index)!.resolve(in: array).get(), index)
        }
        XCTAssertEqual(try? NodesPointer("/1")!.resolve(in: array).get(), .number(2))
    }

    func testADeepPointerDoesNotRecurse() throws {
        var value = JSONValue.array([])
        for _ in 0..<1000 { value = .object(JSONObject([JSONMember(key: "a", value: value)])) }
        let pointer = try XCTUnwrap(NodesPointer(String(repeating: "/a", count: 1000)))
        XCTAssertEqual(try pointer.resolve(in: value).get(), .array([]))
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
