import RedoTestSupport
import XCTest

@testable import RedoValidation

final class LineReaderTests: XCTestCase {
    private func lines(of text: [UInt8], chunk: Int, maxLine: Int = 1 << 20) throws -> [String] {
        let path = TempFiles.path("lines")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try LineReader(InputPath(path), maxLineBytes: maxLine, chunkSize: chunk)
        var out: [String] = []
        try reader.forEachLine { line in
            switch line {
            case let .text(number, bytes): out.append("\(number):\(String(decoding: bytes, as: UTF8.self))")
            case let .overlong(number, length): out.append("\(number):overlong \(length)")
            }
            return true
        }
        // Every test reads its file a second time as slices, kept until the end: the reader
        // must never write into a chunk it has handed out a line of.
        let sliceReader = try LineReader(InputPath(path), maxLineBytes: maxLine, chunkSize: chunk)
        var kept: [LineReader.Line<ArraySlice<UInt8>>] = []
        try sliceReader.forEachLineSlice { line in
            kept.append(line)
            return true
        }
        let fromSlices = kept.map { line in
            switch line {
            case let .text(number, bytes): return "\(number):\(String(decoding: bytes, as: UTF8.self))"
            case let .overlong(number, length): return "\(number):overlong \(length)"
            }
        }
        XCTAssertEqual(fromSlices, out, "lines read as slices")
        return out
    }

    func testSlicesOutliveRefillsAndLinesLongerThanAChunk() throws {
        // 4096-byte chunks (the smallest): lines straddle refills, and one line is longer
        // than two chunks, so the buffer also grows while slices of it are held.
        var text = (1...300).map { "entry \($0) " + String(repeating: "abcdefgh", count: $0 % 50) }
        text.insert(String(repeating: "L", count: 9000), at: 120)
        let expected = text.enumerated().map { "\($0.offset + 1):\($0.element)" }
        XCTAssertEqual(try lines(of: Array(text.joined(separator: "\r\n").utf8), chunk: 4096), expected)
    }

    func testLinesAcrossChunkBoundaries() throws {
        let text = (1...500).map { "line number \($0) " + String(repeating: "x", count: $0 % 37) }.joined(
            separator: "\n")
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            "\($0.offset + 1):\($0.element)"
        }
        for chunk in [1, 7, 64, 4096, 1 << 20] {
            XCTAssertEqual(try lines(of: Array(text.utf8), chunk: chunk), expected, "chunk \(chunk)")
        }
    }

    func testCRLFAndMissingFinalNewline() throws {
        XCTAssertEqual(try lines(of: Array("a\r\nb\n\nc".utf8), chunk: 2), ["1:a", "2:b", "3:", "4:c"])
        XCTAssertEqual(try lines(of: Array("a\n".utf8), chunk: 4096), ["1:a"])
        XCTAssertEqual(try lines(of: [], chunk: 4096), [])
    }

    func testOverlongLinesAreSkippedNotBuffered() throws {
        let text = "short\n" + String(repeating: "y", count: 10_000) + "\nafter\n" + String(repeating: "z", count: 300)
        XCTAssertEqual(
            try lines(of: Array(text.utf8), chunk: 4096, maxLine: 100),
            ["1:short", "2:overlong 10000", "3:after", "4:overlong 300"])
    }

    func testU2028IsNotALineBreak() throws {
        XCTAssertEqual(try lines(of: Array("a\u{2028}b\nc".utf8), chunk: 3), ["1:a\u{2028}b", "2:c"])
    }

    func testMissingFileIsANamedError() {
        XCTAssertThrowsError(try LineReader(InputPath("/nonexistent/file.jsonl"))) { error in
            XCTAssertEqual("\(error)", "/nonexistent/file.jsonl: no such file or directory")
        }
    }
}
