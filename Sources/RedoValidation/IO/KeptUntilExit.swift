import Foundation

/// Holds a command's large result until the process exits instead of releasing it when
/// the command returns.
///
/// Why: the executable exits right after the command, and the operating system takes
/// the memory back at once. Releasing it first means walking every record's arrays and
/// strings on one thread while the other cores idle: 0.14 s at the end of the 1M-node
/// benchmark, for nothing. Only the latest value is held, so in-process callers (the
/// tests) hold at most one result at a time.
package enum KeptUntilExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var held: Any?

    package static func keep(_ value: Any) {
        lock.lock()
        let previous = held
        held = value
        lock.unlock()
        withExtendedLifetime(previous) {}  // the one before is released here, outside the lock
    }
}
