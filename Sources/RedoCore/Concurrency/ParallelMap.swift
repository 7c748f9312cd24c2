import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Maps a batch on `jobs` threads. Items are independent: each thread takes the next range
/// of items and writes their slots of the result (one lock per range, none per item).
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
        let ranges = Dispenser(count: items.count, step: max(1, items.count / (workers * 16)))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let range = ranges.next() {
                for index in range { slots.buffer[index] = transform(items[index]) }
            }
        }
        return slots
    }

    /// Hands out the items in small ranges to whichever worker asks first. The workers
    /// share the cores with the reader and the signature threads: a fixed share per worker
    /// left the others idle at the end of a batch whenever one was descheduled for a
    /// while; this way the others take over its share.
    private final class Dispenser: @unchecked Sendable {
        // @unchecked: `start` is only read and written between `gate.wait()` and `signal()`.
        private let gate = DispatchSemaphore(value: 1)
        private var start = 0
        private let count: Int
        private let step: Int

        init(count: Int, step: Int) {
            self.count = count
            self.step = step
        }

        func next() -> Range<Int>? {
            gate.wait()
            defer { gate.signal() }
            guard start < count else { return nil }
            let range = start..<min(count, start + step)
            start = range.upperBound
            return range
        }
    }
}
