import Foundation

/// Work run on a thread of its own while the caller goes on (reads the next batch); its
/// result is collected with `wait()`. A dedicated thread, not a Dispatch queue: on Linux,
/// `concurrentPerform` called from a Dispatch worker got no second worker (measured: 100%
/// CPU instead of 190%), while from a plain thread it uses every core.
package final class BackgroundWork<Result>: @unchecked Sendable {
    // @unchecked: `result` is written by the thread before it signals, read after `wait`.
    private var result: Result?
    private let done = DispatchSemaphore(value: 0)

    package init(_ work: @escaping @Sendable () -> Result) {
        let thread = Thread { [self] in
            result = work()
            done.signal()
        }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Waits for the work to end and hands its result over. Called once: the result is
    /// let go of here, so that the caller holds the only reference to it.
    package func wait() -> Result {
        done.wait()
        defer { result = nil }
        return result!
    }
}
