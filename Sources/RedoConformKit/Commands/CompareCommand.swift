import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoText
import RedoValidation

/// `redo-conform compare OUTPUT...`: each platform's outputs against redo-conform's own
/// results (and so against each other), vector by vector.
package enum CompareCommand {
    /// compare's report formats: the common four, and markdown for a CI step summary.
    package enum Format: String, CaseIterable, Sendable {
        case text, json, junit, html, markdown
    }

    package struct Options: Sendable {
        package var inputs: String?
        package var format: Format = .text
        package var output: String?
        /// Platform-dependent signature verdicts count as drift.
        package var strict = false
        /// Vectors a platform has no result for are not failures (partial platforms).
        package var allowMissing = false
        /// Where the html report's links to the protocol point.
        package var protocolURL = "PROTOCOL.md"
        /// Which vectors are judged.
        package var selection = VectorSelection()
        /// A baseline of known drift.
        package var expectedDrift: String?
        /// Where to write today's drift as a baseline.
        package var writeExpectedDrift: String?
        package init() {}

        /// Which results fail the run, from --strict and --allow-missing.
        package var policy: GatePolicy { GatePolicy(strict: strict, allowMissing: allowMissing) }
    }

    package static func run(_ paths: [String], options: Options, console: Console) -> ExitStatus {
        let inputsPath = options.inputs ?? VectorRoot.shipped.url("platform/inputs.json")
        let inputs: JSONValue
        var platforms: [PlatformOutputs] = []
        var baseline: ExpectedDrift?
        do {
            inputs = try JSONReader.parse(try InputFile.readAll(InputPath(inputsPath)))
            guard inputs.objectValue?["format"]?.stringValue == "redo-conform/platform-inputs" else {
                console.error("error: \(inputsPath): not a platform inputs file")
                return .usageOrIO
            }
            for path in paths { platforms.append(try PlatformOutputs.load(path)) }
            baseline = try options.expectedDrift.map { path throws(InputError) in try ExpectedDrift.load(path) }
        } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        // Outputs of another vector set cannot be judged against these inputs.
        let inputsSet = VectorSetStamp(in: inputs)
        for platform in platforms {
            guard let theirs = platform.vectorSet, theirs != inputsSet else { continue }
            console.error(
                "error: \(platform.file): the outputs are of vector set \(theirs.version) (sha256 \(theirs.digest)), the inputs \(inputsPath) of \(inputsSet.map { "\($0.version) (sha256 \($0.digest))" } ?? "an unstamped set"); run the harness on these inputs"
            )
            return .usageOrIO
        }
        let all = PlatformComparison(inputs: inputs).rows(platforms)
        var rows = all.filter { options.selection.selects(id: $0.id, flags: $0.flags) }
        if rows.isEmpty && !options.selection.selectsEverything {
            console.error("error: \(options.selection.description) selects no vector of \(inputsPath)")
            return .usageOrIO
        }
        var context = CompareContext(
            selection: options.selection, selectedOutOf: all.count, inputsFile: inputsPath,
            vectorSet: inputsSet.map { "\($0.version) (sha256 \($0.digest))" }
                ?? "unstamped (seed \(inputs.objectValue?["seed"]?.stringValue ?? "unknown"))", stamp: inputsSet)
        if let baseline, let file = options.expectedDrift {
            context.baseline = BaselineOutcome.apply(
                baseline, file: file, vectorSet: context.vectorSet, to: &rows, platforms: platforms,
                allIds: Set(all.map(\.id)))
        }
        if let target = options.writeExpectedDrift {
            let bytes = ExpectedDrift(rows: rows, platforms: platforms).bytes
            guard ReportOutput.write(to: target, console: console, { $0.write(bytes: bytes) }) else {
                return .usageOrIO
            }
        }
        let written = ReportOutput.write(to: options.output, console: console) { sink in
            switch options.format {
            case .text:
                CompareReport.text(
                    rows, platforms: platforms, context: context, hideMissing: options.allowMissing, to: &sink)
            case .json: CompareReport.json(rows, platforms: platforms, context: context, to: &sink)
            case .junit:
                CompareReport.junit(rows, platforms: platforms, context: context, policy: options.policy, to: &sink)
            case .html:
                CompareHtmlReport.write(
                    rows, platforms: platforms, context: context, protocolURL: options.protocolURL, to: &sink)
            case .markdown:
                CompareMarkdownReport.write(
                    rows, platforms: platforms, context: context, policy: options.policy, to: &sink)
            }
        }
        guard written else { return .usageOrIO }
        return failed(rows, options: options) || context.baseline?.fails == true ? .findings : .ok
    }

    static func failed(_ rows: [VectorRow], options: Options) -> Bool {
        rows.contains { row in row.cells.contains { options.policy.fails($0) } }
    }
}
