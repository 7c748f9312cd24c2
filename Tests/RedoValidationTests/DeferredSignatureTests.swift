import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoValidation

/// `validate` verifies signatures behind the other checks and runs the log rules before
/// the last ones are known (ValidationRun, SignatureVerifier). These tests hold it to the
/// plain verdict — every record checked in full, then the log rules — on logs where
/// signatures fail late: standing records, duplicates, ancestors of whole branches.
final class DeferredSignatureTests: XCTestCase {
    /// Flips the first hex digit of the record's signature: still well-formed, no longer valid.
    private func tampered(_ line: [UInt8]) -> [UInt8] {
        let marker = Array("\"signature\":\"".utf8)
        var out = line
        guard
            let start = (0...(line.count - marker.count)).first(where: { Array(line[$0..<$0 + marker.count]) == marker }
            )
        else {
            XCTFail("no signature member")
            return line
        }
        let k = start + marker.count
        out[k] = out[k] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        return out
    }

    private func generated(_ shape: LogGenerator.Shape, nodes: Int, tasks: Int) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        LogGenerator(shape: shape, nodes: nodes, tasks: tasks, seed: "deferred signatures", jobs: 1).generate {
            lines.append($0)
        }
        return lines
    }

    /// The verdict of the plain path: each record checked in full, then the log rules.
    private func plainVerdict(_ lines: [[UInt8]]) -> LogVerdict {
        let validator = NodeValidator()
        return LogValidator().validate(lines.map { validator.check(bytes: $0) })
    }

    private func runVerdict(_ lines: [[UInt8]], batchSize: Int, backlog: Int) -> LogVerdict {
        let folder = TempFiles.folder("deferred")
        let path = TempFiles.write(lines.flatMap { $0 + [0x0A] }, to: folder + "/log.jsonl")
        var options = ValidationOptions()
        options.jobs = 2
        options.batchSize = batchSize
        options.maxSignatureBacklog = backlog
        let result = ValidationRun(options: options).run([path])
        XCTAssertEqual(result.problems.count, 0)
        return result.verdict
    }

    private func assertSame(_ run: LogVerdict, _ plain: LogVerdict, file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertEqual(run.records.count, plain.records.count, file: file, line: line)
        for (k, (a, b)) in zip(run.records, plain.records).enumerated() {
            XCTAssertEqual(a.status, b.status, "record \(k)", file: file, line: line)
            XCTAssertEqual(a.code, b.code, "record \(k)", file: file, line: line)
            XCTAssertEqual(a.findings, b.findings, "record \(k)", file: file, line: line)
        }
        XCTAssertEqual(run.nodes.map(\.id), plain.nodes.map(\.id), "node order", file: file, line: line)
        XCTAssertEqual(run.nodeStatus, plain.nodeStatus, file: file, line: line)
        XCTAssertEqual(run.order, plain.order, file: file, line: line)
        XCTAssertEqual(run.rejected.map(\.id), plain.rejected.map(\.id), file: file, line: line)
        XCTAssertEqual(run.rejected.map(\.code), plain.rejected.map(\.code), file: file, line: line)
        XCTAssertEqual(run.duplicateOf, plain.duplicateOf, "duplicates' originals", file: file, line: line)
    }

    /// Node level: a deferred check, completed by its verification through the public API
    /// (`DeferredSignature.holds`, `NodeCheck.completed(signatureHolds:)`), is the plain check —
    /// on every shipped node case (bad signatures, bad ids, every envelope and payload fault).
    /// Nothing is deferred when deferring is off.
    func testDeferredCheckPlusVerificationIsThePlainCheck() {
        let validator = NodeValidator()
        var deferredCount = 0
        for nodeCase in NodeCases(seed: "redo-conform-v1").all {
            let plain = validator.check(bytes: nodeCase.bytes)
            var (check, deferred) = nodeCase.bytes.withUnsafeBufferPointer {
                validator.check(bytes: $0, deferringSignature: true)
            }
            if let deferred {
                deferredCount += 1
                XCTAssertTrue(check.passed, nodeCase.id)
                XCTAssertEqual(RedoSHA256.hash(deferred.body), check.node?.id.digest, nodeCase.id)
                check = check.completed(signatureHolds: deferred.holds())
            }
            let (undeferred, none) = nodeCase.bytes.withUnsafeBufferPointer {
                validator.check(bytes: $0, deferringSignature: false)
            }
            XCTAssertNil(none, nodeCase.id)
            XCTAssertEqual(undeferred.findings, plain.findings, nodeCase.id)
            XCTAssertEqual(check.findings, plain.findings, nodeCase.id)
            XCTAssertEqual(check.passed, plain.passed, nodeCase.id)
            XCTAssertEqual(check.node?.id, plain.node?.id, nodeCase.id)
        }
        XCTAssertGreaterThan(deferredCount, 10)
    }

    func testLateSignatureFailuresGiveThePlainVerdict() {
        var lines = generated(.benign, nodes: 600, tasks: 30)
        // Failing signatures on a CREATE (its whole task inherits), on scattered nodes...
        let bad = Set([0] + lines.indices.filter { $0 % 41 == 7 })
        for k in bad { lines[k] = tampered(lines[k]) }
        // ...a good copy after a failing standing record (the copy must take over), a
        // failing copy of a good record, a failing copy of a failing one, and a good
        // record repeated with its second copy failing and a third good.
        let good = lines.indices.first { !bad.contains($0) && $0 > 10 }!
        lines.append(generated(.benign, nodes: 600, tasks: 30)[0])
        lines.append(tampered(lines[good]))
        lines.append(lines[7])
        lines.append(lines[good + 1])
        lines.append(tampered(lines[good + 1]))
        lines.append(lines[good + 1])
        let plain = plainVerdict(lines)
        XCTAssertGreaterThan(plain.records.filter { $0.code == .invalidSignature }.count, 10)
        XCTAssertGreaterThan(plain.records.filter { $0.status == .duplicate }.count, 1)
        for (batch, backlog) in [(8192, 1 << 20), (16, 40), (1, 0)] {
            assertSame(runVerdict(lines, batchSize: batch, backlog: backlog), plain)
        }
    }

    func testMostlyRejectedLogGivesThePlainVerdict() {
        let lines = generated(.mostlyRejected, nodes: 500, tasks: 50)
        let plain = plainVerdict(lines)
        XCTAssertGreaterThan(plain.records.filter { $0.status == .rejected }.count, 300)
        assertSame(runVerdict(lines, batchSize: 64, backlog: 100), plain)
    }

    func testAllValidLogNeedsNoSecondPass() {
        let lines = generated(.benign, nodes: 300, tasks: 20)
        let plain = plainVerdict(lines)
        XCTAssertEqual(plain.records.count, 300)
        XCTAssertTrue(plain.records.allSatisfy { $0.status == .valid })
        assertSame(runVerdict(lines, batchSize: 32, backlog: 64), plain)
    }
}
