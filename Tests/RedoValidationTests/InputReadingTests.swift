import Foundation
import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoValidation

/// How inputs are opened, sniffed and read: pipes and FIFOs once, JSON Lines without the
/// extension, walks that read regular files only, size limits before reading.
final class InputReadingTests: XCTestCase {
    private func signedLines(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        LogGenerator(shape: .benign, nodes: count, tasks: max(1, count / 10), seed: "input reading", jobs: 1).generate {
            line in
            bytes += line
            if line.last != 0x0A { bytes.append(0x0A) }
        }
        return bytes
    }

    /// Makes a FIFO and writes `bytes` into it from another thread (a FIFO's open blocks
    /// until both ends are there).
    private func fifo(_ path: String, feeding bytes: [UInt8]) -> Thread {
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            bytes.withUnsafeBytes { all in
                var offset = 0
                while offset < all.count {
                    let written = write(fd, all.baseAddress! + offset, all.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(fd)
        }
        writer.start()
        return writer
    }

    func testAFIFOIsReadOnceAndStreamedAsJSONLinesWhateverItsName() {
        let folder = TempFiles.folder("fifo")
        let lines = signedLines(200)
        // Named .json and larger than the document limit: read as a document it would be
        // refused, so every record checked means it was streamed; and the binary test
        // must not have eaten its first bytes.
        _ = fifo(folder + "/log.json", feeding: lines)
        var options = ValidationOptions()
        options.maxDocumentBytes = lines.count / 4
        let result = ValidationRun(options: options).run([folder + "/log.json"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.verdict.records.count, 200)
        XCTAssertEqual(result.verdict.records.filter { $0.status == .valid }.count, 200)
    }

    func testAWalkReadsRegularFilesOnly() {
        let folder = TempFiles.folder("walk")
        TempFiles.write(signedLines(3), to: folder + "/a.jsonl")
        XCTAssertEqual(mkfifo(folder + "/f.jsonl", 0o600), 0)  // would block forever if opened
        try! FileManager.default.createDirectory(atPath: folder + "/y.json", withIntermediateDirectories: false)
        TempFiles.write(signedLines(2), to: folder + "/y.json/b.jsonl")
        let (files, problems) = InputFiles.expand([folder])
        XCTAssertEqual(problems, [])
        XCTAssertEqual(files.map(\.path), [folder + "/a.jsonl", folder + "/y.json/b.jsonl"])
    }

    /// A regular file reached twice is read once, where it first appears: named twice,
    /// named and walked, or through a symlink or a hard link. Otherwise the order stays.
    func testAFileReachedTwiceIsReadOnce() throws {
        let folder = TempFiles.folder("twice")
        let a = TempFiles.write(signedLines(3), to: folder + "/a.jsonl")
        let b = TempFiles.write(signedLines(3), to: folder + "/b.jsonl")  // the same bytes, another file
        func paths(_ operands: [String]) -> [String] {
            let (files, problems) = InputFiles.expand(operands)
            XCTAssertEqual(problems, [], "\(operands)")
            XCTAssertEqual(files.map(\.display), files.map(\.path))
            return files.map(\.path)
        }
        XCTAssertEqual(paths([a, a]), [a])
        XCTAssertEqual(paths([a, folder + "/./a.jsonl", b]), [a, b])
        XCTAssertEqual(paths([folder, a]), [a, b])
        XCTAssertEqual(paths([b, folder]), [b, a])
        XCTAssertEqual(paths([folder, folder + "/"]), [a, b])

        // A symlink inside the walked folder, and one outside it named before the folder.
        let outside = TempFiles.folder("twice-outside")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.jsonl", withDestinationPath: a)
        try FileManager.default.createSymbolicLink(atPath: outside + "/b-link.jsonl", withDestinationPath: b)
        XCTAssertEqual(paths([folder]), [a, b])
        XCTAssertEqual(paths([outside + "/b-link.jsonl", folder]), [outside + "/b-link.jsonl", a])
        XCTAssertEqual(paths([folder + "/link.jsonl", a]), [folder + "/link.jsonl"])
        // A hard link is the same file too.
        XCTAssertEqual(link(a, outside + "/a-hard.jsonl"), 0)
        XCTAssertEqual(paths([outside + "/a-hard.jsonl", folder]), [outside + "/a-hard.jsonl", b])

        // Read once: three records, none a duplicate; one suite per file in the junit report.
        let result = ValidationRun(options: ValidationOptions()).run([folder, a, folder + "/link.jsonl"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.files.map(\.display), [a, b])
        XCTAssertEqual(
            result.verdict.records.map(\.status), [.valid, .valid, .valid, .duplicate, .duplicate, .duplicate])
        XCTAssertEqual(
            result.verdict.records.indices.map(result.source),
            [a + ":1", a + ":2", a + ":3", b + ":1", b + ":2", b + ":3"])
        let once = ValidationRun(options: ValidationOptions()).run([a, a])
        XCTAssertEqual(once.files.map(\.path), [a])
        XCTAssertEqual(once.verdict.records.map(\.status), [.valid, .valid, .valid])
    }

    func testABrokenFirstLineDoesNotHideTheLinesAfterIt() {
        let folder = TempFiles.folder("first-line")
        let path = TempFiles.write(Array("{\"broken\": \n".utf8) + signedLines(4), to: folder + "/log.json")
        let result = ValidationRun(options: ValidationOptions()).run([path])
        XCTAssertEqual(result.verdict.records.count, 5)
        XCTAssertEqual(result.verdict.records.map(\.status), [.rejected, .valid, .valid, .valid, .valid])
        XCTAssertEqual(result.sources.map(\.line), [1, 2, 3, 4, 5])
    }

    func testABrokenPrettyPrintedDocumentStaysOneLocatedError() {
        let folder = TempFiles.folder("pretty")
        let pretty =
            "{\n  \"id\": \"sha256:00\",\n  \"parents\": [\n    \"a\",\n    \"b\"\n  ],\n  \"version\": 1,,\n  \"x\": {}\n}\n"
        let path = TempFiles.write(pretty, to: folder + "/node.json")
        let result = ValidationRun(options: ValidationOptions()).run([path])
        XCTAssertEqual(result.verdict.records.count, 1)
        XCTAssertEqual(result.verdict.records.first?.findings.first?.rule, .recordSyntax)
    }

    func testAnOversizedDocumentIsRefusedBeforeItIsRead() {
        let folder = TempFiles.folder("oversized")
        let path = TempFiles.write(signedLines(20), to: folder + "/log.json")
        var options = ValidationOptions()
        options.maxDocumentBytes = 1000
        let result = ValidationRun(options: options).run([path])
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(
            result.problems.first?.message.hasPrefix("larger than the limit of 1000 bytes") ?? false,
            "\(result.problems)")
        XCTAssertEqual(result.verdict.records.count, 0)
    }

    func testStreamSniffing() {
        func starts(_ text: String) -> Bool { LineSniffing.startsAsJSONLines(Array(text.utf8)) }
        XCTAssertTrue(starts("{\"a\":1}\n{\"b\":2}\n"))
        XCTAssertTrue(starts("\n  \r\n{\"a\":1}\r\n{\"b\":"), "blank lines first, CRLF, a later line cut off")
        XCTAssertFalse(starts("{\"a\":1}\n"), "one value: a document")
        XCTAssertFalse(starts("{\"a\":1}\n  \n"), "one value and blanks: a document")
        XCTAssertFalse(starts("{\n  \"a\": 1\n}\n"), "pretty-printed")
        XCTAssertFalse(starts("{\"a\":1"), "first line not complete in the head")
        XCTAssertFalse(starts("{\"broken\": \n{\"a\":1}\n"), "a broken first line: read whole, then judged")
    }

    func testDocumentsThatReadAsJSONLines() {
        func reads(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            do {
                _ = try JSONReader.parse(bytes)
                XCTFail("parses: \(text)")
                return false
            } catch {
                return LineSniffing.readsAsJSONLines(bytes, failure: error)
            }
        }
        XCTAssertTrue(reads("{\"a\":1}\n{\"b\":2}"))
        XCTAssertTrue(reads("{\"a\":1}\n{\"b\":"), "first value ends a line")
        XCTAssertTrue(reads("{\"broken\": \n{\"a\":1}\n{\"b\":2}\n"), "half or more of the lines parse")
        XCTAssertFalse(reads("{\"broken\": \n"), "one line")
        XCTAssertFalse(reads("[\n  1,\n  2\n"), "pretty-printed, unterminated")
        XCTAssertFalse(reads("{\n  \"a\": [\n    \"x\"\n  ],,\n  \"b\": 1\n}\n"), "pretty-printed, broken inside")
    }
}
