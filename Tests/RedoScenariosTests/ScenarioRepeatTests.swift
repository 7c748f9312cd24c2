import RedoScenarios
import Testing

/// Repeats: a long chain or many tasks in a few lines, the counters substituted in every
/// string, the same records as the nodes written out, and misuse refused before anything
/// is expanded.
@Suite struct ScenarioRepeatTests {
    static func scenario(_ json: String) throws(ScenarioError) -> Scenario {
        try ScenarioJSONReader.scenario(Array(json.utf8), file: "r.json", name: "r")
    }

    static let chain = """
        {
          "authors": {"a": {"seed": "0", "devices": ["d"]}},
          "tasks": ["t"],
          "nodes": [
            {"name": "n0", "action": "CREATE", "payload": {"title": "Chain"}},
            {"repeat": 3, "nodes": [
              {"name": "n{i}", "action": "UPDATE", "parents": ["n{i-1}"], "payload": {"title": "Edit {i}", "tag": "{j}"}}
            ]}
          ]
        }
        """

    @Test func aChainBuildsTheSameRecordsAsTheNodesWrittenOut() throws {
        let repeated = try Self.scenario(Self.chain)
        #expect(repeated.nodes.map(\.name) == ["n0", "n1", "n2", "n3"])
        #expect(repeated.nodes[3].parents == ["n2"])
        // A brace around a name that is no counter is kept as written.
        #expect(repeated.nodes[2].payload[1] == ScenarioMember("tag", .string("{j}")))
        #expect(repeated.nodes[2].location == SourceLocation(file: "r.json", line: 7, column: 7))
        let written = try Self.scenario(
            """
            {
              "authors": {"a": {"seed": "0", "devices": ["d"]}},
              "tasks": ["t"],
              "nodes": [
                {"name": "n0", "action": "CREATE", "payload": {"title": "Chain"}},
                {"name": "n1", "action": "UPDATE", "parents": ["n0"], "payload": {"title": "Edit 1", "tag": "{j}"}},
                {"name": "n2", "action": "UPDATE", "parents": ["n1"], "payload": {"title": "Edit 2", "tag": "{j}"}},
                {"name": "n3", "action": "UPDATE", "parents": ["n2"], "payload": {"title": "Edit 3", "tag": "{j}"}}
              ]
            }
            """)
        #expect(try ScenarioBuilder().build(repeated).log == ScenarioBuilder().build(written).log)
    }

    @Test func manyTasksEachWithAChainNest() throws {
        let scenario = try Self.scenario(
            """
            {
              "authors": {"a": {"seed": "0", "devices": ["d"]}},
              "tasks": [{"repeat": 2, "from": 0, "tasks": ["t{i}"]}],
              "todos": [{"repeat": 2, "from": 0, "todos": ["todo{i}"]}],
              "nodes": [{"repeat": 2, "from": 0, "nodes": [
                {"name": "t{i}-0", "task": "t{i}", "action": "CREATE", "payload": {"title": "Task {i}"}},
                {"repeat": 2, "counter": "k", "nodes": [
                  {"name": "t{i}-{k}", "task": "t{i}", "action": "UPDATE", "parents": ["t{i}-{k-1}"],
                   "payload": {"title": "{i}.{k}"}}
                ]},
                {"name": "m{i}", "task": "t{i}", "action": "CREATE_TODO", "parents": ["t{i}-2"],
                 "payload": {"todoTaskId": "todo{i}"}}
              ]}]
            }
            """)
        #expect(scenario.tasks.map(\.name) == ["t0", "t1"])
        #expect(scenario.todos == ["todo0", "todo1"])
        #expect(scenario.nodes.map(\.name) == ["t0-0", "t0-1", "t0-2", "m0", "t1-0", "t1-1", "t1-2", "m1"])
        #expect(scenario.nodes[6].payload == [ScenarioMember("title", .string("1.2"))])
        let built = try ScenarioBuilder().build(scenario)
        #expect(built.records.count == 8)
    }

