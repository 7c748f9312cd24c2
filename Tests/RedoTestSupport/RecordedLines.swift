import Foundation

/// Lines written from another thread (a progress meter's drawing thread, a console),
/// kept in the order they came.
package final class RecordedLines: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = NSLock()
    private var lines: [String] = []

    package init() {}

    package func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    package var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
