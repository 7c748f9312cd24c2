import RedoScenarios

/// `scenarios/`: every scenario file of the catalog builds (for the vector set's seed)
/// and meets its own expectations. `check` runs it with the other suites.
package struct ScenarioCatalogSuite: VectorSuite {
    package let folder = "scenarios"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        [
            SuiteResult.collecting("scenarios/") { result in
                let files = ScenarioFile.expand([root.url(folder)])
                if files.isEmpty { result.abort("no scenario files") }
                for file in files {
                    do throws(ScenarioError) {
                        let evaluation = ScenarioEvaluation(try ScenarioBuilder().build(try ScenarioFile.read(file)))
                        result.check(evaluation.ok, evaluation.failures.joined(separator: "; "))
                    } catch {
                        result.check(false, error.description)
                    }
                }
            }
        ]
    }
}
