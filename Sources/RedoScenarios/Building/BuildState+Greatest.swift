import RedoCrypto

/// The state assertions whose expected value the run seed's ids or keys decide: each names
/// the candidates with the value each would give, and the one with the greatest id (or
/// userId) is expected, so the scenario holds for every run seed.
extension BuildState {
    /// The value given for the candidate whose rank (an id or a userId, compared as
    /// lowercase hex) is the greatest.
    func greatest(_ values: [ScenarioMember], by ranks: [String], _ assertion: StateAssertion) throws(ScenarioError)
        -> ScenarioValue
    {
        guard let top = zip(values, ranks).max(by: { $0.1 < $1.1 }) else {
            throw ScenarioError(assertion.location, "no candidates", fix: "name at least one with its value")
        }
        return top.0.value
    }

    /// The userIds of the named authors, in the order named.
    func userIds(_ values: [ScenarioMember], _ assertion: StateAssertion) throws(ScenarioError) -> [String] {
        var out: [String] = []
        for value in values {
            guard let index = scenario.authors.firstIndex(where: { $0.name == value.key }) else {
                throw ScenarioError(
                    assertion.location, "unknown author \(value.key)", fix: "name an author of the scenario")
            }
            out.append(keys[index].publicKey.redoUserId)
        }
        return out
    }
}
