import RedoJSON

/// `diff/`: each pair, compared by `diff`, must give exactly the report file, the exit
/// status and the counts of differences the manifest lists.
package struct DiffVectorSuite: VectorSuite {
    package let folder = "diff"
    package init() {}

    package func run(root: VectorRoot) -> [SuiteResult] {
        [
            SuiteResult.collecting("diff/manifest.json") { result in
                let manifest = try root.json("diff/manifest.json")
                let cases = manifest.objectValue?["cases"]?.arrayValue ?? []
                if cases.isEmpty { result.abort("no cases") }
                for entry in cases {
                    let fields = entry.objectValue
                    let id = fields?["id"]?.stringValue ?? "?"
                    let (a, b) = (fields?["a"]?.stringValue ?? "", fields?["b"]?.stringValue ?? "")
                    let report = DiffVectorFiles.run(
                        a: root.url("diff/" + a), b: root.url("diff/" + b), names: (a, b),
                        at: fields?["at"]?.stringValue)
                    let expected = try root.bytes("diff/" + (fields?["report"]?.stringValue ?? ""))
                    result.check(
                        DiffVectorFiles.reportBytes(report) == expected,
                        "\(id): the report differs from \(id).report.json")
                    let status = Int(fields?["exitStatus"]?.numberValue ?? -1)
                    result.check(
                        Int(report.exitStatus.rawValue) == status,
                        "\(id): exit status \(report.exitStatus.rawValue), expected \(status)")
                    var counts: [String: Int] = [:]
                    for (kind, count) in report.nodeCounts { counts[kind.rawValue] = count }
                    for (kind, count) in report.stateCounts { counts[kind.rawValue] = count }
                    counts["rejected"] = report.rejected.count
                    let listed = fields?["differences"]?.objectValue
                    for (kind, count) in counts.sorted(by: { $0.key < $1.key }) {
                        let want = Int(listed?[kind]?.numberValue ?? 0)
                        result.check(count == want, "\(id): \(count) \(kind), expected \(want)")
                    }
                }
            }
        ]
    }
}
