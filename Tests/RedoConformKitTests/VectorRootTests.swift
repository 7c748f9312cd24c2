import Foundation
import RedoFixtures
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

/// Where the shipped vectors are found, and what `vectors generate --external` adds.
final class VectorRootTests: XCTestCase {
    func testSearchOrderStartsBesideTheExecutable() throws {
        let places = VectorRoot.searchOrder(
            executable: URL(fileURLWithPath: "/opt/rc/bin/redo-conform"), checkout: "/src/redo-conform/Vectors")
        XCTAssertEqual(
            places,
            ["/opt/rc/bin/Vectors", "/opt/rc/share/redo-conform/Vectors", "Vectors", "/src/redo-conform/Vectors"])
        XCTAssertEqual(VectorRoot.searchOrder(executable: nil, checkout: "/src/Vectors"), ["Vectors", "/src/Vectors"])
    }

    /// A release archive unpacked anywhere, its binary reached through a symbolic link:
    /// the vectors beside the real binary are found.
    func testALinkedExecutableFindsTheVectorsBesideItsTarget() throws {
        let archive = TempFiles.folder("archive")
        let binary = TempFiles.write("", to: archive + "/redo-conform")
        try FileManager.default.createDirectory(atPath: archive + "/Vectors/nodes", withIntermediateDirectories: true)
        XCTAssertFalse(VectorRoot.isShippedVectors(archive + "/Vectors"))
        TempFiles.write("# Vectors\n", to: archive + "/Vectors/README.md")
        TempFiles.write("{}", to: archive + "/Vectors/nodes/manifest.json")
        XCTAssertTrue(VectorRoot.isShippedVectors(archive + "/Vectors"))
        let bin = TempFiles.folder("bin")
        try FileManager.default.createSymbolicLink(atPath: bin + "/redo-conform", withDestinationPath: binary)
        let first = VectorRoot.searchOrder(
            executable: URL(fileURLWithPath: bin + "/redo-conform"), checkout: "/nowhere")[0]
        XCTAssertEqual(
            URL(fileURLWithPath: first).resolvingSymlinksInPath().path,
            URL(fileURLWithPath: archive + "/Vectors").resolvingSymlinksInPath().path)
        XCTAssertTrue(VectorRoot.isShippedVectors(VectorRoot.shipped.path), VectorRoot.shipped.path)
    }

    func testGenerateWithExternalAddsThePublishedCasesAfterTheCraftedOnes() throws {
        try ExternalVectors.require()
        let plain = TempFiles.path("plain")
        let external = TempFiles.path("external")
        XCTAssertEqual(VectorsCommand.generate(seed: "s", into: plain, console: CapturedConsole().console), .ok)
        let console = CapturedConsole()
        XCTAssertEqual(
            VectorsCommand.generate(
                seed: "s", into: external, external: ExternalVectors.root.path, console: console.console), .ok,
            console.stderr)
        XCTAssertTrue(
            console.stdout.contains("(with 163 external signature cases from \(ExternalVectors.root.path))"),
            console.stdout)
        let ids =
            try VectorRoot(path: external).json("platform/inputs.json").objectValue?["signatures"]?.arrayValue?
            .compactMap { $0.objectValue?["id"]?.stringValue } ?? []
        let crafted = SignatureCases.crafted(seed: "s").map(\.id)
        XCTAssertEqual(Array(ids.prefix(crafted.count)), crafted)
        XCTAssertEqual(ids.dropFirst(crafted.count).filter { $0.hasPrefix("speccheck-") }.count, 12)
        XCTAssertEqual(ids.dropFirst(crafted.count).filter { $0.hasPrefix("wycheproof-") }.count, 151)
        // Only the exchange differs.
        for file in try VectorGenerator.files(seed: "s") where !file.path.hasPrefix("platform/") {
            XCTAssertEqual(
                try VectorRoot(path: external).bytes(file.path), try VectorRoot(path: plain).bytes(file.path), file.path
            )
        }
        let check = CapturedConsole()
        XCTAssertEqual(CheckCommand.run(root: VectorRoot(path: external), console: check.console), .ok, check.stdout)
    }

    func testAnExternalFolderMissingAFileIsAnErrorNamingIt() throws {
        let folder = TempFiles.folder("partial-external")
        try FileManager.default.createDirectory(atPath: folder + "/speccheck", withIntermediateDirectories: true)
        TempFiles.write("[]", to: folder + "/speccheck/cases.json")
        let out = TempFiles.path("out")
        let console = CapturedConsole()
        XCTAssertEqual(
            VectorsCommand.generate(seed: "s", into: out, external: folder, console: console.console), .usageOrIO)
        XCTAssertEqual(
            console.stderr, "error: --external: \(folder)/wycheproof/ed25519_test.json: no such file or directory\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/platform/inputs.json"))
        let missing = CapturedConsole()
        XCTAssertEqual(
            VectorsCommand.generate(seed: "s", into: out, external: folder + "/nope", console: missing.console),
            .usageOrIO)
        XCTAssertEqual(missing.stderr, "error: --external \(folder)/nope: no such directory\n")
    }
}
