import RedoFixtures
import RedoScenarios

/// The catalog's scenario files that are the source of one vector suite's vectors
/// (`vector: reconstruction`, `vector: log`), and what every suite reads from them alike:
/// the flags, and the rule that two vectors of a suite never share a name.
enum VectorCatalogFiles {
    /// The scenarios in `folder` marked `vector: suite`, in file-name order.
    static func scenarios(suite: String, in folder: String) throws(ScenarioError) -> [Scenario] {
        let files = ScenarioFile.expand([folder])
        guard !files.isEmpty else {
            throw ScenarioError(
                SourceLocation(file: folder, line: 1, column: 1), "no scenario files",
                fix: "name the catalog's folder (Vectors/scenarios)")
        }
        var scenarios: [Scenario] = []
        for file in files {
            let scenario = try ScenarioFile.read(file)
            if scenario.vector == suite { scenarios.append(scenario) }
        }
        return scenarios
    }

    /// The scenario's flags as bug classes; an unknown one is thrown, located.
    static func flags(of scenario: Scenario) throws(ScenarioError) -> [BugClass] {
        var flags: [BugClass] = []
        for flag in scenario.flags {
            guard let known = BugClass(rawValue: flag) else {
                throw ScenarioError(
                    scenario.location, "unknown flag \(flag)",
                    fix: "name a bug class: \(BugClass.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            flags.append(known)
        }
        return flags
    }

    /// Refuses two vectors of one suite with the same name (one from Swift, one from a file).
    static func requireUnique(_ ids: [String], suite: String, in folder: String) throws(ScenarioError) {
        var seen = Set<String>()
        if let twice = ids.first(where: { !seen.insert($0).inserted }) {
            throw ScenarioError(
                SourceLocation(file: folder, line: 1, column: 1), "two \(suite) vectors named \(twice)",
                fix: "rename the scenario, or leave vector: \(suite) out of one")
        }
    }
}
