import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// `vectors log` writes exactly --nodes lines, refuses sizes below a shape's minimum, and
/// keeps the bytes of every size it already wrote exactly (benchmark inputs must not move);
/// `vectors generate` names the path it cannot write into.
final class VectorsCommandTests: XCTestCase {
    private func log(_ shape: LogGenerator.Shape, nodes: Int, deleteLength: Int = 10) -> [UInt8] {
        var generator = LogGenerator(shape: shape, nodes: nodes, tasks: 100, seed: "s", jobs: 1)
        generator.deleteLength = deleteLength
        var bytes: [UInt8] = []
        generator.generate { bytes += $0 }
        return bytes
    }

    func testEveryShapeWritesExactlyTheNodesAskedFor() {
        for shape in LogGenerator.Shape.allCases {
            let minimum = shape.minimum(deleteLength: 3).nodes
            for nodes in [minimum, minimum + 1, minimum + 2, minimum + 7] {
                let lines = log(shape, nodes: nodes, deleteLength: 3).filter { $0 == 0x0A }.count
                XCTAssertEqual(lines, nodes, "\(shape) --nodes \(nodes)")
            }
        }
    }

    func testSizesBelowAShapesMinimumAreUsageErrors() {
        XCTAssertEqual(
            LogGenerator.usageProblem(shape: .fan, nodes: 0, deleteLength: 1000),
            "--shape fan needs --nodes 2 or more (the CREATE and one branch)")
        XCTAssertNotNil(LogGenerator.usageProblem(shape: .chain, nodes: 1, deleteLength: 1000))
        XCTAssertNotNil(LogGenerator.usageProblem(shape: .farMerge, nodes: 3, deleteLength: 1000))
        XCTAssertNotNil(LogGenerator.usageProblem(shape: .benign, nodes: -1, deleteLength: 1000))
        XCTAssertEqual(
            LogGenerator.usageProblem(shape: .benign, nodes: 10, deleteLength: 1000, tasks: 0),
            "--tasks must be at least 1")
        XCTAssertEqual(
            LogGenerator.usageProblem(shape: .bigDelete, nodes: 1000, deleteLength: 1000),
            "--shape big-delete needs --nodes 1001 or more (a 1000-node chain and its DELETE)")
        XCTAssertEqual(
            LogGenerator.usageProblem(shape: .benign, nodes: 10, deleteLength: 0), "--delete-length must be at least 1")
        for shape in LogGenerator.Shape.allCases {
            XCTAssertNil(
                LogGenerator.usageProblem(
                    shape: shape, nodes: shape.minimum(deleteLength: 1000).nodes, deleteLength: 1000), "\(shape)")
        }
    }

    /// Benchmark inputs must not move: sizes made of whole layers, whole DELETE tasks or
    /// chains above their floor keep these pinned bytes.
    func testWholeShapeSizesKeepTheirPinnedBytes() {
        let pinned: [(LogGenerator.Shape, Int, String)] = [
            (.fan, 1000, "2a1f2de5c57620d9f4524189fba2304ac2b22634c67c0353d1eeb8f9082e4d30"),
            (.mergeStack, 12, "e2d91364c0616bdc7b58c95446e837df7c94a7ab63e9dda8747745137524b9a9"),
            (.farMerge, 13, "189aba5f9f4ce3aef343974f2a8f0fa065698871daba86a21dc1f17fdeb4c456"),
            (.bigDelete, 1001, "f5f71c204b8448b7c15065988b822b1807adb375c68b421bb2b2388816fe9296"),
            (.caseVariants, 13, "0f9d5efa2bd0da6a293cfd43198e3f26a3d683500c2600e00d1dc0fc0473a24f"),
            (.selfParent, 13, "e7d78d297e0eee4e19e50303a3214edb49d62013bb2fa3a61208ec36327f0d9a"),
            (.chain, 13, "918ed5cb2c30b56a2cdc263a677d984fcfdc2a01e9149064ca869d9b0d21a9a0"),
            (.repeated, 5, "e273bc060c775cc8eac031def12b27c89f7eaadc1262c0ac9c49fe5160889528"),
            (.benign, 13, "5bb18cc01ccf45d6aaaa835ab2c050e862d527fcf91dd1d24134b69e8971acc0"),
        ]
        for (shape, nodes, sha256) in pinned {
            XCTAssertEqual(RedoSHA256.hash(log(shape, nodes: nodes)).hex, sha256, "\(shape) --nodes \(nodes)")
        }
        // A size between layers is the first lines of the next whole size.
        let firstLines: [UInt8] = log(.mergeStack, nodes: 23).split(separator: 0x0A).prefix(17).flatMap {
            line -> [UInt8] in Array(line) + [0x0A]
        }
        XCTAssertEqual(log(.mergeStack, nodes: 17), firstLines)
    }

    func testGenerateIntoAnExistingFileNamesIt() throws {
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
        let taken = try VectorGenerator.files(seed: "s")[0].path
        XCTAssertNoThrow(
            try FileManager.default.createDirectory(atPath: out + "/" + taken, withIntermediateDirectories: true))
        let console = CapturedConsole()
        XCTAssertEqual(VectorsCommand.generate(seed: "s", into: out, console: console.console), .usageOrIO)
        XCTAssertEqual(console.stderr, "error: \(out)/\(taken): is a directory\n")
    }

    /// The reconstruction vectors come from the catalog: a bad catalog file is an input
    /// problem named at its place, and nothing is written.
    func testGenerateFromABadCatalogNamesTheFileAndWritesNothing() {
        let catalog = TempFiles.folder("vectors-catalog")
        let bad = TempFiles.write(
            "vector: reconstruction\nauthors:\n  a: {seed: \"0\", devices: [d]}\ntasks: [t]\nnodes:\n  - {name: n, action: UPDATE, parents: [gone]}\n",
            to: catalog + "/bad.yaml")
        let out = TempFiles.folder("vectors-out-bad-catalog")
        let console = CapturedConsole()
        XCTAssertEqual(
            VectorsCommand.generate(seed: "s", into: out + "/set", scenarios: catalog, console: console.console),
            .usageOrIO)
        XCTAssertTrue(console.stderr.hasPrefix("error: \(bad):6:"), console.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/set"))
        let empty = CapturedConsole()
        XCTAssertEqual(
            VectorsCommand.generate(
                seed: "s", into: out + "/set", scenarios: TempFiles.folder("vectors-no-catalog"), console: empty.console
            ), .usageOrIO)
        XCTAssertTrue(empty.stderr.contains("no scenario files"), empty.stderr)
    }
}
