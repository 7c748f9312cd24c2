import RedoCore
import RedoJSON
import XCTest

@testable import RedoConformKit

/// `Vectors/protocol-tables.json` says what the catalog says (the drift test keeps the
/// file equal to the generator; these keep the generator honest).
final class ProtocolTablesTests: XCTestCase {
    func testEveryRuleOfACodeHasTheCodesSeverity() {
        for code in ErrorCode.allCases {
            let rules = Rule.all.filter { $0.code == code }
            XCTAssertFalse(rules.isEmpty, "no rule carries \(code.rawValue)")
            XCTAssertEqual(Set(rules.map(\.severity)).count, 1, "\(code.rawValue)'s rules disagree on severity")
        }
    }

    func testTablesListEveryCodeInPrecedenceOrderAndEveryActionOnce() throws {
        let tables = ProtocolTablesFile.json
        let codes = try XCTUnwrap(tables.objectValue?["codes"]?.arrayValue).compactMap {
            $0.objectValue?["code"]?.stringValue
        }
        XCTAssertEqual(codes, ErrorCode.allCases.map(\.rawValue))
        let actions = try XCTUnwrap(tables.objectValue?["actions"]?.arrayValue).compactMap {
            $0.objectValue?["action"]?.stringValue
        }
        XCTAssertEqual(actions.sorted(), Action.allCases.map(\.rawValue).sorted())
        let rules = try XCTUnwrap(tables.objectValue?["rules"]?.arrayValue)
        XCTAssertEqual(rules.count, Rule.all.count)
    }
}
