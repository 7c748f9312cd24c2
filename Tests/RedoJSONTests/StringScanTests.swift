import RedoTestSupport
import XCTest

@testable import RedoJSON

/// The string scanner reads eight bytes at a time and jumps to the first byte that needs
/// a closer look. These tests put every kind of such byte at every place in a word.
final class StringScanTests: XCTestCase {
    /// The lowest flagged byte is exactly the first quote, backslash, control character
    /// or non-ASCII byte, whatever follows it (the tricks' borrows flag bytes above a true
    /// one falsely, and must never flag one below).
    func testAttentionFlagsTheFirstSpecialByteExactly() {
        let special: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x1F, 0x80, 0xC3, 0xFF]
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x61, 0x7F, 0x30]
        var generator = SeededRandom(for: self, seed: 0x5CA9)
        for _ in generator.rounds(20_000) {
            var bytes = (0..<8).map { _ in plain.randomElement(using: &generator)! }
            let first = Int.random(in: 0...8, using: &generator)
            if first < 8 {
                bytes[first] = special.randomElement(using: &generator)!
                for k in first + 1..<8 where Bool.random(using: &generator) {
                    bytes[k] = special.randomElement(using: &generator)!
                }
            }
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            let mask = JSONParser<JSONTapeBuilder>.attention(word)
            XCTAssertEqual(mask == 0 ? 8 : mask.trailingZeroBitCount >> 3, first, "\(bytes)")
        }
    }

    /// Strings with a quote, an escape, a multi-byte character or a control character at
    /// each offset from 0 to 20 (across the eight-byte steps) read as they should.
    func testSpecialBytesAtEveryOffset() throws {
        for offset in 0...20 {
            let pad = String(repeating: "a", count: offset)
            XCTAssertEqual(try JSONReader.parse(Array("\"\(pad)\"".utf8)), .string(pad))
            XCTAssertEqual(try JSONReader.parse(Array("\"\(pad)\\n\(pad)\"".utf8)), .string(pad + "\n" + pad))
            XCTAssertEqual(try JSONReader.parse(Array("\"\(pad)é€😀\(pad)\"".utf8)), .string(pad + "é€😀" + pad))
            let duplicate = "{\"\(pad)k\":1,\"\(pad)\\u006b\":2}"
            XCTAssertThrowsError(try JSONReader.parse(Array(duplicate.utf8))) { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.kind, .duplicateKey)
                XCTAssertEqual((error as? JSONSyntaxError)?.offset, offset + 7)
            }
            var control = Array("\"\(pad)x\(pad)\"".utf8)
            control[1 + offset] = 0x09
            do {
                _ = try JSONReader.parse(control)
                XCTFail("a raw tab at \(offset) was accepted")
            } catch {
                XCTAssertEqual(error.kind, .controlCharacter)
                XCTAssertEqual(error.offset, 1 + offset)
            }
        }
    }
}
