import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// `reconstruction/`: each scenario's log, validated and reconstructed, must give exactly
/// the bytes of its `.state.json`, and satisfy the scenario's assertions.
package struct ReconstructionVectorSuite: VectorSuite {
    package let folder = "reconstruction"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        [
            SuiteResult.collecting("reconstruction/manifest.json") { result in
                let manifest = try root.json("reconstruction/manifest.json")
                let scenarios = manifest.objectValue?["scenarios"]?.arrayValue ?? []
                if scenarios.isEmpty { result.abort("no scenarios") }
                for entry in scenarios {
                    let s = entry.objectValue ?? JSONObject()
                    let id = s["id"]?.stringValue ?? "?"
                    do {
                        let expected = try root.bytes(
                            "reconstruction/" + (s["state"]?.stringValue ?? "\(id).state.json"))
                        // Through the validation run `validate` and `reconstruct` use, from the file itself.
                        let actual = try LogPipeline.stateBytes(
                            file: root.url("reconstruction/" + (s["file"]?.stringValue ?? "\(id).jsonl")))
                        result.check(
                            actual == expected,
                            "\(id): state differs from \(id).state.json at byte \(firstDifference(actual, expected)): \(String(decoding: actual, as: UTF8.self).prefix(300))"
                        )
                        let state = try JSONReader.parse(actual)
                        for assertion in s["assertions"]?.arrayValue ?? [] {
                            let path = assertion.objectValue?["path"]?.stringValue ?? ""
                            let want = assertion.objectValue?["equals"]
                            let got = JSONPathLookup.value(at: path, in: state)
                            result.check(
                                got != nil && got == want,
                                "\(id): \(path) is \(got.map { String(decoding: CanonicalJSON.bytes(of: $0), as: UTF8.self) } ?? "absent"), expected \(want.map { String(decoding: CanonicalJSON.bytes(of: $0), as: UTF8.self) } ?? "?")"
                            )
                        }
                    } catch {
                        result.check(false, "\(id): \(error)")
                    }
                }
            }
        ]
    }
}
