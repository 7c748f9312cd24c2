import RedoCrypto
import RedoJSON

/// `platform/`: the shipped reference outputs (`expected.json`) still agree with what
/// redo-conform computes for `inputs.json`, vector by vector; and each recorded outputs
/// file (models of published clients' code paths) drifts on exactly the vectors, with
/// exactly the tags, that `recorded/expected-drift.json` lists for it: a recording that
/// starts to pass a vector, or drifts on one it should not, fails the suite.
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
                try checkRecordings(root, comparison, into: &result)
            }
        ]
    }

    private func checkRecordings(_ root: VectorRoot, _ comparison: PlatformComparison, into result: inout SuiteResult)
        throws
    {
        let names = root.files(in: "platform/recorded", suffix: ".json").filter { $0 != Self.expectedDriftFile }
        guard !names.isEmpty else { return }
        let expectations = try root.json("platform/recorded/\(Self.expectedDriftFile)").objectValue?["recordings"]?
            .objectValue
        for name in names {
            guard let expected = expectations?[name]?.objectValue else {
                result.check(false, "recorded/\(name): no entry in \(Self.expectedDriftFile)")
                continue
            }
            let recorded = try PlatformOutputs.load(root.url("platform/recorded/\(name)"))
            let drift = comparison.rows([recorded]).filter { $0.cells[0].status == .drift }
            let found = Dictionary(uniqueKeysWithValues: drift.map { ($0.id, $0.cells[0].tag) })
            for member in expected.members {
                let tag = member.value.stringValue ?? ""
                result.check(
                    found[member.key] == tag,
                    "recorded/\(name): \(member.key) must drift with tag \(tag), found \(found[member.key] ?? "no drift")"
                )
            }
            for (id, tag) in found where expected[id] == nil {
                result.check(false, "recorded/\(name): unexpected drift \(tag) at \(id)")
            }
        }
    }
}
