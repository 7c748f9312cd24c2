import RedoCrypto
import RedoJSON

/// `platform/`: the shipped reference outputs (`expected.json`) still agree with what
/// redo-conform computes for `inputs.json`, vector by vector, and every verdict vector's
/// expected status is redo-conform's own acceptance; and each recorded outputs file
/// (models of published clients' code paths) drifts on exactly the vectors, with exactly
/// the tags and diagnosed classes, that the baseline `recorded/expected-drift.json` lists
/// for its platform: a recording that starts to pass a vector, or drifts on one it should
/// not, fails the suite.
package struct PlatformVectorSuite: VectorSuite {
    package let folder = "platform"
    package static let expectedDriftFile = "expected-drift.json"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        [
            SuiteResult.collecting("platform/expected.json") { result in
                let inputs = try root.json("platform/inputs.json")
                let comparison = PlatformComparison(inputs: inputs)
                let expected = try PlatformOutputs.load(root.url("platform/expected.json"))
                for row in comparison.rows([expected]) {
                    result.check(
                        row.cells[0].status == .agree, "\(row.id): \(row.cells[0].details.joined(separator: "; "))")
                }
                for entry in inputs.objectValue?["verdicts"]?.arrayValue ?? [] {
                    let id = entry.objectValue?["id"]?.stringValue ?? "?"
                    let expected = entry.objectValue?["expected"]?.objectValue?["status"]?.stringValue == "valid"
                    result.check(
                        comparison.reference[id]?["accepts"]?.boolValue == expected,
                        "\(id): redo-conform's acceptance differs from the expected status")
                }
                try checkRecordings(root, comparison, into: &result)
            }
        ]
    }

    /// Each recording is compared as `compare --allow-missing --expected-drift` would (the
    /// recordings carry no signatures): anything that fails that run fails the suite.
    private func checkRecordings(_ root: VectorRoot, _ comparison: PlatformComparison, into result: inout SuiteResult)
        throws
    {
        let names = root.files(in: "platform/recorded", suffix: ".json").filter { $0 != Self.expectedDriftFile }
        guard !names.isEmpty else { return }
        let baseline = try ExpectedDrift.load(root.url("platform/recorded/\(Self.expectedDriftFile)"))
        let policy = GatePolicy(strict: false, allowMissing: true)
        let allIds = Set(comparison.rows([]).map(\.id))
        for name in names {
            let recorded = try PlatformOutputs.load(root.url("platform/recorded/\(name)"))
            guard baseline.platforms[recorded.name] != nil else {
                result.check(
                    false, "recorded/\(name): no entry for platform \(recorded.name) in \(Self.expectedDriftFile)")
                continue
            }
            var rows = comparison.rows([recorded])
            let outcome = BaselineOutcome.apply(
                baseline, file: Self.expectedDriftFile, vectorSet: "", to: &rows, platforms: [recorded], allIds: allIds)
            for entry in outcome.vanished {
                result.check(false, "recorded/\(name): the baseline lists \(entry.id), which the inputs do not hold")
            }
            for row in rows where policy.fails(row.cells[0]) {
                let cell = row.cells[0]
                let diagnosed = cell.diagnosis?.diagnosed.joined(separator: ", ") ?? ""
                result.check(
                    false,
                    "recorded/\(name): \(row.id) \(cell.status.rawValue) \(cell.tag) [\(diagnosed)]: \(cell.details.first ?? "")"
                )
            }
        }
    }
}
