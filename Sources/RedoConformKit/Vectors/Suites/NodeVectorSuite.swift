import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// `nodes/`: each case's file validated alone (node-level rules) must get the verdict
/// its manifest names: status, primary code, and a finding of the named rule.
package struct NodeVectorSuite: VectorSuite {
    package let folder = "nodes"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        [
            SuiteResult.collecting("nodes/manifest.json") { result in
                let manifest = try root.json("nodes/manifest.json")
                let cases = manifest.objectValue?["cases"]?.arrayValue ?? []
                if cases.isEmpty { result.abort("no cases") }
                for entry in cases {
                    let c = entry.objectValue ?? JSONObject()
                    let id = c["id"]?.stringValue ?? "?"
                    let profile = c["profile"]?.stringValue.flatMap(ValidationProfile.init(rawValue:)) ?? .synced
                    var limits = JSONLimits.default
                    if let limit = c["maxRecordBytes"]?.numberValue { limits.maxDocumentBytes = Int(limit) }
                    do {
                        let bytes = try root.bytes("nodes/" + (c["file"]?.stringValue ?? "\(id).json"))
                        let check = NodeValidator(profile: profile, limits: limits).check(bytes: bytes)
                        let problem = VerdictComparison.mismatch(
                            expected: c["expected"], status: check.passed ? .valid : .rejected,
                            code: check.primaryCode, findings: check.findings)
                        result.check(problem == nil, "\(id): \(problem ?? "")")
                    } catch {
                        result.check(false, "\(id): \(error)")
                    }
                }
            }
        ]
    }
}

/// `logs/`: each scenario's JSON Lines validated as one log; every record's verdict must
/// match the manifest.
package struct LogVectorSuite: VectorSuite {
    package let folder = "logs"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        [
            SuiteResult.collecting("logs/manifest.json") { result in
                let manifest = try root.json("logs/manifest.json")
                let scenarios = manifest.objectValue?["scenarios"]?.arrayValue ?? []
                if scenarios.isEmpty { result.abort("no scenarios") }
                for entry in scenarios {
                    let s = entry.objectValue ?? JSONObject()
                    let id = s["id"]?.stringValue ?? "?"
                    let expected = s["expected"]?.arrayValue ?? []
                    do {
                        // Through the validation run `validate` uses, from the file itself.
                        let verdict = try LogPipeline.validate(
                            file: root.url("logs/" + (s["file"]?.stringValue ?? "\(id).jsonl")))
                        guard verdict.records.count == expected.count else {
                            result.check(
                                false, "\(id): \(verdict.records.count) records but \(expected.count) expectations")
                            continue
                        }
                        for (k, record) in verdict.records.enumerated() {
                            let problem = VerdictComparison.mismatch(
                                expected: expected[k], status: record.status, code: record.code,
                                findings: record.findings)
                            result.check(problem == nil, "\(id) line \(k + 1): \(problem ?? "")")
                        }
                    } catch {
                        result.check(false, "\(id): \(error)")
                    }
                }
            }
        ]
    }
}
