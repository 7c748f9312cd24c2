import RedoText
import RedoValidation

/// `redo-conform check [DIR] [--external DIR]`: runs every vector suite found under DIR,
/// and the suites over published third-party data (`ExternalVectorFolder`) when that
/// folder is there. The external suites are reported and counted apart: a release archive
/// has no such folder, and `check` still decides on what it holds.
package enum CheckCommand {
    /// Every suite over the project's own vectors, in report order.
    package static let suites: [any VectorSuite] = [
        NumberFormattingSuite(),
        RFC8032Suite(),
        NodeVectorSuite(),
        LogVectorSuite(),
        ReconstructionVectorSuite(),
        ExportVectorSuite(),
        PlatformVectorSuite(),
        DiffVectorSuite(),
        ScenarioCatalogSuite(),
    ]

    /// The suites over `ExternalVectorFolder`: RFC 8785 canonicalization, Wycheproof Ed25519,
    /// speccheck portability classes.
    package static let externalSuites: [any VectorSuite] = [
        CanonicalizationSuite(),
        WycheproofSuite(),
        SpeccheckSuite(),
    ]

    /// `external`: the folder `--external` named (it must exist: a usage error, 2, if not),
    /// or nil for the default beside the vectors' parent, run when present.
    package static func run(root: VectorRoot, external: String? = nil, console: Console) -> ExitStatus {
        if let external, !ExternalVectorFolder.isDirectory(external) {
            console.error("error: --external \(external): no such directory")
            return .usageOrIO
        }
        var results: [SuiteResult] = []
        for suite in suites where root.exists(suite.folder) {
            results += suite.run(root: root)
        }
        guard !results.isEmpty else {
            console.error("error: no vector suites under \(root.path)")
            return .usageOrIO
        }
        let externalPath = external ?? ExternalVectorFolder.defaultPath(beside: root)
        let externalResults: [SuiteResult]?
        if ExternalVectorFolder.isDirectory(externalPath) {
            externalResults = externalSuites.flatMap { $0.run(root: VectorRoot(path: externalPath)) }
        } else {
            externalResults = nil
        }
        let width = (results + (externalResults ?? [])).map(\.name.count).max() ?? 0
        rows(results, width: width, console: console)
        if let externalResults {
            console.line("external suites, from \(externalPath):")
            rows(externalResults, width: width, console: console)
            console.line("external: \(summary(externalResults))")
        } else {
            let names = externalSuites.map(\.folder).joined(separator: ", ")
            console.line("external suites not run (\(names)): \(externalPath) not found (use --external DIR)")
        }
        console.line(summary(results))
        return (results + (externalResults ?? [])).allSatisfy(\.ok) ? .ok : .findings
    }

    /// Checks a stream of number lines (e.g. the 100-million-number file from a pipe).
    /// An input that cannot be read is one line on stderr and 2, as `check --help` says.
    package static func runNumbers(_ input: InputPath, console: Console) -> ExitStatus {
        var result = SuiteResult(name: "numbers \(input)")
        do { try NumberFormattingSuite.checkLines(input, into: &result) } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        report([result], console: console)
        return result.ok ? .ok : .findings
    }

    static func report(_ results: [SuiteResult], console: Console) {
        rows(results, width: results.map(\.name.count).max() ?? 0, console: console)
        console.line(summary(results))
    }

    static func rows(_ results: [SuiteResult], width: Int, console: Console) {
        for result in results {
            let padded = result.name + String(repeating: " ", count: max(0, width - result.name.count))
            let counts =
                result.failed == 0
                ? counted(result.passed, "check")
                : "\(result.failed) of \(counted(result.passed + result.failed, "check")) failed"
            console.line("\(result.ok ? "PASS" : "FAIL")  \(padded)  \(counts)")
            for failure in result.failures { console.line("      - \(failure)") }
            if result.failed > result.failures.count {
                console.line("      … and \(result.failed - result.failures.count) more")
            }
        }
    }

    static func summary(_ results: [SuiteResult]) -> String {
        let failedSuites = results.filter { !$0.ok }.count
        return "\(results.count - failedSuites) passed, \(failedSuites) failed"
    }
}
