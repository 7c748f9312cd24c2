import Foundation

/// Scratch files for tests, all under one folder per test process, which is removed when
/// the process exits: a run writes hundreds of megabytes (50 MB lines, 2 GB sparse files),
/// and a suite run again and again must not fill the machine's temporary folder.
enum TempFiles {
    static let root: String = {
        let path = NSTemporaryDirectory() + "redo-conform-tests/run-\(getpid())-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // No captures: a C function pointer. Runs when XCTest's runner calls exit().
        atexit { try? FileManager.default.removeItem(atPath: TempFiles.root) }
        return path
    }()

    /// A new, empty folder.
    static func folder(_ label: String) -> String {
        let path = self.path(label)
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A fresh path (nothing there yet) whose name starts with `label`.
    static func path(_ label: String) -> String {
        "\(root)/\(label)-\(UUID().uuidString)"
    }

    @discardableResult
    static func write(_ bytes: [UInt8], to path: String) -> String {
        try! Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    static func write(_ text: String, to path: String) -> String { write(Array(text.utf8), to: path) }
}
