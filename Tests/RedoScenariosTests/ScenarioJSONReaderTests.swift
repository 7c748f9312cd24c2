import RedoScenarios
import Testing

/// `.json` scenarios: strict I-JSON first, then every value located and every number spelled as written.
@Suite struct ScenarioJSONReaderTests {
    static let text = """
        {
          "authors": {"a": {"seed": "0", "devices": ["d"]}},
          "tasks": ["t"],
          "nodes": [
            {"name": "root", "action": "CREATE", "payload": {"title": "é", "storyPoints": 1.50}}
          ]
        }
        """

    @Test func aJSONScenarioBuildsWithItsNumbersAsWritten() throws {
        let scenario = try ScenarioJSONReader.scenario(Array(Self.text.utf8), file: "s.json", name: "s")
        #expect(scenario.name == "s")
        #expect(scenario.nodes[0].location == SourceLocation(file: "s.json", line: 5, column: 5))
        let built = try ScenarioBuilder().build(scenario)
        #expect(String(decoding: built.records[0].bytes, as: UTF8.self).contains(#""storyPoints":1.50"#))
    }

    static func error(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioJSONReader.scenario(Array(text.utf8), file: "s.json", name: "s")
            return nil
        } catch {
            return error
        }
    }

    @Test func badJSONIsRefusedAtItsPlace() {
        let duplicate = Self.error(
            Self.text.replacingOccurrences(of: #""tasks": ["t"],"#, with: #""tasks": ["t"], "tasks": [],"#))
        #expect(duplicate?.location?.line == 3)
        #expect(duplicate?.message.contains("duplicate") == true)
        let unknownKey = Self.error(
            Self.text.replacingOccurrences(of: #""action": "CREATE""#, with: #""action": "CREATE", "counter": 3"#))
        #expect(unknownKey?.message == "unknown key counter in a node")
        #expect(unknownKey?.location == SourceLocation(file: "s.json", line: 5, column: 53))
        let fault = Self.error(
            Self.text.replacingOccurrences(of: #""action": "CREATE""#, with: #""action": "CREATE", "fault": "bent""#))
        #expect(fault?.message == "unknown fault bent")
        #expect(fault?.fix.contains("tampered") == true)
        let huge = Self.error(Self.text.replacingOccurrences(of: "1.50", with: "1e400"))
        #expect(huge?.location?.line == 5)
        let syntax = Self.error("{\"authors\": ")
        #expect(syntax?.location?.line == 1)
    }
}
