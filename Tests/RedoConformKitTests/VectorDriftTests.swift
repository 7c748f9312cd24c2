import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// The shipped node and log vectors are exactly what the generator writes for the shipped
/// seed: regenerating changes no byte, and no stray file hides among them.
final class VectorDriftTests: XCTestCase {
    func testShippedVectorsMatchTheGenerator() throws {
        let root = VectorRoot.shipped
        let files = try VectorGenerator.files(seed: VectorGenerator.shippedSeed)
        XCTAssertGreaterThan(files.count, 200)
        for file in files {
            let shipped = try root.bytes(file.path)
            XCTAssertTrue(
                shipped == file.bytes,
                "\(file.path) drifted from the generator: run `redo-conform vectors generate --out Vectors`")
        }
        for folder in ["nodes", "logs", "reconstruction", "exports"] {  // platform/ also holds recorded outputs
            let generated = Set(
                files.filter { $0.path.hasPrefix(folder + "/") }.map { String($0.path.dropFirst(folder.count + 1)) })
            let present = Set(try FileManager.default.contentsOfDirectory(atPath: root.url(folder)))
            XCTAssertEqual(
                present.subtracting(generated), [], "files in Vectors/\(folder) the generator does not write")
        }
    }

    func testSameSeedSameBytesOtherSeedOtherBytes() throws {
        let a = try VectorGenerator.files(seed: "s1")
        let b = try VectorGenerator.files(seed: "s1")
        let c = try VectorGenerator.files(seed: "s2")
        XCTAssertEqual(a.map(\.bytes), b.map(\.bytes))
        XCTAssertNotEqual(
            a.first { $0.path == "nodes/create-valid.json" }?.bytes,
            c.first { $0.path == "nodes/create-valid.json" }?.bytes)
    }

    func testOtherSeedsPassTheirOwnSuites() throws {
        let dir = TempFiles.path("vectors")
        let captured = CapturedConsole()
        XCTAssertEqual(VectorsCommand.generate(seed: "another seed", into: dir, console: captured.console), .ok)
        let check = CapturedConsole()
        XCTAssertEqual(CheckCommand.run(root: VectorRoot(path: dir), console: check.console), .ok, check.stdout)
    }
}
