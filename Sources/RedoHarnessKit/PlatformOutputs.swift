import Foundation

/// A redo-conform/platform-outputs file: the platform, what ran, the echoed vector set and
/// one result per vector answered, in the inputs' order.
public struct PlatformOutputs: Sendable {
    /// The platform's name.
    public let platform: String
    /// What ran.
    public let implementation: String
    /// The inputs' `vectorSet`, as the JSON text echoed; nil when the inputs have none
    /// (older inputs), and then the outputs have none either.
    public let vectorSet: String?
    /// Each vector's id and result, in the inputs' order.
    public let results: [(id: String, result: VectorResult)]

    /// The result for the vector `id`, if it has one.
    public func result(for id: String) -> VectorResult? {
        results.first { $0.id == id }?.result
    }

    /// The file's bytes: the header members on the first line, then one result per line
    /// (`"ID":{…}`, members sorted), so that a diff of two runs reads vector by vector.
    public var data: Data {
        var text = "{\"format\":\"redo-conform/platform-outputs\",\"version\":1"
        text += ",\"platform\":" + JSONText.string(platform)
        text += ",\"implementation\":" + JSONText.string(implementation)
        if let vectorSet { text += ",\"vectorSet\":" + vectorSet }
        text += ",\"results\":{"
        for (index, (id, result)) in results.enumerated() {
            text += (index > 0 ? ",\n" : "\n") + JSONText.string(id) + ":" + result.json
        }
        text += "\n}}\n"
        return Data(text.utf8)
    }

    /// Writes the file at `url` atomically: a temporary file beside it, renamed over it, so
    /// that no reader ever sees part of it.
    ///
    /// - Throws: ``HarnessOutputError`` when it cannot be written.
    public func write(to url: URL) throws {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw HarnessOutputError.unwritable(path: url.path, reason: error.localizedDescription)
        }
    }
}
