import RedoTestSupport
import XCTest

/// The signature cache through the binary: a warm run prints the same report as a cold
/// one, and every command that takes --cache says on stderr what the cache saved.
extension BinaryEndToEndTests {
    func testBinaryReportsCacheUseOnStderr() throws {
        let folder = TempFiles.folder("binary-cache")
        let log = RecordTampering.brokenSignatureLog(in: folder)
        let cold = try BinaryEndToEndTests.run(["validate", log, "--format", "json"])
        _ = try BinaryEndToEndTests.run(["validate", log, "--format", "json", "--cache", folder + "/c"])
        let warm = try BinaryEndToEndTests.run(["validate", log, "--format", "json", "--cache", folder + "/c"])
        XCTAssertEqual(warm.stdout, cold.stdout)
        XCTAssertEqual(warm.status, cold.status)
        XCTAssertTrue(warm.stderr.contains("cache: 389 signatures from the cache, 11 verified"), warm.stderr)
        let verify = try BinaryEndToEndTests.run(["verify", log, "--cache", folder + "/c"])
        XCTAssertTrue(verify.stderr.contains("cache: 389 signatures from the cache, 11 verified"), verify.stderr)
        // diff verifies a record both sides hold once; a signature that failed is never
        // cached, so each side verifies the log's 11 bad ones again.
        for (command, line) in [
            (["reconstruct", log], "cache: 389 signatures from the cache, 11 verified"),
            (["diff", log, log, "--format", "json"], " signatures from the cache, 22 verified"),
        ] {
            let plain = try BinaryEndToEndTests.run(command)
            let cached = try BinaryEndToEndTests.run(command + ["--cache", folder + "/c"])
            XCTAssertEqual(cached.stdout, plain.stdout, command[0])
            XCTAssertEqual(cached.status, plain.status, command[0])
            XCTAssertTrue(cached.stderr.contains(line), "\(command[0]): \(cached.stderr)")
        }
    }
}
