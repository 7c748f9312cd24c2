import Foundation
import RedoTestSupport
import XCTest

@testable import RedoConformKit

/// The binary as the release archive lays it out (Scripts/release.sh): what `check`
/// finds there, and the texts the archive's man pages and completions are made from.
extension BinaryEndToEndTests {
    /// `PREFIX/bin/redo-conform`, reached through a symbolic link elsewhere, finds
    /// `PREFIX/share/redo-conform/Vectors`. The external suites' default folder names the
    /// vectors that were used: beside the installed ones there is none, beside the
    /// checkout's (the fallback) there is.
    func testAnInstalledBinaryFindsTheVectorsInItsShareFolder() throws {
        let prefix = TempFiles.folder("prefix")
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: prefix + "/share/redo-conform", withIntermediateDirectories: true)
        // A copy, not a link: a link would be resolved back to the build folder.
        try FileManager.default.copyItem(atPath: Self.binary.path, toPath: prefix + "/bin/redo-conform")
        try FileManager.default.createSymbolicLink(
            atPath: prefix + "/share/redo-conform/Vectors", withDestinationPath: VectorRoot.checkoutVectors)
        let bin = TempFiles.folder("path")
        try FileManager.default.createSymbolicLink(
            atPath: bin + "/redo-conform", withDestinationPath: prefix + "/bin/redo-conform")

        let output = try ChildProcess.run(URL(fileURLWithPath: bin + "/redo-conform"), ["check"])
        let stdout = String(decoding: output.stdout, as: UTF8.self)
        XCTAssertEqual(output.status, 0, stdout + String(decoding: output.stderr, as: UTF8.self))
        let real = URL(fileURLWithPath: prefix).resolvingSymlinksInPath().path
        XCTAssertTrue(stdout.contains("\(real)/share/shared/external-vectors not found"), stdout)
    }

    /// The man pages are generated from the parser's description of every command
    /// (--experimental-dump-help), and the generator drops every character that is not
    /// ASCII: the description must hold none.
    func testTheManualPagesSourceIsASCII() throws {
        let result = try Self.run(["--experimental-dump-help"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"commandName\" : \"validate\""), result.stdout)
        let other = Set(result.stdout.unicodeScalars.filter { !$0.isASCII })
        XCTAssertEqual(other, [], "not ASCII: \(other.map { String($0) }.sorted())")
    }

    func testCompletionScriptsAreWrittenForEveryShell() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try Self.run(["--generate-completion-script", shell])
            XCTAssertEqual(result.status, 0, "\(shell): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("validate"), "\(shell): \(result.stdout)")
        }
    }
}
