#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts the steps of the log rules and of replay — records grouped, parents looked up,
/// comparisons sorted, heap moves, ancestry hops, history rows, nodes replayed — so that
/// tests can hold their growth to n log n on hostile logs by counting work, not timing it
/// (a wall clock on a shared machine says little, and Ed25519 is left out by construction:
/// it runs before the log rules).
///
/// Compiled in only where `REDO_COUNT_OPERATIONS` is defined: debug builds, which the
/// tests use (Package.swift). Elsewhere `add` is an empty inline function and costs
/// nothing. Counting is process-wide: read it around a single-threaded run.
package enum OperationCount {
    #if REDO_COUNT_OPERATIONS
        package static let isCompiledIn = true
        nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
            let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            pthread_mutex_init(lock, nil)
            return lock
        }()
        // Guarded by the lock.
        nonisolated(unsafe) private static var total = 0

        @inline(__always)
        package static func add(_ steps: Int = 1) {
            pthread_mutex_lock(lock)
            total &+= steps
            pthread_mutex_unlock(lock)
        }

        /// The steps counted since the process started.
        package static var value: Int {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            return total
        }
    #else
        package static let isCompiledIn = false
        @inline(__always)
        package static func add(_ steps: Int = 1) {}
        package static var value: Int { 0 }
    #endif

    /// The steps `body` took.
    package static func counting<T>(_ body: () throws -> T) rethrows -> (T, steps: Int) {
        let before = value
        let result = try body()
        return (result, value - before)
    }
}
