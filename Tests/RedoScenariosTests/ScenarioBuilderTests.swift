import RedoCore
import RedoCrypto
import RedoJSON
import RedoScenarios
import RedoTestSupport
import Testing

/// The builder: names become the vector set's ids, lamport and wall are computed, the
/// seed reaches keys and taskIds, and every bad scenario is refused at its place.
@Suite struct ScenarioBuilderTests {
    /// merge-lww written in code, as an app's test target would.
    static func lww(runSeedTask: String = "replay merge lww") -> Scenario {
        let at = { (s: Int) in UTCTime(millisecondsSinceEpoch: (1_761_469_200 + Int64(s)) * 1000).text }
        func n(_ v: String) -> ScenarioValue { .number(v) }
        return Scenario(
            name: "merge-lww",
            authors: [
                ScenarioAuthor(name: "a", key: .seedText("0"), devices: [ScenarioDevice(name: "device-a")]),
                ScenarioAuthor(name: "b", key: .seedText("1"), devices: [ScenarioDevice(name: "device-b")]),
            ],
            tasks: [ScenarioTask(name: runSeedTask)],
            nodes: [
                ScenarioNode(
                    name: "Base", action: "CREATE",
                    payload: [.init("title", .string("Base")), .init("priority", n("3")), .init("storyPoints", n("5"))]),
                ScenarioNode(
                    name: "A", action: "UPDATE", parents: ["Base"],
                    payload: [
                        .init("title", .string("From A")), .init("priority", n("1")), .init("storyPoints", n("8")),
                    ]),
                ScenarioNode(
                    name: "B1", action: "UPDATE", by: "b", parents: ["Base"],
                    payload: [.init("description", .string("B was here"))], wall: at(50)),
                ScenarioNode(
                    name: "B", action: "UPDATE", by: "b", parents: ["B1"],
                    payload: [
                        .init("title", .string("From B")), .init("priority", n("4")), .init("storyPoints", n("2")),
                    ],
                    wall: at(51)),
                ScenarioNode(
                    name: "merge", action: "MERGE", parents: ["A", "B"], payload: [.init("base", .string("Base"))],
                    wall: at(60)),
            ],
            state: [StateAssertion(path: "tasks[0].title", .value(.string("From B")))])
    }

    @Test func aScenarioInCodeGivesTheShippedVectorsBytes() throws {
        let built = try ScenarioBuilder().build(Self.lww())
        #expect(built.log == (try VectorFiles.bytes("reconstruction/merge-lww.jsonl")))
        #expect(built.records.map(\.expectation) == Array(repeating: .valid, count: 5))
        #expect(built.state.first?.equals == .string("From B"))
    }

    @Test func theSeedTextDerivationIsTheDocumentedOne() {
        let seed = ScenarioKeys.seed(forSeedText: "0", runSeed: "S")
        #expect(seed == RedoSHA256.hash(Array("redo-conform fixture key|S|0".utf8)).bytes)
        let uuid = ScenarioKeys.uuid(forName: "t", runSeed: "S")
        #expect(UUIDv4(uuid)?.text == uuid)
    }

    @Test func anotherRunSeedGivesOtherKeysAndTaskIds() throws {
        let shipped = try ScenarioBuilder().build(Self.lww())
        let other = try ScenarioBuilder(runSeed: "another").build(Self.lww())
        #expect(shipped.authorKeys[0].publicKey != other.authorKeys[0].publicKey)
        #expect(shipped.taskIds[0].taskId != other.taskIds[0].taskId)
        #expect(other.records.count == shipped.records.count)
    }

    @Test func lamportFollowsTheParentsAndWallTheClock() throws {
        let built = try ScenarioBuilder().build(Self.lww())
        let merge = try JSONReader.parse(built.records[4].bytes)
        #expect(merge.objectValue?["timestamp"]?.objectValue?["lamport"]?.numberValue == 4)
        let a = try JSONReader.parse(built.records[1].bytes)
        #expect(a.objectValue?["timestamp"]?.objectValue?["wall"]?.stringValue == "2025-10-26T09:00:02.000Z")
    }

