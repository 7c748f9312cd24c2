import XCTest
@testable import RedoConformKit

/// `vectors generate` names the path it cannot write into.
final class VectorsCommandTests: XCTestCase {
    func testGenerateIntoAnExistingFileNamesIt() {
        let folder = TempFiles.folder("vectors-out")
        let file = TempFiles.write("x", to: folder + "/file")
        for out in [file, file + "/sub"] {
            let console = CapturedConsole()
            XCTAssertEqual(VectorsCommand.generate(seed: "s", into: out, console: console.console), .usageOrIO, out)
            XCTAssertEqual(console.stderr, "error: \(file): exists and is not a directory\n")
            XCTAssertEqual(console.stdout, "")
        }
        // A folder where a vector file goes: named, with the system's reason.
        let out = TempFiles.folder("vectors-out-dir")
        let taken = VectorGenerator.files(seed: "s")[0].path
        XCTAssertNoThrow(try FileManager.default.createDirectory(atPath: out + "/" + taken, withIntermediateDirectories: true))
        let console = CapturedConsole()
        XCTAssertEqual(VectorsCommand.generate(seed: "s", into: out, console: console.console), .usageOrIO)
        XCTAssertEqual(console.stderr, "error: \(out)/\(taken): cannot write: is a directory\n")
    }
}
