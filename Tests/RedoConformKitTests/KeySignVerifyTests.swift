import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import RedoValidation
import XCTest

@testable import RedoConformKit

final class KeySignVerifyTests: XCTestCase {
    func testKeygenWritesMode0600AndNeverOverwritesWithoutForce() throws {
        let folder = TempFiles.folder("keygen")
        let path = folder + "/key.json"
        let console = CapturedConsole()
        XCTAssertEqual(
            KeygenCommand.run(seedHex: nil, seedText: "fixture", out: path, force: false, console: console.console), .ok
        )
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(
            KeygenCommand.run(seedHex: nil, seedText: nil, out: path, force: false, console: console.console),
            .usageOrIO)
        XCTAssertTrue(console.stderr.contains("already exists (use --force to overwrite)"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), first)
        XCTAssertEqual(
            KeygenCommand.run(seedHex: nil, seedText: nil, out: path, force: true, console: console.console), .ok)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: path)), first)
    }

    func testForceReplacesOnlyARegularFileWholeAndWith0600() throws {
        let folder = TempFiles.folder("keygen-force")
        let path = TempFiles.write("old key", to: folder + "/key.json")
        XCTAssertEqual(chmod(path, 0o644), 0)
        let console = CapturedConsole()
        XCTAssertEqual(
            KeygenCommand.run(seedHex: nil, seedText: "fixture", out: path, force: true, console: console.console), .ok,
            console.stderr)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o600)
        XCTAssertNoThrow(try KeyFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path))
        // Replaced by rename: no temporary file is left beside it.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["key.json"])
    }

    func testForceRefusesSymlinksFIFOsAndDirectories() throws {
        let folder = TempFiles.folder("keygen-force-refused")
        let target = TempFiles.write("not a key", to: folder + "/target.txt")
        XCTAssertEqual(chmod(target, 0o644), 0)
        XCTAssertEqual(symlink(target, folder + "/link.key"), 0)
        XCTAssertEqual(mkfifo(folder + "/fifo.key", 0o644), 0)
        XCTAssertEqual(mkdir(folder + "/dir.key", 0o755), 0)
        for (name, kind) in [("link.key", "a symbolic link"), ("fifo.key", "a FIFO"), ("dir.key", "a directory")] {
            let console = CapturedConsole()
            XCTAssertEqual(
                KeygenCommand.run(
                    seedHex: nil, seedText: "x", out: folder + "/" + name, force: true, console: console.console),
                .usageOrIO, name)
            XCTAssertTrue(console.stderr.contains("\(name): is \(kind), not a regular file"), console.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "not a key")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int, 0o644)
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: folder + "/fifo.key")[.posixPermissions] as? Int, 0o644)
        // Without --force a dangling symlink is not followed either.
        XCTAssertEqual(symlink(folder + "/nowhere", folder + "/dangling.key"), 0)
        XCTAssertEqual(
            KeygenCommand.run(
                seedHex: nil, seedText: "x", out: folder + "/dangling.key", force: false,
                console: CapturedConsole().console), .usageOrIO)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/nowhere"))
    }

    func testSeedsAreDeterministicAndChecked() throws {
        let a = CapturedConsole()
        let b = CapturedConsole()
        let seed = String(repeating: "ab", count: 32)
        XCTAssertEqual(KeygenCommand.run(seedHex: seed, seedText: nil, out: nil, force: false, console: a.console), .ok)
        XCTAssertEqual(KeygenCommand.run(seedHex: seed, seedText: nil, out: nil, force: false, console: b.console), .ok)
        XCTAssertEqual(a.stdout, b.stdout)
        let pair = try KeyFile.decode(a.stdoutBytes, path: "k")
        XCTAssertEqual(Hex.encode(pair.seed), seed)
        XCTAssertEqual(
            KeygenCommand.run(seedHex: seed.uppercased(), seedText: nil, out: nil, force: false, console: a.console),
            .usageOrIO)
        XCTAssertThrowsError(
            try KeyFile.decode(Array(#"{"format":"redo-conform/ed25519-key","seed":"00"}"#.utf8), path: "k"))
    }

    func testSignFillsAuthorAndProducesAValidNode() throws {
        let folder = TempFiles.folder("sign")
        let keyConsole = CapturedConsole()
        _ = KeygenCommand.run(
            seedHex: nil, seedText: "signer", out: folder + "/key.json", force: false, console: keyConsole.console)
        let unsigned =
            #"{"version":1,"parents":[],"timestamp":{"lamport":1,"wall":"2025-10-26T00:00:00.000Z"},"author":{"deviceId":"d"},"action":"CREATE","taskId":"550e8400-e29b-41d4-a716-446655440000","data":{"payload":{"title":"T"}}}"#
        let nodePath = TempFiles.write(unsigned, to: folder + "/node.json")
        let console = CapturedConsole()
        XCTAssertEqual(
            SignCommand.run(node: InputPath(nodePath), keyPath: folder + "/key.json", console: console.console), .ok)
        XCTAssertEqual(console.stderr, "")
        let check = NodeValidator().check(bytes: console.stdoutBytes)
        XCTAssertTrue(check.passed, "\(check.findings)")
        // Signing again is byte-identical (deterministic Ed25519).
        let again = CapturedConsole()
        _ = SignCommand.run(
            node: InputPath(TempFiles.write(console.stdoutBytes, to: folder + "/signed.json")),
            keyPath: folder + "/key.json", console: again.console)
        XCTAssertEqual(again.stdout, console.stdout)
        // verify agrees; a tampered copy fails.
        let verify = CapturedConsole()
        XCTAssertEqual(
            VerifyCommand.run([folder + "/signed.json"], options: ValidationOptions(), console: verify.console), .ok)
        let tampered = console.stdout.replacingOccurrences(of: "\"T\"", with: "\"U\"")
        let tamperedPath = TempFiles.write(tampered, to: folder + "/tampered.json")
        let failing = CapturedConsole()
        XCTAssertEqual(
            VerifyCommand.run([tamperedPath], options: ValidationOptions(), console: failing.console), .findings)
        XCTAssertTrue(failing.stdout.contains("id does not match the content"), failing.stdout)
    }

    func testSignRefusesAnotherKeysAuthor() {
        let folder = TempFiles.folder("sign-other")
        _ = KeygenCommand.run(
            seedHex: nil, seedText: "signer", out: folder + "/key.json", force: false,
            console: CapturedConsole().console)
        let node = TempFiles.write(
            #"{"author":{"publicKey":"\#(String(repeating: "0", count: 64))"}}"#, to: folder + "/n.json")
        let console = CapturedConsole()
        XCTAssertEqual(
            SignCommand.run(node: InputPath(node), keyPath: folder + "/key.json", console: console.console), .findings)
        XCTAssertTrue(console.stderr.contains("but the key's is"))
    }

    func testSignRefusesAnAuthorThatIsNotAnObject() {
        let folder = TempFiles.folder("sign-author")
        _ = KeygenCommand.run(
            seedHex: nil, seedText: "signer", out: folder + "/key.json", force: false,
            console: CapturedConsole().console)
        for (author, named) in [(#""x""#, "a string"), ("null", "null"), ("[]", "an array")] {
            let node = TempFiles.write(#"{"version":1,"author":\#(author)}"#, to: folder + "/n.json")
            let console = CapturedConsole()
            XCTAssertEqual(
                SignCommand.run(node: InputPath(node), keyPath: folder + "/key.json", console: console.console),
                .findings, author)
            XCTAssertEqual(console.stdout, "", author)
            XCTAssertTrue(console.stderr.contains("author is \(named), not an object"), console.stderr)
        }
    }

    func testKeyFilesAreCheckedAgainstTheWholeFormat() throws {
        let good = CapturedConsole()
        _ = KeygenCommand.run(seedHex: nil, seedText: "signer", out: nil, force: false, console: good.console)
        guard case let .object(object)? = try? JSONReader.parse(good.stdoutBytes) else {
            return XCTFail("keygen wrote no object")
        }
        XCTAssertNoThrow(try KeyFile.decode(good.stdoutBytes, path: "k"))
        func variant(_ change: (inout JSONObject) -> Void) -> [UInt8] {
            var copy = object
            change(&copy)
            return OrderedJSONWriter.bytes(.object(copy))
        }
        let cases: [(String, [UInt8])] = [
            ("version 2 is not supported", variant { $0["version"] = .number(2) }),
            ("version \"1\" is not supported", variant { $0["version"] = .string("1") }),
            ("version is missing", variant { $0["version"] = nil }),
            (
                "userId does not belong to the seed",
                variant { $0["userId"] = .string(String(repeating: "0", count: 32)) }
            ),
            ("userId is missing", variant { $0["userId"] = nil }),
            ("publicKey is missing", variant { $0["publicKey"] = nil }),
            ("publicKey does not belong to the seed", variant { $0["publicKey"] = .number(1) }),
            ("unknown member \"comment\"", variant { $0["comment"] = .string("x") }),
        ]
        for (message, bytes) in cases {
            XCTAssertThrowsError(try KeyFile.decode(bytes, path: "k"), message) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
        // sign refuses such a key with 2, like an unreadable one.
        let folder = TempFiles.folder("sign-badkey")
        let key = TempFiles.write(cases[0].1, to: folder + "/key.json")
        XCTAssertEqual(chmod(key, 0o600), 0)
        let node = TempFiles.write(#"{"version":1}"#, to: folder + "/n.json")
        let console = CapturedConsole()
        XCTAssertEqual(SignCommand.run(node: InputPath(node), keyPath: key, console: console.console), .usageOrIO)
        XCTAssertEqual(console.stdout, "")
    }

    func testSignWarnsOnceAboutAKeyOthersCanReadButSigns() {
        let folder = TempFiles.folder("sign-exposed")
        let key = folder + "/key.json"
        _ = KeygenCommand.run(
            seedHex: nil, seedText: "signer", out: key, force: false, console: CapturedConsole().console)
        let node = TempFiles.write(#"{"version":1}"#, to: folder + "/n.json")
        let quiet = CapturedConsole()
        XCTAssertEqual(SignCommand.run(node: InputPath(node), keyPath: key, console: quiet.console), .ok)
        XCTAssertFalse(quiet.stderr.contains("warning"), quiet.stderr)
        XCTAssertEqual(chmod(key, 0o644), 0)
        let console = CapturedConsole()
        XCTAssertEqual(SignCommand.run(node: InputPath(node), keyPath: key, console: console.console), .ok)
        XCTAssertEqual(console.stdout, quiet.stdout)
        let warnings = console.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        XCTAssertEqual(warnings.count, 1, console.stderr)
        XCTAssertTrue(
            warnings.first?.contains("\(key): key file is readable or writable by group or others (mode 0644)")
                ?? false, console.stderr)
    }

    func testSignNotesRuleBreaksButSigns() {
        let folder = TempFiles.folder("sign-invalid")
        _ = KeygenCommand.run(
            seedHex: nil, seedText: "signer", out: folder + "/key.json", force: false,
            console: CapturedConsole().console)
        let node = TempFiles.write(#"{"version":2}"#, to: folder + "/n.json")
        let console = CapturedConsole()
        XCTAssertEqual(
            SignCommand.run(node: InputPath(node), keyPath: folder + "/key.json", console: console.console), .ok)
        XCTAssertTrue(console.stderr.contains("note: the signed node breaks version.value"), console.stderr)
    }

    func testReconstructWritesTextAndJSONAndRefusesAnUnreadableAt() throws {
        let folder = TempFiles.folder("reconstruct")
        let scenario = try XCTUnwrap(try ReconstructionCatalog.scenarios(seed: "text").first { $0.id == "todo-fork" })
        let path = TempFiles.write(scenario.records.flatMap { $0 + [0x0A] }, to: folder + "/fork.jsonl")
        let console = CapturedConsole()
        XCTAssertEqual(
            ReconstructCommand.run(
                [path], options: ValidationOptions(), format: .text, at: "2025-11-03T09:00:00.000Z",
                console: console.console), .ok)
        XCTAssertTrue(console.stdout.hasPrefix("Fork  ["), console.stdout)
        XCTAssertTrue(console.stdout.contains("(in 0.0 days), urgency 6.0"), console.stdout)
        XCTAssertTrue(console.stdout.contains("orphan, due 2025-11-01T09:00:00.000Z"))
        let bad = CapturedConsole()
        XCTAssertEqual(
            ReconstructCommand.run(
                [path], options: ValidationOptions(), format: .text, at: "tomorrow", console: bad.console), .usageOrIO)
        XCTAssertTrue(
            bad.stderr.contains(
                "--at takes YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DDTHH:MM:SS.mmmZ, in UTC; got tomorrow"),
            bad.stderr)
        let json = CapturedConsole()
        XCTAssertEqual(
            ReconstructCommand.run([path], options: ValidationOptions(), format: .json, at: nil, console: json.console),
            .ok)
        XCTAssertEqual(json.stdoutBytes, LogPipeline.stateBytes(scenario.records))
    }

    /// A log with rejected records still gives the state of its valid nodes, exits 1, and
    /// says on stderr how many records were left out and where to find why.
    func testReconstructOfALogWithRejectedRecordsSaysSoOnStderr() throws {
        let folder = TempFiles.folder("reconstruct-rejected")
        let broken = LogScenarios(seed: "e2e").all.first { $0.id == "broken-branch" }!
        let path = TempFiles.write(broken.records.flatMap { $0 + [0x0A] }, to: folder + "/bad.jsonl")
        let rejected = LogPipeline.validate(broken.records).records.filter { $0.status == .rejected }.count
        XCTAssertGreaterThan(rejected, 0)
        let console = CapturedConsole()
        XCTAssertEqual(
            ReconstructCommand.run(
                [path], options: ValidationOptions(), format: .json, at: nil, console: console.console),
            .findings)
        XCTAssertEqual(console.stdoutBytes, LogPipeline.stateBytes(broken.records))
        XCTAssertEqual(
            console.stderr,
            "note: \(rejected) of \(broken.records.count) records rejected; the state holds the valid nodes only"
                + " (redo-conform validate says why)\n")
        let valid = LogScenarios(seed: "e2e").all.first { $0.id == "valid-life" }!
        let good = TempFiles.write(valid.records.flatMap { $0 + [0x0A] }, to: folder + "/good.jsonl")
        let quiet = CapturedConsole()
        XCTAssertEqual(
            ReconstructCommand.run(
                [good], options: ValidationOptions(), format: .json, at: nil, console: quiet.console),
            .ok)
        XCTAssertEqual(quiet.stderr, "")
    }

    /// `--at` takes the short forms people type, always in UTC, and nothing looser.
    func testAtTakesADateOrWholeSecondsInUTC() {
        let ms = { (text: String) in try? TimeOption.parse(text).get().millisecondsSinceEpoch }
        XCTAssertEqual(ms("2025-11-03"), 1_762_128_000_000)
        XCTAssertEqual(ms("2025-11-03T00:00:00.000Z"), 1_762_128_000_000)
        XCTAssertEqual(ms("2025-11-03T09:30:00Z"), 1_762_162_200_000)
        XCTAssertEqual(ms("2025-11-03T09:30:00.000Z"), 1_762_162_200_000)
        XCTAssertEqual(ms("2025-11-03T09:30:00.250Z"), 1_762_162_200_250)
        for wrong in [
            "2025-11-03T09:30:00", "2025-11-03T09:30:00+01:00", "2025-02-30", "2025-11-03T09:30Z",
            "2025-11-03T09:30:00.5Z", "20251103", "now", "",
        ] {
            XCTAssertNil(ms(wrong), wrong)
        }
        XCTAssertEqual(
            TimeOption.error("2025-02-30", .instant),
            "--at 2025-02-30 names no real instant (a month, day or time out of range)")
        guard case .failure(.instant) = TimeOption.parse("2025-02-30") else {
            return XCTFail("30 February is the right shape, no real instant")
        }
        guard case .failure(.format) = TimeOption.parse("2025-11-03T09:30") else {
            return XCTFail("a time without seconds is the wrong shape")
        }
    }
}
