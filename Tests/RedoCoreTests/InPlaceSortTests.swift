import RedoTestSupport
import XCTest

@testable import RedoCore

/// The log pass's sort: the same result as the standard library's on every shape, and
/// n·log n comparisons on the shapes that defeat a plain quicksort.
final class InPlaceSortTests: XCTestCase {
    private func shapes(_ n: Int) -> [(String, [Int])] {
        var numbers = SeededRandom(for: self, seed: UInt64(n))
        return [
            ("random", (0..<n).map { _ in Int(numbers.below(1_000_000)) }),
            ("sorted", Array(0..<n)),
            ("reversed", Array((0..<n).reversed())),
            ("organ pipe", (0..<n).map { min($0, n - $0) }),
            ("all equal", Array(repeating: 7, count: n)),
            ("few values", (0..<n).map { _ in Int(numbers.below(3)) }),
            ("sorted with one out of place", Array(1..<max(n, 1)) + (n > 0 ? [0] : [])),
            ("sawtooth", (0..<n).map { $0 % 17 }),
        ]
    }

    func testSortsEveryShapeLikeTheStandardLibrary() {
        for n in [0, 1, 2, 3, 15, 16, 17, 18, 100, 1000, 4097] {
            for (name, input) in shapes(n) {
                var items = input
                InPlaceSort.sort(&items, by: <)
                XCTAssertEqual(items, input.sorted(), "\(name), \(n) elements")
            }
        }
    }

    func testComparisonsStayWithinNLogN() {
        let n = 1 << 16
        for (name, input) in shapes(n) {
            var items = input
            var comparisons = 0
            InPlaceSort.sort(&items) {
                comparisons += 1
                return $0 < $1
            }
            // Quicksort's expected 1.39·n·log₂ n, with room for the heapsort fallback.
            XCTAssertLessThan(comparisons, 4 * n * 16, "\(name)")
        }
    }
}