    @Test func theLibraryExpandsTheSameWay() throws {
        let nodes = try ScenarioRepeat(
            count: 2,
            items: [.node(ScenarioNode(name: "u{i}", action: "UPDATE", parents: ["u{i-1}"]))]
        ).expanded()
        #expect(nodes.map(\.name) == ["u1", "u2"])
        #expect(nodes.map(\.parents) == [["u0"], ["u1"]])
        // Offsets either way; a brace before a placeholder, a name that is no counter and an
        // offset of more than six digits are kept as written.
        let spelled = try ScenarioRepeat(
            count: 1, counter: "n",
            items: [
                .node(
                    ScenarioNode(
                        name: "x", action: "CREATE",
                        payload: [ScenarioMember("title", .string("a{n+2}b{{n}{x}{n-1000000}{n-999999}"))]))
            ]
        ).expanded()
        #expect(spelled[0].payload == [ScenarioMember("title", .string("a3b{1{x}{n-1000000}-999998"))])
    }

    static func error(_ json: String) -> ScenarioError? {
        do {
            _ = try scenario(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func misuseIsRefusedAtTheRepeat() {
        func with(_ repeatItem: String) -> String {
            Self.chain.replacingOccurrences(of: #"{"repeat": 3, "nodes": ["#, with: repeatItem)
        }
        let zero = Self.error(with(#"{"repeat": 0, "nodes": ["#))
        #expect(zero?.message == "repeat 0 times")
        #expect(zero?.location == SourceLocation(file: "r.json", line: 6, column: 5))
        #expect(Self.error(with(#"{"repeat": 1.5, "nodes": ["#))?.message == "repeat is a number")
        #expect(
            Self.error(with(#"{"repeat": 2, "counter": "2x", "nodes": ["#))?.message == #"counter "2x" is not a name"#)
        #expect(Self.error(with(#"{"repeat": 2, "times": 3, "nodes": ["#))?.message == "unknown key times in a repeat")
        let shadowed = Self.error(
            with(#"{"repeat": 2, "nodes": [{"repeat": 2, "nodes": [{"name": "x{i}", "action": "CREATE"}]}, "#))
        #expect(shadowed?.message == "counter i is already an outer repeat's")
        // A name without the counter is the same name twice, reported at the template.
        let twice = Self.error(Self.chain.replacingOccurrences(of: #""name": "n{i}""#, with: #""name": "n""#))
        #expect(twice == nil)
        #expect(throws: ScenarioError.self) {
            try ScenarioBuilder().build(
                try Self.scenario(Self.chain.replacingOccurrences(of: #""name": "n{i}""#, with: #""name": "n""#)))
        }
    }

    @Test func theRecordLimitHoldsForTheExpandedSizeBeforeExpanding() {
        // Ten thousand million nodes from a file of a few hundred bytes: refused from the counts.
        let huge = Self.error(
            Self.chain.replacingOccurrences(
                of: #"{"repeat": 3, "nodes": ["#,
                with:
                    #"{"repeat": 100000, "nodes": [{"repeat": 100000, "counter": "j", "nodes": [{"name": "x{i}-{j}", "action": "CREATE"}]}, "#
            ))
        #expect(huge?.message.hasPrefix("the nodes expand to up to") == true)
        #expect(huge?.message.hasSuffix("over the record limit of 16777216") == true)
        #expect(huge?.location == SourceLocation(file: "r.json", line: 4, column: 12))
        let manyTasks = Self.error(
            Self.chain.replacingOccurrences(
                of: #""tasks": ["t"]"#, with: #""tasks": ["t", {"repeat": 9000000, "tasks": ["task number {i}"]}]"#))
        #expect(manyTasks?.message.hasPrefix("the tasks expand to up to") == true)
        #expect(
            throws: ScenarioError.self,
            performing: {
                try ScenarioRepeat(count: Int.max / 2, items: [.node(ScenarioNode(name: "n{i}", action: "CREATE"))])
                    .expanded()
            })
    }
}