    @Test func aNumberKeepsItsSpellingAndTheIdItsCanonicalForm() throws {
        var spelled = Self.lww()
        spelled.nodes[0].payload[1] = .init("priority", .number("3.0"))
        let built = try ScenarioBuilder().build(spelled)
        let line = String(decoding: built.records[0].bytes, as: UTF8.self)
        #expect(line.contains(#""priority":3.0,"#))
        // The canonical body is the same as with 3: the same id.
        #expect(built.nodeIds[0].id == (try ScenarioBuilder().build(Self.lww())).nodeIds[0].id)
    }

    static func error(_ change: (inout Scenario) -> Void) -> ScenarioError? {
        var scenario = lww()
        change(&scenario)
        do {
            _ = try ScenarioBuilder().build(scenario)
            return nil
        } catch {
            return error
        }
    }

    @Test func badScenariosAreRefusedWithWhatToChange() {
        let place = SourceLocation(file: "s.yaml", line: 7, column: 5)
        let cases: [(String, (inout Scenario) -> Void)] = [
            (
                "unknown parent Nope",
                {
                    $0.nodes[1].parents = ["Nope"]
                    $0.nodes[1].location = place
                }
            ),
            (
                "parent merge is declared after A",
                {
                    $0.nodes[1].parents = ["merge"]
                    $0.nodes[1].location = place
                }
            ),
            (
                "node name A is used twice",
                {
                    $0.nodes[2].name = "A"
                    $0.nodes[2].location = place
                }
            ),
            (
                "unknown action PATCH",
                {
                    $0.nodes[1].action = "PATCH"
                    $0.nodes[1].location = place
                }
            ),
            (
                "base merge is declared later",
                {
                    $0.nodes[3].payload = [.init("base", .string("merge"))]
                    $0.nodes[3].location = place
                }
            ),
            (
                "parent Base is in task x, not y",
                {
                    $0.tasks = [ScenarioTask(name: "x"), ScenarioTask(name: "y")]
                    for i in $0.nodes.indices { $0.nodes[i].task = "x" }
                    $0.nodes[1].task = "y"
                    $0.nodes[1].location = place
                }
            ),
            (
                "fault omitted on merge, which no node names as a parent",
                {
                    $0.nodes[4].fault = .omitted
                    $0.nodes[4].location = place
                }
            ),
            (
                "1e400 is not a finite JSON number",
                {
                    $0.nodes[1].payload = [.init("priority", .number("1e400"))]
                    $0.nodes[1].location = place
                }
            ),
            (
                "0x1F is not a finite JSON number",
                {
                    $0.nodes[1].payload = [.init("priority", .number("0x1F"))]
                    $0.nodes[1].location = place
                }
            ),
        ]
        for (message, change) in cases {
            let error = Self.error(change)
            #expect(error?.message.hasPrefix(message) == true, "\(message): got \(String(describing: error))")
            #expect(error?.location == place, "\(message)")
            #expect(error?.fix.isEmpty == false, "\(message)")
        }
    }

    @Test func aCrossTaskParentIsBuiltWhenTheNodeSaysSo() throws {
        var scenario = Self.lww()
        scenario.tasks = [ScenarioTask(name: "x"), ScenarioTask(name: "y")]
        for i in scenario.nodes.indices { scenario.nodes[i].task = "x" }
        scenario.nodes[1].task = "y"
        scenario.nodes[1].crossTask = true
        scenario.nodes[4].crossTask = true
        #expect(try ScenarioBuilder().build(scenario).records.count == 5)
    }

    @Test func faultsChangeOnlyTheirRecord() throws {
        var scenario = Self.lww()
        scenario.nodes[1].fault = .duplicated
        scenario.nodes[2].fault = .missingSignature
        let built = try ScenarioBuilder().build(scenario)
        #expect(built.records.count == 6)
        #expect(built.records[1].bytes == built.records[2].bytes)
        #expect(built.records[2].expectation == .duplicate)
        #expect(!String(decoding: built.records[3].bytes, as: UTF8.self).contains("signature"))
        #expect(built.records[3].expectation == .rejected(code: "E_INVALID_SIGNATURE", rule: "signature.missing"))
    }
}
