import RedoCore
import RedoJSON
import RedoScenarios
import Testing

@Suite struct ScenarioBuilderTests {
    @Test func placeholder() {}
}
