import RedoScenarios
import RedoText
import RedoValidation

/// `redo-conform scenario build FILE --out DIR` and `scenario check FILE|DIR…`.
package enum ScenarioCommand {
    /// Builds one scenario into `directory`, whole or not at all. Expectations are not
    /// checked (that is `check`'s job): 0 when written, 2 on bad input or an unwritable folder.
    package static func build(
        _ path: String, into directory: String, force: Bool, shapes: [ScenarioBuildOutput.Shape],
        runSeed: String = ScenarioKeys.defaultRunSeed, console: Console
    ) -> ExitStatus {
        do {
            let built = try ScenarioBuilder(runSeed: runSeed).build(try ScenarioFile.read(path))
            let files = try ScenarioBuildOutput.files(built, shapes: shapes)
            try ScenarioOutputFolder.write(files, to: directory, replace: force)
            console.line(
                "wrote \(counted(files.count, "file")) for scenario \(built.name) (\(counted(built.records.count, "record"))) under \(directory)"
            )
            return .ok
        } catch let error as ScenarioError {
            console.error("error: \(error)")
        } catch {
            console.error("error: \(error)")
        }
        return .usageOrIO
    }

    /// Builds and checks every scenario under `paths`: 0 all held, 1 an expectation failed,
    /// 2 a scenario could not be read or built (reported with its place).
    package static func check(
        _ paths: [String], format: ScenarioCheckReport.Format, output: String?, console: Console
    ) -> ExitStatus {
        let files = ScenarioFile.expand(paths)
        guard !files.isEmpty else {
            console.error("error: no scenario files under \(paths.joined(separator: ", "))")
            return .usageOrIO
        }
        var results: [ScenarioCheckReport.Entry] = []
        for file in files {
            do throws(ScenarioError) {
                let evaluation = ScenarioEvaluation(try ScenarioBuilder().build(try ScenarioFile.read(file)))
                results.append(
                    .init(file: file, checked: evaluation.checked, failures: evaluation.failures, error: nil))
            } catch {
                results.append(.init(file: file, checked: 0, failures: [], error: error.description))
            }
        }
        let written = ReportOutput.write(to: output, console: console) { sink in
            ScenarioCheckReport.write(results, format: format, to: &sink)
        }
        guard written else { return .usageOrIO }
        if results.contains(where: { $0.error != nil }) { return .usageOrIO }
        return results.contains(where: { !$0.failures.isEmpty }) ? .findings : .ok
    }
}
