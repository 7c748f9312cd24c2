/// `redo-conform check [DIR]`: runs every vector suite found under DIR.
package enum CheckCommand {
    /// Every suite redo-conform knows, in report order.
    package static let suites: [any VectorSuite] = [
        CanonicalizationSuite(),
        NumberFormattingSuite(),
        RFC8032Suite(),
        WycheproofSuite(),
        NodeVectorSuite(),
        LogVectorSuite(),
        ReconstructionVectorSuite(),
        ExportVectorSuite(),
        PlatformVectorSuite(),
    ]

    package static func run(root: VectorRoot, console: Console) -> ExitStatus {
        var results: [SuiteResult] = []
        for suite in suites where root.exists(suite.folder) {
            results += suite.run(root: root)
        }
        guard !results.isEmpty else {
            console.error("error: no vector suites under \(root.path)")
            return .usageOrIO
        }
        report(results, console: console)
        return results.allSatisfy(\.ok) ? .ok : .findings
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
        let width = results.map(\.name.count).max() ?? 0
        for result in results {
            let padded = result.name + String(repeating: " ", count: width - result.name.count)
            let counts = result.failed == 0 ? counted(result.passed, "check") : "\(result.failed) of \(counted(result.passed + result.failed, "check")) failed"
            console.line("\(result.ok ? "PASS" : "FAIL")  \(padded)  \(counts)")
            for failure in result.failures { console.line("      - \(failure)") }
            if result.failed > result.failures.count { console.line("      … and \(result.failed - result.failures.count) more") }
        }
        let failedSuites = results.filter { !$0.ok }.count
        console.line("\(results.count - failedSuites) passed, \(failedSuites) failed")
    }
}
