import RedoCrypto
import RedoJSON

/// `platform/`: the shipped reference outputs (`expected.json`) still agree with what
/// redo-conform computes for `inputs.json`, vector by vector, and the recorded outputs of
/// the iOS client's canonicalization are flagged as drift (they must never pass).
package struct PlatformVectorSuite: VectorSuite {
    package let folder = "platform"
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
                for name in root.files(in: "platform/recorded", suffix: ".json") {
                    let recorded = try PlatformOutputs.load(root.url("platform/recorded/\(name)"))
                    let drift = comparison.rows([recorded]).filter { $0.cells[0].status == .drift }
                    result.check(!drift.isEmpty, "recorded/\(name): known drift was not flagged")
                }
            }
        ]
    }
}
