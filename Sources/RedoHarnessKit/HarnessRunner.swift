import Foundation

/// Runs a ``PlatformHarness`` over a redo-conform/platform-inputs file and writes its
/// redo-conform/platform-outputs file.
///
/// It reads and checks the inputs (refusing a malformed file with a ``HarnessInputError``
/// before anything is written), answers every vector of every section the harness answers,
/// in the inputs' order, turns each vector's thrown error into `{"error": …}`, echoes the
/// inputs' `vectorSet`, and writes the outputs whole, atomically.
public struct HarnessRunner<Harness: PlatformHarness> {
    /// The platform's code.
    public let harness: Harness

    /// A runner for `harness`.
    public init(_ harness: Harness) {
        self.harness = harness
    }

    /// The outputs for the inputs file's bytes `data`.
    ///
    /// - Throws: ``HarnessInputError`` when `data` is not a version 1
    ///   redo-conform/platform-inputs file the kit can answer. Errors of the harness are
    ///   never thrown: each is its vector's result.
    public func outputs(forInputs data: Data) throws -> PlatformOutputs {
        let inputs = try PlatformInputs(data: data)
        let answered = harness.sections
        var results: [(id: String, result: VectorResult)] = []
        for (section, vectors) in inputs.sections where answered.contains(section) {
            for vector in vectors {
                do {
                    if let result = try answer(vector, of: section) { results.append((vector.id, result)) }
                } catch {
                    results.append((vector.id, VectorResult(error: String(describing: error))))
                }
            }
        }
        return PlatformOutputs(
            platform: harness.platform, implementation: harness.implementation, vectorSet: inputs.vectorSet,
            results: results)
    }

    /// Reads the inputs file at `inputs` and writes the outputs file at `output`, whole or
    /// not at all.
    ///
    /// - Returns: the outputs written.
    /// - Throws: ``HarnessInputError`` for inputs that cannot be read or are malformed (the
    ///   output file is then left as it was), ``HarnessOutputError`` when the outputs cannot
    ///   be written.
    @discardableResult
    public func run(inputs: URL, output: URL) throws -> PlatformOutputs {
        let data: Data
        do {
            data = try Data(contentsOf: inputs)
        } catch {
            throw HarnessInputError.unreadable(path: inputs.path, reason: error.localizedDescription)
        }
        let outputs = try outputs(forInputs: data)
        try outputs.write(to: output)
        return outputs
    }

    /// The command line of a harness executable: `NAME INPUTS.json OUTPUT.json`.
    ///
    /// Prints what it wrote, or the problem on standard error.
    ///
    /// - Parameter arguments: the program's name and its two arguments.
    /// - Returns: the exit status: 0 when the outputs are written, 2 for a wrong command
    ///   line, inputs refused, or outputs not written.
    public func runCommandLine(_ arguments: [String] = CommandLine.arguments) -> Int32 {
        let name = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "harness"
        guard arguments.count == 3 else {
            Self.printError("usage: \(name) INPUTS.json OUTPUT.json")
            return 2
        }
        do {
            let outputs = try run(
                inputs: URL(fileURLWithPath: arguments[1]), output: URL(fileURLWithPath: arguments[2]))
            let errors = outputs.results.filter { $0.result.error != nil }.count
            print("\(name): wrote \(outputs.results.count) results (\(errors) errors) to \(arguments[2])")
            return 0
        } catch {
            Self.printError("\(name): \(error)")
            return 2
        }
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
