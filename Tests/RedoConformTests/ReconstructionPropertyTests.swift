import XCTest
import RedoCrypto
import RedoCore
@testable import RedoConformKit

final class ReconstructionPropertyTests: XCTestCase {
    static let scenarios = ReconstructionScenarios(seed: "replay properties").all

    /// The state does not depend on record order.
    func testStateIndependentOfRecordOrder() {
        var rng = SystemRandomNumberGenerator()
        for scenario in Self.scenarios {
            let reference = LogPipeline.stateBytes(scenario.records)
            for _ in 0..<8 {
                XCTAssertEqual(LogPipeline.stateBytes(scenario.records.shuffled(using: &rng)), reference, scenario.id)
            }
        }
        let all = Self.scenarios.flatMap(\.records)
        XCTAssertEqual(LogPipeline.stateBytes(all.shuffled()), LogPipeline.stateBytes(all))
    }

    /// Replaying any prefix closed under ancestry never crashes and gives a canonical state.
    func testPrefixesClosedUnderAncestry() throws {
        for scenario in Self.scenarios {
            // Records are written parents first, so every prefix is closed under ancestry.
            for length in 0...scenario.records.count {
                let state = LogPipeline.stateBytes(Array(scenario.records.prefix(length)))
                XCTAssertEqual(try CanonicalJSON.canonicalize(state), state, "\(scenario.id) prefix \(length)")
            }
        }
    }

    /// Every shipped expected state file is canonical JSON.
    func testShippedStateFilesAreCanonical() throws {
        let root = VectorRoot.shipped
        let names = root.files(in: "reconstruction", suffix: ".state.json")
        XCTAssertGreaterThanOrEqual(names.count, 18)
        for name in names {
            let bytes = try root.bytes("reconstruction/\(name)")
            XCTAssertEqual(try CanonicalJSON.canonicalize(bytes), bytes, name)
        }
    }

    /// The spec's section 13.2 erratum, stated directly.
    func testSpec13_2() throws {
        let scenario = try XCTUnwrap(Self.scenarios.first { $0.id == "spec-13-2-merge" })
        let state = try JSONReader.parse(LogPipeline.stateBytes(scenario.records))
        XCTAssertEqual(JSONPathLookup.value(at: "tasks[0].title", in: state), .string("Task Updated"))
        XCTAssertEqual(JSONPathLookup.value(at: "tasks[0].priority", in: state), .number(5))
    }
}
