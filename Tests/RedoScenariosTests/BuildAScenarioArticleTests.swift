import RedoCore
import RedoScenarios
import RedoTestSupport
import Testing
import XCTest

/// The article "Build a scenario in a test": its code, run, and its results checked.
@Suite struct BuildAScenarioArticleTests {
    @Test func theArticlesCodeRunsAndGivesWhatItSays() throws {
        let scenario = Scenario(
            name: "rename",
            authors: [ScenarioAuthor(name: "ana", key: .seedText("ana"), devices: [ScenarioDevice(name: "phone")])],
            tasks: [ScenarioTask(name: "groceries")],
            nodes: [
                ScenarioNode(name: "created", action: "CREATE", payload: [ScenarioMember("title", .string("Milk"))]),
                ScenarioNode(
                    name: "renamed", action: "UPDATE", parents: ["created"],
                    payload: [ScenarioMember("title", .string("Oat milk"))]),
            ])
        let built = try ScenarioBuilder().build(scenario)
        let log = built.log  // JSON Lines: hand it to the client's sync code
        let renamed = built.id(of: "renamed")!  // "sha256:…"
        let count = built.records.count  // 2
        #expect(count == 2)
        #expect(renamed.hasPrefix("sha256:"))
        // The log is what RedoCore accepts: both records valid.
        let validator = NodeValidator(profile: .synced)
        let lines = log.split(separator: 0x0A).map(Array.init)
        let verdict = LogValidator().validate(lines.map { validator.check(bytes: $0) })
        #expect(verdict.records.map(\.status) == [.valid, .valid])

        var broken = scenario
        broken.nodes[1].fault = .tampered
        let rejected = try ScenarioBuilder().build(broken)
        let expected = rejected.records[1].expectation  // .rejected(code: "E_HASH_MISMATCH", rule: "id.hash")
        #expect(expected == .rejected(code: "E_HASH_MISMATCH", rule: "id.hash"))
        let again = LogValidator().validate(
            rejected.log.split(separator: 0x0A).map { validator.check(bytes: Array($0)) })
        #expect(again.records[1].code == .hashMismatch)

        var long = scenario
        long.nodes += try ScenarioRepeat(
            count: 1000,
            items: [
                .node(
                    ScenarioNode(
                        name: "edit{i}", action: "UPDATE", parents: ["edit{i-1}"],
                        payload: [ScenarioMember("title", .string("Milk {i}"))]))
            ]
        ).expanded()
        long.nodes[2].parents = ["renamed"]  // the first edit follows the rename
        let longLog = try ScenarioBuilder().build(long)  // 1,002 records
        #expect(longLog.records.count == 1002)
        #expect(longLog.records.last?.node == "edit1000")
        let longVerdict = LogValidator().validate(
            longLog.log.split(separator: 0x0A).map { validator.check(bytes: Array($0)) })
        #expect(longVerdict.records.allSatisfy { $0.status == .valid })
    }
}

/// `ArticleCode.assertMirrored` reports through XCTest, so its check lives in an XCTestCase.
final class BuildAScenarioArticleMirrorTests: XCTestCase {
    func testTheArticlesCodeIsTheCodeRunAbove() throws {
        try ArticleCode.assertMirrored(article: "Sources/RedoScenarios/RedoScenarios.docc/BuildAScenarioInATest.md")
    }
}
