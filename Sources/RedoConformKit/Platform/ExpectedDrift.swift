import RedoJSON
import RedoValidation

/// A baseline of known drift (`redo-conform/expected-drift`, version 2): for each
/// platform, by the name its outputs file gives, the vectors it is known to drift on, each
/// with its tag and diagnosed classes. `compare --expected-drift` passes listed drift as
/// known and fails anything else; `check` holds the shipped recordings to the same file.
package struct ExpectedDrift: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var tag: String
        package var diagnosed: [String]

        package init(tag: String, diagnosed: [String]) {
            self.tag = tag
            self.diagnosed = diagnosed
        }
    }

    package static let format = "redo-conform/expected-drift"
    package static let version = 2

    /// Platform name → vector id → what it is known to do there.
    package var platforms: [String: [String: Entry]]

    package init(platforms: [String: [String: Entry]]) { self.platforms = platforms }

    /// Reads a baseline. Anything that is not one (not I-JSON, another format or version,
    /// a wrong shape) is an input error naming the file, and the line and column where
    /// the reader stopped.
    package static func load(_ path: String) throws(InputError) -> ExpectedDrift {
        let bytes = try InputFile.readAll(InputPath(path))
        let value: JSONValue
        do { value = try JSONReader.parse(bytes) } catch {
            throw InputError(path: path, reason: "not I-JSON: \(error)")
        }
        func shape(_ problem: String) -> InputError {
            InputError(path: path, reason: "not an expected-drift file: \(problem)")
        }
        guard let root = value.objectValue else { throw shape("the top level is not an object") }
        guard root["format"]?.stringValue == format else { throw shape("format must be \"\(format)\"") }
        guard root["version"]?.numberValue == Double(version) else {
            throw shape("version must be \(version) (this redo-conform reads version \(version))")
        }
        guard let platforms = root["platforms"]?.objectValue else { throw shape("\"platforms\" is not an object") }
        var result: [String: [String: Entry]] = [:]
        for platform in platforms.members {
            guard let vectors = platform.value.objectValue else {
                throw shape("platforms.\(platform.key) is not an object")
            }
            var entries: [String: Entry] = [:]
            for vector in vectors.members {
                let where_ = "platforms.\(platform.key).\(vector.key)"
                guard let entry = vector.value.objectValue, let tag = entry["tag"]?.stringValue else {
                    throw shape("\(where_) must be an object with a string \"tag\"")
                }
                let diagnosed = entry["diagnosed"]?.arrayValue ?? []
                guard entry["diagnosed"] == nil || entry["diagnosed"]?.arrayValue != nil,
                    diagnosed.allSatisfy({ $0.stringValue != nil })
                else { throw shape("\(where_).diagnosed must be an array of strings") }
                entries[vector.key] = Entry(tag: tag, diagnosed: diagnosed.compactMap(\.stringValue))
            }
            result[platform.key] = entries
        }
        return ExpectedDrift(platforms: result)
    }

    /// Today's drift of each platform: every cell that drifts, with its tag and diagnosis.
    package init(rows: [VectorRow], platforms: [PlatformOutputs]) {
        var result: [String: [String: Entry]] = [:]
        for (index, platform) in platforms.enumerated() {
            var entries: [String: Entry] = [:]
            for row in rows {
                let cell = row.cells[index]
                guard cell.status == .drift || cell.status == .known else { continue }
                entries[row.id] = Entry(tag: cell.tag, diagnosed: cell.diagnosis?.diagnosed ?? [])
            }
            result[platform.name, default: [:]].merge(entries) { _, new in new }
        }
        self.platforms = result
    }

    /// The file: keys sorted at every level, two-space indentation, a trailing newline.
    package var bytes: [UInt8] {
        let platformsJSON = platforms.keys.sorted(by: UTF16KeyOrder.precedes).map { name in
            member(
                name,
                .object(
                    JSONObject(
                        platforms[name]!.keys.sorted(by: UTF16KeyOrder.precedes).map { id in
                            let entry = platforms[name]![id]!
                            return member(
                                id,
                                .object(
                                    JSONObject([
                                        member("diagnosed", .array(entry.diagnosed.map { str($0) })),
                                        member("tag", str(entry.tag)),
                                    ])))
                        })))
        }
        let root = JSONValue.object(
            JSONObject([
                member(
                    "comment",
                    str(
                        "Known drift, by platform name and vector id: the tag and the diagnosed classes compare reported. Listed drift passes as known; new drift, a listed vector that now agrees or whose tag or classes changed, and a listed vector that no longer exists fail. Written by redo-conform compare --write-expected-drift."
                    )),
                member("format", str(Self.format)),
                member("platforms", .object(JSONObject(platformsJSON))),
                member("version", num(Double(Self.version))),
            ]))
        return OrderedJSONWriter.bytes(root, pretty: true) + [0x0A]
    }
}
