import FuzzSupport
import XCTest

/// The cache every piece of kept work goes through: a miss, a hit, and what the two
/// generations keep and drop.
final class TwoGenerationCacheTests: XCTestCase {
    func testAMissThenAHit() {
        var cache = TwoGenerationCache<String, Int>(limit: 4)
        XCTAssertNil(cache.value(for: "a"))
        cache.store(1, for: "a")
        XCTAssertEqual(cache.value(for: "a"), 1)
    }

    func testMakesAValueOnlyOnAMiss() {
        var cache = TwoGenerationCache<String, Int>(limit: 4)
        var made = 0
        let make = {
            made += 1
            return 7
        }
        XCTAssertEqual(cache.value(for: "a", make), 7)
        XCTAssertEqual(cache.value(for: "a", make), 7)
        XCTAssertEqual(made, 1)
    }

    func testAFullYoungGenerationBecomesTheOldOneAndTheOldOneIsDropped() {
        var cache = TwoGenerationCache<String, Int>(limit: 2)
        cache.store(1, for: "a")
        cache.store(2, for: "b")
        cache.store(3, for: "c")  // young {a, b} is full: it becomes old, young {c}
        XCTAssertEqual(cache.value(for: "b"), 2)  // found in old: back in young {c, b}
        cache.store(4, for: "d")  // young full again: old {c, b}, young {d}; a is dropped
        XCTAssertNil(cache.value(for: "a"))
        XCTAssertEqual(cache.value(for: "b"), 2)
        XCTAssertEqual(cache.value(for: "c"), 3)
        XCTAssertEqual(cache.value(for: "d"), 4)
    }

    func testAnEntryInUseOutlivesGenerations() {
        var cache = TwoGenerationCache<Int, Int>(limit: 2)
        cache.store(0, for: 0)
        for k in 1..<20 {
            cache.store(k, for: k)
            XCTAssertEqual(cache.value(for: 0), 0, "after storing \(k)")
        }
        XCTAssertNil(cache.value(for: 1))
    }
}
