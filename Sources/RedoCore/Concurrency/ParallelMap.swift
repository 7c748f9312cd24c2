import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Maps a batch on `jobs` threads. Items are independent, so each thread takes every
/// jobs-th item and writes its own slots of the result: no locks on the hot path.
package enum ParallelMap {
    /// The cores online: the default number of jobs everywhere.
    package static var availableCores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// A result buffer shared by the worker threads; each index is written by one thread.
    private final class Slots<R>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<R?>
        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }
        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }

    package static func map<T: Sendable, R>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> [R] {
        let slots = fill(items, jobs: jobs, transform)
        // Moved out of the slots, not copied: a copy would retain every reference a result
        // holds (a check's node, its findings) only for the slots to release them again.
        return Array(unsafeUninitializedCapacity: items.count) { out, count in
            for index in 0..<items.count {
                (out.baseAddress! + index).initialize(to: slots.buffer[index].take()!)
            }
            count = items.count
        }
    }

    /// The same for a transform with two results, returned as two arrays (moved straight
    /// into them: splitting an array of pairs afterwards would move every result twice).
    package static func map<T: Sendable, A, B>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> (A, B)) -> (
        [A], [B]
    ) {
        let slots = fill(items, jobs: jobs, transform)
        var second: [B] = []
        second.reserveCapacity(items.count)
        let first = [A](unsafeUninitializedCapacity: items.count) { out, count in
            for index in 0..<items.count {
                let (a, b) = slots.buffer[index].take()!
                (out.baseAddress! + index).initialize(to: a)
                second.append(b)
            }
            count = items.count
        }
        return (first, second)
    }

    private static func fill<T: Sendable, R>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> Slots<R> {
        let slots = Slots<R>(count: items.count)
        let workers = max(1, min(jobs, items.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var index = worker
            while index < items.count {
                slots.buffer[index] = transform(items[index])
                index += workers
            }
        }
        return slots
    }
}
