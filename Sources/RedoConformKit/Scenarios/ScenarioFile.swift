import Foundation
import RedoCore
import RedoCrypto
import RedoJSON
import RedoScenarios

/// A scenario file on disk: `.yaml`/`.yml` through `ScenarioYAMLReader`, `.json` through
/// RedoJSON's strict reader. Key files named in it are read relative to its folder.
package enum ScenarioFile {
    package static let extensions = ["yaml", "yml", "json"]

    /// Whether `path` names a scenario file by its extension.
    package static func isScenario(_ path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// The scenario in `path`, or a located error.
    package static func read(_ path: String) throws(ScenarioError) -> Scenario {
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError(start, "cannot read the file", fix: "check the path")
        }
        guard data.count <= ProtocolLimits.recordBytes else {
            throw ScenarioError(
                start, "the file is \(data.count) bytes, over the record limit of \(ProtocolLimits.recordBytes)",
                fix: "split the scenario")
        }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "json" { return try ScenarioJSONReader.scenario(Array(data), file: path, name: name) }
        guard ext == "yaml" || ext == "yml" else {
            throw ScenarioError(start, "not a scenario file", fix: "name it .yaml, .yml or .json")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError(start, "the file is not UTF-8", fix: "save it as UTF-8")
        }
        let folder = (path as NSString).deletingLastPathComponent
        return try ScenarioYAMLReader.scenario(text, file: path, name: name) { keyPath in
            let full = keyPath.hasPrefix("/") || folder.isEmpty ? keyPath : folder + "/" + keyPath
            return seed(ofKeyFile: full)
        }
    }

    /// The 32-byte seed of a key file `keygen` wrote.
    static func seed(ofKeyFile path: String) -> Result<[UInt8], ScenarioError> {
        let problem = { (message: String) in
            Result<[UInt8], ScenarioError>.failure(
                ScenarioError(nil, "key file \(path): \(message)", fix: "name a file redo-conform keygen wrote"))
        }
        guard let data = FileManager.default.contents(atPath: path) else { return problem("cannot read it") }
        guard case let .object(object)? = try? JSONReader.parse(Array(data)),
            object["format"]?.stringValue == KeyFile.format, let hex = object["seed"]?.stringValue,
            let bytes = Hex.decodeLowercase(hex), bytes.count == 32
        else { return problem("not a redo-conform key file") }
        return .success(bytes)
    }

    /// The scenario files under `paths` (folders walked, sorted), in order.
    package static func expand(_ paths: [String]) -> [String] {
        var out: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let entries = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
                out += entries.filter(isScenario).sorted().map { (path.hasSuffix("/") ? path : path + "/") + $0 }
            } else {
                out.append(path)
            }
        }
        return out
    }
}
