/// An unstable sort that needs no memory beside the elements: introsort (quicksort with a
/// median of three, insertion sort for short ranges, heapsort past a depth limit).
///
/// The log pass sorts one order key per node. The standard library's sort is stable and
/// merges through a scratch buffer half the size of the array; for keys that are all
/// distinct, as node keys are, stability buys nothing and the scratch buffer was the
/// largest allocation of the log pass's peak. The depth limit keeps the worst case at
/// n·log n for any input, and the pending ranges live on an explicit stack of at most
/// log₂ n entries (the smaller side is sorted first), so no input can recurse deeply.
enum InPlaceSort {
    /// A range of at most this many elements is finished by insertion sort.
    private static let shortRange = 16

    static func sort<Element>(_ items: inout [Element], by precedes: (Element, Element) -> Bool) {
        items.withUnsafeMutableBufferPointer { sort($0, by: precedes) }
    }

    static func sort<Element>(
        _ items: UnsafeMutableBufferPointer<Element>, by precedes: (Element, Element) -> Bool
    ) {
        guard items.count > 1 else { return }
        let depthLimit = 2 * (Int.bitWidth - items.count.leadingZeroBitCount)
        var pending: [(low: Int, high: Int, depth: Int)] = [(0, items.count, depthLimit)]
        while let range = pending.popLast() {
            var (low, high, depth) = range
            while high - low > shortRange {
                guard depth > 0 else {
                    heapSort(items, low, high, by: precedes)
                    low = high
                    break
                }
                depth -= 1
                let pivot = partition(items, low, high, by: precedes)
                // The larger side waits; the loop goes on with the smaller.
                if pivot - low < high - pivot - 1 {
                    pending.append((pivot + 1, high, depth))
                    high = pivot
                } else {
                    pending.append((low, pivot, depth))
                    low = pivot + 1
                }
            }
            insertionSort(items, low, high, by: precedes)
        }
    }

    /// Partitions `items[low..<high]` around the median of its first, middle and last
    /// elements; returns the pivot's final index (everything before it precedes it, nothing
    /// after it does).
    private static func partition<Element>(
        _ items: UnsafeMutableBufferPointer<Element>, _ low: Int, _ high: Int,
        by precedes: (Element, Element) -> Bool
    ) -> Int {
        let middle = low + (high - low) / 2
        let last = high - 1
        // Order the three samples, then park the median at `last` as the pivot.
        if precedes(items[middle], items[low]) { items.swapAt(middle, low) }
        if precedes(items[last], items[low]) { items.swapAt(last, low) }
        if precedes(items[last], items[middle]) { items.swapAt(last, middle) }
        items.swapAt(middle, last)
        let pivot = items[last]
        var store = low
        for k in low..<last where precedes(items[k], pivot) {
            items.swapAt(k, store)
            store += 1
        }
        items.swapAt(store, last)
        return store
    }

    private static func insertionSort<Element>(
        _ items: UnsafeMutableBufferPointer<Element>, _ low: Int, _ high: Int,
        by precedes: (Element, Element) -> Bool
    ) {
        guard high - low > 1 else { return }
        for k in (low + 1)..<high {
            let item = items[k]
            var hole = k
            while hole > low && precedes(item, items[hole - 1]) {
                items[hole] = items[hole - 1]
                hole -= 1
            }
            items[hole] = item
        }
    }

    private static func heapSort<Element>(
        _ items: UnsafeMutableBufferPointer<Element>, _ low: Int, _ high: Int,
        by precedes: (Element, Element) -> Bool
    ) {
        let count = high - low
        func siftDown(_ start: Int, _ end: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < end else { return }
                var largest = parent
                if precedes(items[low + largest], items[low + left]) { largest = left }
                if left + 1 < end && precedes(items[low + largest], items[low + left + 1]) { largest = left + 1 }
                guard largest != parent else { return }
                items.swapAt(low + parent, low + largest)
                parent = largest
            }
        }
        for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count) }
        for end in stride(from: count - 1, to: 0, by: -1) {
            items.swapAt(low, low + end)
            siftDown(0, end)
        }
    }
}
