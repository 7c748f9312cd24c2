import RedoJSON
import RedoScenarios
import Testing

/// A payload's `todoTaskId` naming a task (and no todo) gets the task's taskId: a todo
/// reference to the task itself, on purpose. A todo of the same name wins.
@Suite struct ScenarioTaskTodoReferenceTests {
    @Test func aTaskNameGivesItsTaskIdAndATodoNameWins() throws {
        let text = """
            {
              "authors": {"a": {"seed": "0", "devices": ["d"]}},
              "tasks": ["t", "both"],
              "todos": ["both"],
              "nodes": [
                {"name": "root", "action": "CREATE", "task": "t", "payload": {"title": "x"}},
                {"name": "self", "action": "SNOOZE", "task": "t", "parents": ["root"], "payload": {"todoTaskId": "t", "daysToExtend": 1}},
                {"name": "todo", "action": "SNOOZE", "task": "t", "parents": ["root"], "payload": {"todoTaskId": "both", "daysToExtend": 1}},
                {"name": "kept", "action": "SNOOZE", "task": "t", "parents": ["root"], "payload": {"todoTaskId": "other", "daysToExtend": 1}}
              ]
            }
            """
        let built = try ScenarioBuilder().build(
            try ScenarioJSONReader.scenario(Array(text.utf8), file: "s.json", name: "s"))
        func todoTaskId(_ index: Int) throws -> JSONValue? {
            try JSONReader.parse(built.records[index].bytes)["data"]?["payload"]?["todoTaskId"]
        }
        let taskId = try #require(built.taskIds.first { $0.name == "t" }?.taskId)
        let todoId = try #require(built.todoIds.first { $0.name == "both" }?.todoTaskId)
        #expect(try todoTaskId(1) == .string(taskId))
        #expect(try todoTaskId(2) == .string(todoId))
        #expect(try todoTaskId(3) == .string("other"))
    }
}
