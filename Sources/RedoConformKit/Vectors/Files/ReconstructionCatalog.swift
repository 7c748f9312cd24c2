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
        for scenario in try VectorCatalogFiles.scenarios(suite: "reconstruction", in: folder) {
            scenarios.append(try vector(scenario, seed: seed))
        }
        try VectorCatalogFiles.requireUnique(scenarios.map(\.id), suite: "reconstruction", in: folder)
        return scenarios.sorted { $0.id < $1.id }
    }

    static func vector(_ scenario: Scenario, seed: String) throws(ScenarioError) -> ReconstructionScenario {
        let flags = try VectorCatalogFiles.flags(of: scenario)
        let built = try ScenarioBuilder(runSeed: seed).build(scenario)
        return ReconstructionScenario(
            id: scenario.name, comment: scenario.comment, flags: flags, records: built.records.map(\.bytes),
            assertions: built.state.map { ($0.path, $0.equals.jsonValue) })
    }
}
