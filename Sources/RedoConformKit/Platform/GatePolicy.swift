/// Which results fail a comparison: the exit status of `compare`, and a `<failure>` in its
/// junit report (the two always agree). Drift always fails; a missing result fails unless
/// missing results are allowed (a partial platform); a platform-dependent signature verdict
/// fails only when strict. Drift a baseline lists is known and passes; a baseline entry the
/// platform no longer drifts on is stale and fails.
package struct GatePolicy: Sendable {
    /// Platform-dependent signature verdicts count as drift.
    package var strict: Bool
    /// Vectors a platform has no result for are not failures.
    package var allowMissing: Bool

    package init(strict: Bool, allowMissing: Bool) {
        self.strict = strict
        self.allowMissing = allowMissing
    }

    /// Whether one platform's result on one vector fails the run.
    package func fails(_ cell: Cell) -> Bool {
        switch cell.status {
        case .agree, .notProduced, .known: return false
        case .platformDependent: return strict
        case .missing: return !allowMissing
        case .drift, .stale: return true
        }
    }
}
