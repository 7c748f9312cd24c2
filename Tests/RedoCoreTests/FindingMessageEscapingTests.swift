import RedoCrypto
import RedoJSON
import XCTest

@testable import RedoCore

/// Findings quote untrusted input by the display-escaping rule (RedoText's `MessageText`).
final class FindingMessageEscapingTests: XCTestCase {
    func testAFindingMessageShowsAHostileTaskIdEscaped() {
        let text = String(decoding: NodeValidatorTests.node(), as: UTF8.self)
            .replacingOccurrences(
                of: "550e8400-e29b-41d4-a716-446655440000", with: "x\\u007f\\u0085\\u2028\\u202e\\nFAKE")
        let finding = NodeValidator().check(bytes: Array(text.utf8)).findings.first { $0.rule.id == "taskId.format" }
        XCTAssertTrue(
            finding?.message.hasPrefix(#""x\u{7F}\u{85}\u{2028}\u{202E}\nFAKE" is not"#) ?? false,
            finding?.message ?? "none")
    }
}
