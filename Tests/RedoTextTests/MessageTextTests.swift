import RedoText
import XCTest

/// The display-escaping rule: what a person's terminal may never receive raw from an input.
final class MessageTextTests: XCTestCase {
    /// One of each class: C0 (LF, ESC, BEL), DEL, C1 (NEL, CSI), the line separator, and
    /// a bidi override; around them, text that must stay as typed.
    static let hostile =
        "a\nb\u{1B}[31mc\u{7}d\u{7F}e\u{85}f\u{9B}g\u{2028}h\u{2029}i\u{202E}j\u{2066}k\u{61C}l\u{200F}m"
    static let shown =
        #"a\nb\u{1B}[31mc\u{7}d\u{7F}e\u{85}f\u{9B}g\u{2028}h\u{2029}i\u{202E}j\u{2066}k\u{61C}l\u{200F}m"#

    func testDisplayedEscapesEveryUnsafeClassAndNothingElse() {
        XCTAssertEqual(MessageText.displayed(Self.hostile), Self.shown)
        // Ordinary non-ASCII, quotes and backslashes are text, shown as typed.
        for plain in ["café", "中文", "👩‍💻", #"C:\path "q""#, "KELVIN \u{212A}", "\u{A0}nbsp", ""] {
            XCTAssertEqual(MessageText.displayed(plain), plain)
        }
        // Idempotent: a message's escapes pass through a report unchanged.
        XCTAssertEqual(MessageText.displayed(MessageText.displayed(Self.hostile)), Self.shown)
        XCTAssertTrue(
            MessageText.displayed(Self.hostile).unicodeScalars.allSatisfy { !MessageText.isDisplayUnsafe($0) })
    }

    func testEveryBidiFormattingCharacterIsUnsafe() {
        let bidi: [UInt32] = [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        for value in bidi {
            XCTAssertTrue(MessageText.isDisplayUnsafe(Unicode.Scalar(value)!), String(value, radix: 16))
        }
        for value: UInt32 in [0x20, 0x7E, 0xA0, 0x200D, 0x2027, 0x202F, 0x2065, 0x206A] {
            XCTAssertFalse(MessageText.isDisplayUnsafe(Unicode.Scalar(value)!), String(value, radix: 16))
        }
    }

    /// Values in messages follow the same rule (DEL and NEL included); keys also spell out
    /// every non-ASCII character, so a look-alike never reads as the name.
    func testQuotedValuesAndKeysUseTheRule() {
        XCTAssertEqual(MessageText.quoted(Self.hostile), "\"" + Self.shown + "\"")
        XCTAssertEqual(MessageText.quoted("café \"x\" \\"), #""café \"x\" \\""#)
        XCTAssertEqual(MessageText.key("caf\u{E9}\u{7F}\u{85}"), #""caf\u{E9}\u{7F}\u{85}""#)
    }
}
