import Foundation
import RedoFixtures
import RedoJSON
import RedoScenarios

/// The reconstruction vectors of a seed, from one source each: the catalog's scenario
/// files marked `vector: reconstruction`, built with the seed as their run seed, and the
/// few still written in Swift (`ReconstructionScenarios`), sorted by id. A vector's
/// assertions are its file's state assertions with names resolved to the seed's ids.
package enum ReconstructionCatalog {
    /// The shipped catalog's folder.
    package static var shippedFolder: String { VectorRoot.shipped.path + "/scenarios" }

    package static func scenarios(seed: String, catalog folder: String = shippedFolder) throws(ScenarioError)
        -> [ReconstructionScenario]
    {
        var scenarios = ReconstructionScenarios(seed: seed).all
        let files = ScenarioFile.expand([folder])
        guard !files.isEmpty else {
            throw ScenarioError(
                SourceLocation(file: folder, line: 1, column: 1), "no scenario files",
                fix: "name the catalog's folder (Vectors/scenarios)")
        }
        for file in files {
            let scenario = try ScenarioFile.read(file)
            guard scenario.vector == "reconstruction" else { continue }
            scenarios.append(try vector(scenario, seed: seed))
        }
        var seen = Set<String>()
        if let twice = scenarios.map(\.id).first(where: { !seen.insert($0).inserted }) {
            throw ScenarioError(
                SourceLocation(file: folder, line: 1, column: 1), "two reconstruction vectors named \(twice)",
                fix: "rename the scenario, or leave vector: reconstruction out of one")
        }
        return scenarios.sorted { $0.id < $1.id }
    }

    static func vector(_ scenario: Scenario, seed: String) throws(ScenarioError) -> ReconstructionScenario {
        var flags: [BugClass] = []
        for flag in scenario.flags {
            guard let known = BugClass(rawValue: flag) else {
                throw ScenarioError(
                    scenario.location, "unknown flag \(flag)",
                    fix: "name a bug class: \(BugClass.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            flags.append(known)
        }
        let built = try ScenarioBuilder(runSeed: seed).build(scenario)
        return ReconstructionScenario(
            id: scenario.name, comment: scenario.comment, flags: flags, records: built.records.map(\.bytes),
            assertions: built.state.map { ($0.path, $0.equals.jsonValue) })
    }
}
