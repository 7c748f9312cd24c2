import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoText
import RedoValidation

/// `redo-conform compare OUTPUT...`: each platform's outputs against redo-conform's own
/// results (and so against each other), vector by vector.
package enum CompareCommand {
    package struct Options: Sendable {
        package var inputs: String?
        package var format: ReportFormat = .text
        package var output: String?
        /// Platform-dependent signature verdicts count as drift.
        package var strict = false
        /// Vectors a platform has no result for are not failures (partial platforms).
        package var allowMissing = false
        /// Where the html report's links to the protocol point.
        package var protocolURL = "PROTOCOL.md"
        package init() {}

        /// Which results fail the run, from --strict and --allow-missing.
        package var policy: GatePolicy { GatePolicy(strict: strict, allowMissing: allowMissing) }
    }

    package static func run(_ paths: [String], options: Options, console: Console) -> ExitStatus {
        let inputsPath = options.inputs ?? VectorRoot.shipped.url("platform/inputs.json")
        let inputs: JSONValue
        var platforms: [PlatformOutputs] = []
        do {
            inputs = try JSONReader.parse(try InputFile.readAll(InputPath(inputsPath)))
            guard inputs.objectValue?["format"]?.stringValue == "redo-conform/platform-inputs" else {
                console.error("error: \(inputsPath): not a platform inputs file")
                return .usageOrIO
            }
            for path in paths { platforms.append(try PlatformOutputs.load(path)) }
        } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        let rows = PlatformComparison(inputs: inputs).rows(platforms)
        let written = ReportOutput.write(to: options.output, console: console) { sink in
            switch options.format {
            case .text: CompareReport.text(rows, platforms: platforms, hideMissing: options.allowMissing, to: &sink)
            case .json: CompareReport.json(rows, platforms: platforms, to: &sink)
            case .junit: CompareReport.junit(rows, platforms: platforms, policy: options.policy, to: &sink)
            case .html:
                CompareHtmlReport.write(rows, platforms: platforms, protocolURL: options.protocolURL, to: &sink)
            }
        }
        guard written else { return .usageOrIO }
        return failed(rows, options: options) ? .findings : .ok
    }

    static func failed(_ rows: [VectorRow], options: Options) -> Bool {
        rows.contains { row in row.cells.contains { options.policy.fails($0) } }
    }
}
