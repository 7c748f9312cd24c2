import RedoTestSupport
import XCTest

@testable import RedoCore

/// The ancestry oracle against a brute-force walk on random DAGs shaped like REDO logs:
/// chains, forks and MERGEs of up to ten parents, each node added after its parents.
final class AncestryTests: XCTestCase {
    func testMatchesBruteForceOnRandomDAGs() {
        var rng = SeededRandom(for: self, seed: 40)
        var ancestors = 0
        var others = 0
        for round in rng.rounds(40) {
            var parents: [[Int32]] = [[]]
            let size = 30 + round * 5
            for n in 1..<size {
                let count =
                    n >= 2 && Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 2...min(10, n), using: &rng) : 1
                var chosen = Set<Int32>()
                while chosen.count < count { chosen.insert(Int32(Int.random(in: max(0, n - 12)..<n, using: &rng))) }
                let list = chosen.sorted().shuffled(using: &rng)  // sorted: a Set's order differs per process
                parents.append(list)
            }
            var ancestry = Ancestry()
            for n in 0..<size { ancestry.add(index: Int32(n), parents: parents[n]) }
            for _ in 0..<400 {
                let a = Int32.random(in: 0..<Int32(size), using: &rng)
                let x = Int32.random(in: 0..<Int32(size), using: &rng)
                let expected = bruteForce(a, x, parents)
                XCTAssertEqual(ancestry.isAncestor(a, of: x), expected, "round \(round): \(a) → \(x)")
                if expected { ancestors += 1 } else { others += 1 }
            }
        }
        // Both answers were asked for, often.
        XCTAssertGreaterThan(ancestors, 1000)
        XCTAssertGreaterThan(others, 1000)
    }

    private func bruteForce(_ a: Int32, _ x: Int32, _ parents: [[Int32]]) -> Bool {
        var seen: Set<Int32> = [x]
        var pending = [x]
        while let node = pending.popLast() {
            if node == a { return true }
            for p in parents[Int(node)] where seen.insert(p).inserted { pending.append(p) }
        }
        return false
    }

    func testLongChainQueriesAreLogarithmic() {
        var ancestry = Ancestry()
        ancestry.add(index: 0, parents: [])
        for n in 1..<200_000 { ancestry.add(index: Int32(n), parents: [Int32(n - 1)]) }
        for k in stride(from: 0, to: 200_000, by: 997) {
            XCTAssertTrue(ancestry.isAncestor(Int32(k), of: 199_999))
            XCTAssertFalse(ancestry.isAncestor(199_999, of: Int32(k)) && k != 199_999)
        }
    }
}

final class TaskFieldIndexTests: XCTestCase {
    /// History stores a node's field writers at `field.index`; it must be the field's
    /// place in `allCases`, which History iterates.
    func testIndexIsThePlaceInAllCases() {
        for (place, field) in TaskField.allCases.enumerated() { XCTAssertEqual(field.index, place, "\(field)") }
    }
}
