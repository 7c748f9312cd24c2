import Foundation
import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoText
import RedoValidation
import XCTest

@testable import RedoConformKit

/// `explain`: a task's timeline in total order with who, when, what changed and why it was
/// rejected; its end (deleted and by whom, deleted on one branch, never existed); finding
/// the task by part of a title; escaping in every format.
final class ExplainTests: XCTestCase {
    private let seed = "explain"

    private func builder(_ task: String, deviceId: String = "device-a") -> LogBuilder {
        LogBuilder(
            factory: NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0), deviceId: deviceId),
            task: FixtureKeys.uuid(seed: seed, task))
    }

    /// `node` resealed with the author's optional name and device name.
    private func named(_ node: JSONObject, _ factory: NodeFactory, name: String, device: String) -> JSONObject {
        factory.seal(node.setting("author.name", to: str(name)).setting("author.deviceName", to: str(device)))
    }

    private func run(_ nodes: [JSONObject], label: String) -> (path: String, result: ValidationResult) {
        let text = nodes.map { String(decoding: OrderedJSONWriter.bytes(.object($0)), as: UTF8.self) + "\n" }.joined()
        let path = TempFiles.write(text, to: TempFiles.folder(label) + "/log.jsonl")
        return (path, ValidationRun(options: ValidationOptions()).run([path]))
    }

    private func explained(_ task: String, _ run: (path: String, result: ValidationResult)) -> TaskExplanation {
        let records = TaskGraph.records(ofTasks: [task], in: run.result)[BytewiseString(task)] ?? []
        let wanted = Set(records)
        let details = RecordDetails.read(of: run.result, options: ValidationOptions()) { wanted.contains($0) }
        return TaskExplanation(taskId: task, records: records, result: run.result, details: details)
    }

    func testADeletedTaskSaysWhichNodeDeletedItFromWhichDeviceAndWhen() {
        var a = builder("dentist")
        var b = builder("dentist", deviceId: "device-b")
        let create = named(a.create(title: "Dentist"), a.factory, name: "Anna", device: "Anna's phone")
        let update = a.node(.update, parents: [create], [member("title", str("Dentist at 9"))])
        let wall = LogBuilder.wall(secondsAfterStart: 60)
        let delete = named(
            b.node(
                .delete, parents: [update], [member("deletedChain", .array([str(create.idText), str(update.idText)]))],
                wall: wall), b.factory, name: "Bob", device: "Bob's laptop")
        let other = builder("other")
        var o = other
        let unrelated = o.create(title: "Groceries")
        let log = run([unrelated, delete, create, update], label: "explain-deleted")
        let explanation = explained(a.task, log)

        XCTAssertEqual(explanation.entries.map(\.action), ["CREATE", "UPDATE", "DELETE"])
        XCTAssertEqual(explanation.ending, .deleted(by: [2]))
        XCTAssertEqual(explanation.titles, ["Dentist", "Dentist at 9"])
        XCTAssertEqual(explanation.lastTitle, "Dentist at 9")
        XCTAssertEqual(explanation.entries[0].details.deviceName, "Anna's phone")
        XCTAssertEqual(
            explanation.entries[1].changes, [.init(field: "title", old: "\"Dentist\"", new: "\"Dentist at 9\"")])
        XCTAssertTrue(explanation.entries[0].deleted)
        XCTAssertTrue(explanation.finalState.isEmpty)
        let text = renderReport { ExplainTextReport.write(explanation, to: &$0) }
        XCTAssertTrue(
            text.contains(
                "deleted by node \(delete.idText) from device device-b (\"Bob's laptop\") at wall \(wall) (Bob (userId "
            ), text)
        XCTAssertTrue(text.contains("changes title: \"Dentist\" → \"Dentist at 9\""), text)
        XCTAssertTrue(text.contains("from \(log.path):3"), text)

        XCTAssertEqual(
            TaskSearch.records(of: a.task, in: log.result),
            TaskGraph.records(ofTasks: [a.task], in: log.result)[BytewiseString(a.task)])
        XCTAssertEqual(TaskSearch.records(of: a.task.uppercased(), in: log.result), [])
        XCTAssertEqual(TaskSearch.tasks(title: "DENTIST", in: log.result, failedTitles: [:]), .one(a.task))
        XCTAssertEqual(TaskSearch.tasks(title: "at 9", in: log.result, failedTitles: [:]), .one(a.task))
        guard case let .none(closest) = TaskSearch.tasks(title: "Dentsit", in: log.result, failedTitles: [:]) else {
            return XCTFail("a typo matches nothing")
        }
        XCTAssertEqual(closest.first?.taskId, a.task)
        guard case let .none(ids) = TaskSearch.task(id: String(a.task.dropLast()) + "x", in: log.result) else {
            return XCTFail("an unknown id matches nothing")
        }
        XCTAssertEqual(ids.first?.taskId, a.task)
    }

    func testATaskDeletedOnOneBranchLivesOnTheOther() {
        var a = builder("branches")
        let create = a.create(title: "Branches")
        let left = a.node(.update, parents: [create], [member("priority", .number(2))])
        let right = a.node(.update, parents: [create], [member("priority", .number(5))])
        let delete = a.node(
            .delete, parents: [left], [member("deletedChain", .array([str(create.idText), str(left.idText)]))])
        let explanation = explained(a.task, run([create, left, right, delete], label: "explain-branches"))
        guard case let .deletedOnOneBranch(deletes) = explanation.ending else {
            return XCTFail("\(explanation.ending)")
        }
        XCTAssertEqual(explanation.entries[deletes[0]].id, delete.idText)
        XCTAssertEqual(Set(explanation.entries[0].forksInto), [left.idText, right.idText])
        XCTAssertTrue(explanation.finalState.contains(.init(field: "priority", old: nil, new: "5")))
        let text = renderReport { ExplainTextReport.write(explanation, to: &$0) }
        XCTAssertTrue(text.contains("on one branch\n  alive on another branch\nfinal state\n"), text)
    }

    func testATaskWhoseCreateWasRejectedNeverExistedAndIsFoundByItsRejectedTitle() {
        var a = builder("rejected")
        let create = a.create(title: "Café Dentist").signed(by: FixtureKeys.pair(seed: seed, index: 1))
        let update = a.node(.update, parents: [create], [member("priority", .number(3))])
        let log = run([create, update], label: "explain-never")
        let failed = RecordDetails.read(of: log.result, options: ValidationOptions()) {
            log.result.verdict.records[$0].node < 0
        }
        // Decomposed é in the query, composed in the title; case differs.
        XCTAssertEqual(
            TaskSearch.tasks(title: "CAFE\u{301}", in: log.result, failedTitles: failed.compactMapValues(\.title)),
            .one(a.task))
        let explanation = explained(a.task, log)
        XCTAssertEqual(explanation.ending, .neverExisted)
        XCTAssertEqual(explanation.entries[0].code, .invalidSignature)
        XCTAssertEqual(explanation.entries[1].rootCauses, [create.idText])
        XCTAssertEqual(explanation.titles, ["Café Dentist"])
        let text = renderReport { ExplainTextReport.write(explanation, to: &$0) }
        XCTAssertTrue(text.contains("rejected E_INVALID_SIGNATURE (root cause)"), text)
        XCTAssertTrue(text.contains("rejected X_ANCESTOR_REJECTED, root cause \(create.idText)"), text)
        XCTAssertTrue(text.contains("never existed: every CREATE was rejected"), text)
    }

    func testManyMatchesAreListedBoundedWithTheTotal() {
        let nodes = (0..<30).map { k -> JSONObject in
            var task = builder("many \(k)")
            return task.create(title: "Appointment \(k)")
        }
        let log = run(nodes, label: "explain-many")
        guard
            case let .several(listed, total) = TaskSearch.tasks(title: "appointment", in: log.result, failedTitles: [:])
        else { return XCTFail("30 tasks match") }
        XCTAssertEqual(total, 30)
        XCTAssertEqual(listed.count, TaskSearch.listedMatches)
        XCTAssertTrue(listed.allSatisfy { $0.lastTitle?.hasPrefix("Appointment ") ?? false })
        let message = ExplainCommand.message(for: .several(listed, total: total), query: .title("appointment"))
        XCTAssertTrue(message.hasPrefix("error: 30 tasks have a title containing \"appointment\""), message)
        XCTAssertTrue(message.hasSuffix("… and 10 more"), message)
    }

    func testTextFromTheExportIsEscapedInEveryFormat() throws {
        var a = builder("crafted")
        let title = "Pay\u{202E}gnp.exe\u{1B}[2J<script>x</script>"
        let create = named(a.create(title: title), a.factory, name: "Eve\u{7}", device: "dev\nfake line")
        let explanation = explained(a.task, run([create], label: "explain-escaping"))
        let text = renderReport { ExplainTextReport.write(explanation, to: &$0) }
        XCTAssertFalse(text.unicodeScalars.contains { MessageText.isDisplayUnsafe($0) && $0 != "\n" }, text)
        XCTAssertTrue(text.contains("Pay\\u{202E}gnp.exe\\u{1B}[2J"), text)
        XCTAssertFalse(text.contains("dev\nfake"), text)
        let html = renderReport { ExplainHtmlReport.write(explanation, protocolURL: "PROTOCOL.md", to: &$0) }
        XCTAssertFalse(html.contains("<script>x"))
        XCTAssertFalse(html.contains("\u{202E}"))
        XCTAssertTrue(html.contains("&lt;script&gt;x&lt;/script&gt;"))
        let json = renderReport { ExplainJSONReport.write(explanation, to: &$0) }
        let value = try JSONReader.parse(Array(json.utf8))
        XCTAssertEqual(value.objectValue?["titles"]?.arrayValue?.first?.stringValue, title)
    }

    /// A one-task chain: text lists every node, the html draws its bounded DAG and at
    /// most `maxRows` rows.
    func testALongChainIsListedWholeInTextAndBoundedInHtml() {
        var lines: [[UInt8]] = []
        LogGenerator(shape: .chain, nodes: 5000, tasks: 1, seed: "explain chain", jobs: 1).generate { lines.append($0) }
        let path = TempFiles.write(lines.flatMap { $0 + [10] }, to: TempFiles.folder("explain-chain") + "/log.jsonl")
        let result = ValidationRun(options: ValidationOptions()).run([path])
        let task = result.taskId(0)!
        let explanation = explained(task, (path, result))
        XCTAssertEqual(explanation.entries.count, 5000)
        XCTAssertEqual(explanation.ending, .alive)
        let text = renderReport { ExplainTextReport.write(explanation, to: &$0) }
        XCTAssertTrue(text.contains("\n5000. lamport 5000 "))
        let html = renderReport { ExplainHtmlReport.write(explanation, protocolURL: "PROTOCOL.md", to: &$0) }
        XCTAssertEqual(html.components(separatedBy: "<tr id=\"e").count - 1, ExplainHtmlReport.maxRows)
        XCTAssertTrue(html.contains("… 3000 nodes more"))
        // A long id or message wraps inside its cell instead of running past the page.
        XCTAssertTrue(html.contains("table.timeline td:nth-child(n+3){overflow-wrap:anywhere}"))
        // …but never inside a short id or a device like `device-a`: those two columns keep 12 characters.
        XCTAssertTrue(html.contains("table.timeline td:nth-child(3),table.timeline td:nth-child(4){min-width:12ch}"))
        XCTAssertLessThanOrEqual(html.components(separatedBy: "<rect").count - 1, 2 * GraphLayout.maxBoxes + 8)
    }
}
