import Foundation
import RedoFixtures
import RedoTestSupport
import XCTest

@testable import RedoCore

/// The work of the log rules and replay on every `vectors log` shape, counted in steps
/// (`OperationCount`), not timed: node-level checks and Ed25519 run before the count
/// starts. On each hostile shape, doubling the records must grow the work by no more
/// than n log n does, and a record must cost at most 3× what it costs in a benign log.
final class HostileShapeGrowthTests: XCTestCase {
    static let records = 1000

    /// Steps of the log rules and of replay on the shape's log of `nodes` records.
    static func steps(_ shape: LogGenerator.Shape, nodes: Int) -> Int {
        var generator = LogGenerator(shape: shape, nodes: nodes, tasks: max(1, nodes / 10), seed: "growth")
        // big-delete: one DELETE carrying the whole chain, the longest the log can hold.
        generator.deleteLength = nodes - 1
        var lines: [[UInt8]] = []
        generator.generate { lines.append(Array($0.dropLast())) }  // without the newline
        let validator = NodeValidator()
        let checks = lines.map { validator.check(bytes: $0) }
        let (_, steps) = OperationCount.counting {
            Reconstructor.reconstruct(LogValidator().validate(checks))
        }
        return steps
    }

    func testEveryHostileShapeGrowsWithinNLogNAndCostsAtMostThreeBenignRecords() throws {
        try XCTSkip.unlessOperationsAreCounted()
        let n = Self.records
        let benign = [n, 2 * n].map { Double(Self.steps(.benign, nodes: $0)) / Double($0) }
        // n log n from n to 2n: 2·log(2n)/log(n).
        let allowed = 2 * log2(Double(2 * n)) / log2(Double(n))
        var lines = ["benign: \(Self.shown(benign[0])) steps per record at n = \(n), \(Self.shown(benign[1])) at 2n"]
        for shape in LogGenerator.Shape.allCases where shape != .benign {
            let steps = [n, 2 * n].map { Self.steps(shape, nodes: $0) }
            let growth = Double(steps[1]) / Double(steps[0])
            let perRecord = [Double(steps[0]) / Double(n), Double(steps[1]) / Double(2 * n)]
            let relative = [perRecord[0] / benign[0], perRecord[1] / benign[1]]
            lines.append(
                "\(shape.rawValue): \(steps[0]) steps at n, \(steps[1]) at 2n (×\(Self.shown(growth)), n log n allows "
                    + "×\(Self.shown(allowed))); per record \(Self.shown(relative[0]))× and \(Self.shown(relative[1]))× benign"
            )
            XCTAssertLessThanOrEqual(growth, allowed, "\(shape.rawValue): grows faster than n log n")
            XCTAssertLessThanOrEqual(relative.max()!, 3, "\(shape.rawValue): a record costs over 3× a benign one")
        }
        print("operation counts of the log rules and replay:\n  " + lines.joined(separator: "\n  "))
    }

    static func shown(_ value: Double) -> String { String((value * 100).rounded() / 100) }
}
