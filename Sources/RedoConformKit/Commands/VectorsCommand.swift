import Foundation
import RedoFixtures
import RedoText
import RedoValidation

/// `redo-conform vectors generate --seed S --out DIR [--external DIR]`: writes the
/// deterministic vector suites for a seed (same seed, same bytes); with `--external`, the
/// platform exchange also holds the published speccheck and Wycheproof cases.
package enum VectorsCommand {
    package static func generate(
        seed: String, into directory: String, external: String? = nil,
        scenarios catalog: String = ReconstructionCatalog.shippedFolder, console: Console
    ) -> ExitStatus {
        if let problem = OutputFolder.problem(directory) {
            console.error("error: \(problem)")
            return .usageOrIO
        }
        var extra: [SignatureCase] = []
        if let external {
            // Every file named must be there: a set generated without some of them would
            // look complete and test less.
            guard ExternalVectorFolder.isDirectory(external) else {
                console.error("error: --external \(external): no such directory")
                return .usageOrIO
            }
            do {
                let data = ExternalVectorFolder(path: external)
                extra = try data.speccheckCases() + data.wycheproofCases()
            } catch {
                console.error("error: --external: \(error)")
                return .usageOrIO
            }
        }
        let files: [GeneratedFile]
        do {
            files = try VectorGenerator.files(seed: seed, extraSignatures: extra, catalog: catalog)
        } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        for file in files {
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + file.path
            let folder = String(path[..<path.lastIndex(of: "/")!])
            // Foundation's messages name no path ("NSCocoaErrorDomain error 512"): say which
            // folder or file failed, and the first path component in the way.
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                console.error(
                    "error: \(OutputFolder.problem(folder) ?? "\(folder): cannot create: \(OutputFolder.reason(error))")"
                )
                return .usageOrIO
            }
            guard ReportOutput.write(to: path, console: console, { $0.write(bytes: file.bytes) }) else {
                return .usageOrIO
            }
        }
        let added = external.map { " (with \(counted(extra.count, "external signature case")) from \($0))" } ?? ""
        console.line("wrote \(counted(files.count, "file")) for seed \"\(seed)\" under \(directory)\(added)")
        return .ok
    }

    /// Streams a generated log to a file or stdout.
    package static func writeLog(_ generator: LogGenerator, to path: String?, console: Console) -> ExitStatus {
        let written = ReportOutput.write(to: path, console: console) { sink in
            generator.generate { sink.write(bytes: $0) }
        }
        return written ? .ok : .usageOrIO
    }
}
