import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// `exports/`: each file, validated alone through the same reader `validate` uses, must
/// yield exactly the listed records (by source) with the listed verdicts.
package struct ExportVectorSuite: VectorSuite {
    package let folder = "exports"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        [
            SuiteResult.collecting("exports/manifest.json") { result in
                let manifest = try root.json("exports/manifest.json")
                let files = manifest.objectValue?["files"]?.arrayValue ?? []
                if files.isEmpty { result.abort("no files") }
                for entry in files {
                    let name = entry.objectValue?["file"]?.stringValue ?? "?"
                    let expected = entry.objectValue?["expected"]?.arrayValue ?? []
                    let run = ValidationRun(options: ValidationOptions()).run([root.url("exports/\(name)")])
                    guard run.problems.isEmpty, run.verdict.records.count == expected.count else {
                        result.check(
                            false,
                            "\(name): \(run.verdict.records.count) records (expected \(expected.count)) \(run.problems.map(\.description).joined(separator: "; "))"
                        )
                        continue
                    }
                    for (k, record) in run.verdict.records.enumerated() {
                        let want = expected[k].objectValue?["source"]?.stringValue ?? ""
                        let source = run.source(k)
                        result.check(
                            source.hasSuffix("/" + want),
                            "\(name) record \(k + 1): source \(source), expected …/\(want)")
                        let problem = VerdictComparison.mismatch(
                            expected: expected[k], status: record.status, code: record.code, findings: record.findings)
                        result.check(problem == nil, "\(name) record \(k + 1): \(problem ?? "")")
                    }
                }
            }
        ]
    }
}
