import Foundation

/// Scratch files for tests, all under one folder per test process, which is removed when
/// the process exits: a run writes hundreds of megabytes (50 MB lines, 2 GB sparse files),
/// and a suite run again and again must not fill the machine's temporary folder.
package enum TempFiles {
    package static let root: String = {
        let parent = NSTemporaryDirectory() + "redo-conform-tests"
        try! FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        // mkdtemp: a new folder no other run (even one with a reused process id) holds.
        var template = Array("\(parent)/run-\(getpid())-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { fatalError("cannot create a folder in \(parent)") }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // No captures: a C function pointer. Runs when XCTest's runner calls exit().
        atexit { try? FileManager.default.removeItem(atPath: TempFiles.root) }
        return path
    }()

    /// A new, empty folder.
    package static func folder(_ label: String) -> String {
        let path = self.path(label)
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A fresh path (nothing there yet) whose name starts with `label`.
    package static func path(_ label: String) -> String {
        "\(root)/\(label)-\(counter.next())"
    }

    private static let counter = Counter()

    private final class Counter: @unchecked Sendable {
        // @unchecked: guarded by the lock.
        private let lock = NSLock()
        private var count = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }
    }

    @discardableResult
    package static func write(_ bytes: [UInt8], to path: String) -> String {
        try! Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    package static func write(_ text: String, to path: String) -> String { write(Array(text.utf8), to: path) }
}
