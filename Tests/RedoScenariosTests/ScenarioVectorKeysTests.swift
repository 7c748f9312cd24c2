import RedoScenarios
import Testing

/// The keys a catalog scenario that is a vector's source carries: `vector`, `flags`, and
/// the rejected list stated by node name.
@Suite struct ScenarioVectorKeysTests {
    static let text = """
        {
          "vector": "reconstruction",
          "flags": ["deletion"],
          "authors": {"a": {"seed": "0", "devices": ["d"]}, "b": {"seed": "1", "devices": ["e"]}},
          "tasks": ["t"],
          "nodes": [
            {"name": "root", "action": "CREATE", "payload": {"title": "x"}},
            {"name": "bad", "action": "UPDATE", "parents": ["root"], "payload": {"title": "y"}, "fault": "foreign-signature"},
            {"name": "below", "action": "UPDATE", "parents": ["bad"], "payload": {"priority": 2}, "expect": "X_ANCESTOR_REJECTED"}
          ],
          "state": [{"path": "rejected", "rejected": {"below": "X_ANCESTOR_REJECTED", "bad": "E_INVALID_SIGNATURE"}}]
        }
        """

    @Test func theRejectedListIsStatedByNameAndSortedById() throws {
        let scenario = try ScenarioJSONReader.scenario(Array(Self.text.utf8), file: "s.json", name: "s")
        #expect(scenario.vector == "reconstruction")
        #expect(scenario.flags == ["deletion"])
        let built = try ScenarioBuilder().build(scenario)
        let entries = [("bad", "E_INVALID_SIGNATURE"), ("below", "X_ANCESTOR_REJECTED")].map {
            (id: built.id(of: $0.0)!, code: $0.1)
        }.sorted { $0.id < $1.id }
        let expected = ScenarioValue.array(
            entries.map { .object([ScenarioMember("code", .string($0.code)), ScenarioMember("id", .string($0.id))]) })
        #expect(built.state.map(\.path) == ["rejected"])
        #expect(built.state[0].equals == expected)
        // Another run seed, other ids: still sorted by id.
        let other = try ScenarioBuilder(runSeed: "other").build(scenario)
        guard case let .array(items) = other.state[0].equals else {
            Issue.record("not an array")
            return
        }
        let ids = items.compactMap { item -> String? in
            guard case let .object(members) = item else { return nil }
            return members.last?.value.stringValue
        }
        #expect(ids == ids.sorted() && ids.count == 2)
    }

    @Test func anUnknownVectorSuiteOrANonStringCodeIsRefused() {
        let suite = ScenarioJSONReaderTests.error(
            Self.text.replacingOccurrences(of: #""vector": "reconstruction""#, with: #""vector": "logs""#))
        #expect(suite?.message == "unknown vector suite")
        #expect(suite?.location?.line == 2)
        let code = ScenarioJSONReaderTests.error(
            Self.text.replacingOccurrences(of: #""bad": "E_INVALID_SIGNATURE""#, with: #""bad": 3"#))
        #expect(code?.location?.line == 11)
        let unknownNode = Self.buildError(
            Self.text.replacingOccurrences(of: #""bad": "E_INVALID_SIGNATURE""#, with: #""gone": "E_X""#))
        #expect(unknownNode?.message == "unknown node gone")
    }

    static func buildError(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioBuilder().build(
                try ScenarioJSONReader.scenario(Array(text.utf8), file: "s.json", name: "s"))
            return nil
        } catch {
            return error
        }
    }

    static let tie = """
        {
          "authors": {"a": {"seed": "0", "devices": ["d"]}, "b": {"seed": "1", "devices": ["e"]}},
          "tasks": ["t"],
          "nodes": [
            {"name": "root", "action": "CREATE", "payload": {"title": "x"}},
            {"name": "X", "action": "UPDATE", "parents": ["root"], "at": 30, "payload": {"title": "X"}},
            {"name": "Y", "by": "b", "action": "UPDATE", "parents": ["root"], "at": 30, "payload": {"title": "Y"}}
          ],
          "state": [
            {"path": "tasks[0].title", "byGreatestId": {"X": "X", "Y": "Y"}},
            {"path": "tasks[0].title", "byGreatestUserId": {"a": "A", "b": "B"}}
          ]
        }
        """

    /// The value of the greatest id, or of the greatest userId, whatever the run seed.
    @Test(arguments: ["redo-conform-v1", "s1", "s2", "s3"])
    func theGreatestIdOrUserIdDecidesTheExpectedValue(runSeed: String) throws {
        let scenario = try ScenarioJSONReader.scenario(Array(Self.tie.utf8), file: "s.json", name: "s")
        let built = try ScenarioBuilder(runSeed: runSeed).build(scenario)
        let byId = built.id(of: "X")! > built.id(of: "Y")! ? "X" : "Y"
        #expect(built.state[0].equals == .string(byId))
        let userIds = built.authorKeys.map { String($0.publicKey.prefix(32)) }
        #expect(built.state[1].equals == .string(userIds[0] > userIds[1] ? "A" : "B"))
        let unknown = Self.buildError(Self.tie.replacingOccurrences(of: #"{"a": "A""#, with: #"{"c": "A""#))
        #expect(unknown?.message == "unknown author c")
    }
}
