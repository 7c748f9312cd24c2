import Foundation
import RedoFixtures
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// Output files are written whole or not at all: a regular file goes to a temporary file
/// beside it and is renamed into place; FIFOs, devices and /dev/stdout are written directly.
final class WholeOutputTests: XCTestCase {
    private func write(_ text: String, to path: String) -> (Bool, String) {
        let console = CapturedConsole()
        let written = ReportOutput.write(to: path, console: console.console) { $0.write(text) }
        return (written, console.stderr)
    }

    private func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func testANewFileAppearsWholeWithNothingLeftBeside() throws {
        let folder = TempFiles.folder("whole-new")
        let (written, errors) = write("report\n", to: folder + "/report.json")
        XCTAssertTrue(written, errors)
        XCTAssertEqual(try String(contentsOfFile: folder + "/report.json", encoding: .utf8), "report\n")
        XCTAssertEqual(try names(in: folder), ["report.json"])
        // Created as `open(…, 0644)` would: 0644 less the umask.
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/report.json")[.posixPermissions] as? Int
        let mask = umask(0o022)
        umask(mask)
        XCTAssertEqual(mode, 0o644 & ~Int(mask))
    }

    func testAnExistingFileIsReplacedKeepingItsMode() throws {
        let folder = TempFiles.folder("whole-replace")
        let path = TempFiles.write("old report, longer than the new one\n", to: folder + "/report.txt")
        XCTAssertEqual(chmod(path, 0o640), 0)
        XCTAssertTrue(write("new\n", to: path).0)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o640)
        XCTAssertEqual(try names(in: folder), ["report.txt"])
    }

    func testASymlinkKeepsItsLinkAndItsTargetIsReplaced() throws {
        let folder = TempFiles.folder("whole-symlink")
        let target = TempFiles.write("old", to: folder + "/target.json")
        XCTAssertEqual(symlink("target.json", folder + "/link.json"), 0)
        XCTAssertTrue(write("new", to: folder + "/link.json").0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.json"), "target.json")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new")
        XCTAssertEqual(try names(in: folder), ["link.json", "target.json"])
    }

    func testAFIFOIsWrittenDirectly() throws {
        let folder = TempFiles.folder("whole-fifo")
        let fifo = folder + "/out.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let read = Thread.detachedRead(fifo)
        XCTAssertTrue(write("through the pipe\n", to: fifo).0)
        XCTAssertEqual(read.wait(), "through the pipe\n")
        XCTAssertEqual(try names(in: folder), ["out.fifo"])
    }

    func testADeviceIsWrittenDirectlyAndItsFailureReported() {
        let (written, errors) = write("x", to: "/dev/full")
        XCTAssertFalse(written)
        XCTAssertEqual(errors, "error: /dev/full: no space left on device\n")
        XCTAssertTrue(write("x", to: "/dev/null").0)
    }

    func testAFolderThatCannotHoldTheFileIsOneLine() throws {
        let folder = TempFiles.folder("whole-missing")
        let (written, errors) = write("x", to: folder + "/no/such/report.json")
        XCTAssertFalse(written)
        XCTAssertEqual(errors, "error: \(folder)/no/such/report.json: no such file or directory\n")
    }

    func testANewKeyFileIsLinkedIntoPlaceWithNothingLeftBeside() throws {
        let folder = TempFiles.folder("whole-key")
        let console = CapturedConsole()
        let path = folder + "/key.json"
        XCTAssertEqual(
            KeygenCommand.run(seedHex: nil, seedText: "k", out: path, force: false, console: console.console), .ok)
        XCTAssertEqual(try names(in: folder), ["key.json"])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o600)
        // A dangling symlink is a name in use, as O_EXCL | O_NOFOLLOW had it.
        XCTAssertEqual(symlink(folder + "/nowhere", folder + "/dangling.json"), 0)
        XCTAssertEqual(
            KeygenCommand.run(
                seedHex: nil, seedText: "k", out: folder + "/dangling.json", force: false, console: console.console),
            .usageOrIO)
        XCTAssertTrue(console.stderr.contains("dangling.json: already exists"), console.stderr)
        XCTAssertEqual(try names(in: folder), ["dangling.json", "key.json"])
    }
}

extension Thread {
    /// Reads a FIFO to its end on a thread of its own (opening it blocks until a writer comes).
    static func detachedRead(_ path: String) -> PendingRead {
        let pending = PendingRead()
        Thread {
            let data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data("(unreadable)".utf8)
            pending.finish(String(decoding: data, as: UTF8.self))
        }.start()
        return pending
    }

    final class PendingRead: @unchecked Sendable {
        // @unchecked: the text is set once, before the semaphore is signalled.
        private let done = DispatchSemaphore(value: 0)
        private var text = ""
        func finish(_ value: String) {
            text = value
            done.signal()
        }
        func wait() -> String {
            _ = done.wait(timeout: .now() + 30)
            return text
        }
    }
}
