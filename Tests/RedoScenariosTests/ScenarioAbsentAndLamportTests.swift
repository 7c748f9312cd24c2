import RedoJSON
import RedoScenarios
import Testing

/// `absent` names ids no record holds, for a parent or a MERGE base missing from the log;
/// a node's `lamport` is written instead of the computed one, and its children count from it.
@Suite struct ScenarioAbsentAndLamportTests {
    static let text = """
        {
          "authors": {"a": {"seed": "0", "devices": ["d"]}},
          "tasks": ["t"],
          "absent": ["gone"],
          "nodes": [
            {"name": "root", "action": "CREATE", "payload": {"title": "x"}},
            {"name": "orphan", "action": "UPDATE", "parents": ["gone"], "lamport": 4, "payload": {"title": "y"}},
            {"name": "below", "action": "UPDATE", "parents": ["orphan"], "payload": {"title": "z"}},
            {"name": "merge", "action": "MERGE", "parents": ["root", "below"], "payload": {"base": "gone"}}
          ]
        }
        """

    static func record(_ built: BuiltScenario, _ index: Int) throws -> JSONValue {
        try JSONReader.parse(built.records[index].bytes)
    }

    /// SHA-256 of "RUNSEED gone", as docs/scenarios.md derives it (computed independently).
    @Test(arguments: [
        ("redo-conform-v1", "5b3d5ecf09d8ee8e1b52b9a185ef7cda3283ea243c31b3b5f40e2bac124eadb9"),
        ("another seed", "f27035baf9ad208fb6885d3d114b9b07cc44df9e694725301ef852baf8033841"),
    ])
    func anAbsentNameIsTheDocumentedIdAndALamportIsWritten(runSeed: String, digest: String) throws {
        let scenario = try ScenarioJSONReader.scenario(Array(Self.text.utf8), file: "s.json", name: "s")
        #expect(scenario.absent == ["gone"])
        #expect(scenario.nodes[1].lamport == 4)
        let built = try ScenarioBuilder(runSeed: runSeed).build(scenario)
        let gone = "sha256:" + digest
        #expect(ScenarioKeys.absentId(forName: "gone", runSeed: runSeed) == gone)
        #expect(built.records.count == 4)  // no record for the absent name
        let orphan = try Self.record(built, 1)
        #expect(orphan.objectValue?["parents"] == .array([.string(gone)]))
        #expect(orphan.objectValue?["timestamp"]?.objectValue?["lamport"] == .number(4))
        let below = try Self.record(built, 2)
        #expect(below.objectValue?["timestamp"]?.objectValue?["lamport"] == .number(5))
        let merge = try Self.record(built, 3)
        #expect(merge.objectValue?["data"]?.objectValue?["payload"]?.objectValue?["base"] == .string(gone))
    }

    @Test func anAbsentNameANodeHasOrANegativeLamportIsRefused() {
        let clash = ScenarioVectorKeysTests.buildError(
            Self.text.replacingOccurrences(of: #""absent": ["gone"]"#, with: #""absent": ["root"]"#))
        #expect(clash?.message == "absent name root is used twice")
        let negative = ScenarioJSONReaderTests.error(
            Self.text.replacingOccurrences(of: #""lamport": 4"#, with: #""lamport": -1"#))
        #expect(negative?.message == "lamport -1 is negative")
        #expect(negative?.location?.line == 7)
        let unknown = ScenarioVectorKeysTests.buildError(
            Self.text.replacingOccurrences(of: #""absent": ["gone"]"#, with: #""absent": []"#))
        #expect(unknown?.message == "unknown parent gone")
    }

    /// `tamperedPayload` sets payload members after signing (the id stays the signed one's);
    /// without `fault: tampered` it is refused.
    @Test func aTamperedPayloadIsSetAfterSigning() throws {
        let text = """
            {
              "authors": {"a": {"seed": "0", "devices": ["d"]}},
              "tasks": ["t"],
              "nodes": [
                {"name": "root", "action": "CREATE", "payload": {"title": "x", "priority": 1}},
                {"name": "u", "action": "UPDATE", "parents": ["root"], "payload": {"title": "y"},
                 "fault": "tampered", "tamperedPayload": {"title": "z", "priority": 2}},
                {"name": "plain", "action": "UPDATE", "parents": ["root"], "payload": {"title": "y"}}
              ]
            }
            """
        let built = try ScenarioBuilder().build(
            try ScenarioJSONReader.scenario(Array(text.utf8), file: "s.json", name: "s"))
        let tampered = try Self.record(built, 1)
        let payload = tampered["data"]?["payload"]?.objectValue
        #expect(payload?.members.map(\.key) == ["title", "priority"])  // replaced in place, then added
        #expect(payload?["title"] == .string("z") && payload?["priority"] == .number(2))
        #expect(tampered["id"] == .string(built.id(of: "u")!))
        // The wall is not moved: only the payload differs from an untampered twin's body.
        let plain = try Self.record(built, 2)
        #expect(tampered["timestamp"]?["lamport"] == plain["timestamp"]?["lamport"])
        #expect(tampered["timestamp"]?["wall"] == .string("2025-10-26T09:00:02.000Z"))
        #expect(built.records[1].expectation == .rejected(code: "E_HASH_MISMATCH", rule: "id.hash"))
        let loose = ScenarioJSONReaderTests.error(text.replacingOccurrences(of: #""fault": "tampered", "#, with: ""))
        #expect(loose?.message == "tamperedPayload without fault: tampered")
    }
}
