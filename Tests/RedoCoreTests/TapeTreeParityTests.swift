import Foundation
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoCore

/// Records given as bytes are checked on the parse tape (`JSONTapeValue`), records given
/// parsed (export-map entries) on the value tree. The rules are the same generic code;
/// these tests hold the two readings to the same verdict, finding for finding.
final class TapeTreeParityTests: XCTestCase {
    private let validator = NodeValidator()

    private func assertParity(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let tape = validator.check(bytes: bytes)
        guard let value = try? JSONReader.parse(bytes) else {
            XCTAssertFalse(tape.passed, label, file: file, line: line)
            XCTAssertEqual(tape.findings.count, 1, label, file: file, line: line)
            return
        }
        // The tree path is told the source size too, so the payload-size shortcut agrees.
        let tree = validator.check(value: value, sourceBytes: bytes.count, deferring: false).0
        XCTAssertEqual(tape.findings, tree.findings, label, file: file, line: line)
        XCTAssertEqual(tape.passed, tree.passed, label, file: file, line: line)
        XCTAssertEqual(tape.claimedId, tree.claimedId, label, file: file, line: line)
        XCTAssertEqual(tape.taskIdText, tree.taskIdText, label, file: file, line: line)
        XCTAssertEqual(tape.node?.id, tree.node?.id, label, file: file, line: line)
        XCTAssertEqual(tape.node?.payload.todoTaskId, tree.node?.payload.todoTaskId, label, file: file, line: line)
    }

    func testEveryShippedNodeCase() {
        let cases = NodeCases(seed: "redo-conform-v1").all
        XCTAssertGreaterThan(cases.count, 100)
        for nodeCase in cases { assertParity(nodeCase.bytes, nodeCase.id) }
    }

    func testEveryLogScenarioRecord() {
        var records = 0
        for scenario in LogVectorFiles.all {
            for (k, record) in scenario.records.enumerated() { assertParity(record, "\(scenario.id) #\(k)") }
            records += scenario.records.count
        }
        XCTAssertGreaterThan(records, 100)
    }

    func testTheFuzzSeedCorpus() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for target in ["json", "node"] {
            let folder = root.appendingPathComponent("FuzzTesting/Corpus/\(target)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            XCTAssertGreaterThanOrEqual(names.count, 30, "seeds in \(folder.path)")
            for name in names {
                let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
                assertParity(bytes, "\(target)/\(name)")
            }
        }
    }

    /// Every node case with one byte changed at a time (a few positions each): the broken
    /// records of every shape a one-byte slip makes.
    func testOneByteMutationsOfNodeCases() {
        let replacements: [UInt8] = [0x22, 0x7B, 0x7D, 0x30, 0x41, 0x61, 0x5C, 0xC3, 0x20]
        for nodeCase in NodeCases(seed: "redo-conform-v1").all.prefix(40) {
            let bytes = nodeCase.bytes
            for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 25)) {
                for replacement in replacements where bytes[position] != replacement {
                    var mutated = bytes
                    mutated[position] = replacement
                    assertParity(mutated, "\(nodeCase.id) @\(position)=\(replacement)")
                }
            }
        }
    }
}
