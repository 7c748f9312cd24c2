import Foundation
import RedoCore
import RedoFixtures
import RedoTestSupport
import XCTest

/// A live log taken a hostile `vectors log` shape in one batch keeps the batch path's
/// bound: doubling the records grows the counted work (`OperationCount`) by no more than
/// n log n does.
final class LiveLogHostileShapeTests: XCTestCase {
    static let records = 500

    /// Steps of taking in the shape's log of `nodes` records as one batch and rendering
    /// the state, on one thread (the count is process-wide).
    static func steps(_ shape: LogGenerator.Shape, nodes: Int) throws -> Int {
        var generator = LogGenerator(shape: shape, nodes: nodes, tasks: max(1, nodes / 10), seed: "growth", jobs: 1)
        generator.deleteLength = nodes - 1
        var lines: [[UInt8]] = []
        generator.generate { lines.append(Array($0.dropLast())) }
        var live = LiveLog()
        let (_, steps) = try OperationCount.counting {
            _ = try live.ingest(lines)
            return live.reconstruction
        }
        return steps
    }

    func testEveryHostileShapeInOneBatchGrowsWithinNLogN() throws {
        try XCTSkip.unlessOperationsAreCounted()
        let n = Self.records
        let allowed = 2 * log2(Double(2 * n)) / log2(Double(n))
        for shape in LogGenerator.Shape.allCases where shape != .benign {
            let steps = try [n, 2 * n].map { try Self.steps(shape, nodes: $0) }
            let growth = Double(steps[1]) / Double(steps[0])
            XCTAssertLessThanOrEqual(growth, allowed, "\(shape.rawValue): \(steps[0]) steps at n, \(steps[1]) at 2n")
        }
    }
}
