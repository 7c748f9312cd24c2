import RedoFixtures
import RedoScenarios

/// The log vectors of a seed, from one source each: the catalog's scenario files marked
/// `vector: log`, built with the seed as their run seed, and those still written in Swift
/// (`LogScenarios`). A vector's expected verdicts are its records' expectations, with the
/// node names a finding relates resolved to the seed's ids.
package enum LogCatalog {
    package static func scenarios(seed: String, catalog folder: String = ReconstructionCatalog.shippedFolder)
        throws(ScenarioError) -> [LogScenario]
    {
        var scenarios = LogScenarios(seed: seed).all
        for scenario in try VectorCatalogFiles.scenarios(suite: "log", in: folder) {
            scenarios.append(try vector(scenario, seed: seed))
        }
        try VectorCatalogFiles.requireUnique(scenarios.map(\.id), suite: "log", in: folder)
        return ordered(scenarios)
    }

    /// The manifest lists the vectors in `LogScenarios.manifestOrder` (the order they were
    /// added in, which the shipped manifest keeps); a vector it does not name comes after
    /// them, by id.
    static func ordered(_ scenarios: [LogScenario]) -> [LogScenario] {
        let rank = Dictionary(uniqueKeysWithValues: LogScenarios.manifestOrder.enumerated().map { ($1, $0) })
        return scenarios.sorted { a, b in
            let (ra, rb) = (rank[a.id] ?? rank.count, rank[b.id] ?? rank.count)
            return ra != rb ? ra < rb : a.id < b.id
        }
    }

    static func vector(_ scenario: Scenario, seed: String) throws(ScenarioError) -> LogScenario {
        let flags = try VectorCatalogFiles.flags(of: scenario)
        let built = try ScenarioBuilder(runSeed: seed).build(scenario)
        return LogScenario(
            id: scenario.name, comment: scenario.comment, flags: flags, records: built.records.map(\.bytes),
            expected: built.records.map { record in
                var expected = verdict(record.expectation)
                expected.warnings = record.warnings.sorted()
                return expected
            })
    }

    /// The manifest's verdict for a built record's expectation (its related names already
    /// ids): rule and related only where the scenario states them.
    static func verdict(_ expectation: NodeExpectation) -> ExpectedVerdict {
        switch expectation {
        case .valid: return .valid
        case .duplicate: return .duplicate
        case let .rejected(code, rule, related):
            var verdict = ExpectedVerdict.rejected(code, rule: rule ?? "")
            verdict.rule = rule
            verdict.related = related?.sorted()
            return verdict
        }
    }
}
