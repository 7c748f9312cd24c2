import RedoJSON
import XCTest

/// Syntax errors quote the offending input by the display-escaping rule.
final class SyntaxErrorEscapingTests: XCTestCase {
    /// A syntax error names a control or bidi character rather than printing it.
    func testSyntaxErrorNamesAnUnsafeCharacter() {
        XCTAssertThrowsError(try JSONReader.parse("[1,\u{202E}]")) { error in
            XCTAssertTrue("\(error)".contains(#"character '\u{202E}'"#), "\(error)")
        }
        XCTAssertThrowsError(try JSONReader.parse("[1,é]")) { error in
            XCTAssertTrue("\(error)".contains("character 'é'"), "\(error)")
        }
    }
}
