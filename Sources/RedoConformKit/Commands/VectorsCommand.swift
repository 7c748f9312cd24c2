import Foundation

/// `redo-conform vectors generate --seed S --out DIR`: writes the deterministic vector
/// suites for a seed (same seed, same bytes).
public enum VectorsCommand {
    public static func generate(seed: String, into directory: String, console: Console) -> ExitStatus {
        let files = VectorGenerator.files(seed: seed)
        do {
            for file in files {
                let url = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            }
        } catch {
            console.error("error: \(error.localizedDescription)")
            return .usageOrIO
        }
        console.line("wrote \(files.count) files for seed \"\(seed)\" under \(directory)")
        return .ok
    }

    /// Streams a generated log to a file or stdout.
    public static func writeLog(_ generator: LogGenerator, to path: String?, console: Console) -> ExitStatus {
        let written = ReportOutput.write(to: path, console: console) { sink in
            generator.generate { sink.write(bytes: $0) }
        }
        return written ? .ok : .usageOrIO
    }
}
