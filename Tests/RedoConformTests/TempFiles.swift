import Foundation

/// A scratch folder per test, removed at the end of the process run.
enum TempFiles {
    static func folder(_ label: String) -> String {
        let path = NSTemporaryDirectory() + "/redo-conform-tests/\(label)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @discardableResult
    static func write(_ bytes: [UInt8], to path: String) -> String {
        try! Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    static func write(_ text: String, to path: String) -> String { write(Array(text.utf8), to: path) }
}
