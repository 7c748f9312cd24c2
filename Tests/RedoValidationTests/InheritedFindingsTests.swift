import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoTestSupport
import XCTest

@testable import RedoValidation

/// The broken-branch rules (X_ANCESTOR_REJECTED, X_AFTER_DELETE) run for every record,
/// including records that fail node-level checks: their own fault stays the primary
/// code, and the inherited one is reported with it. Only a record whose id is the hash of
/// its content has its parents followed.
final class InheritedFindingsTests: XCTestCase {
    private struct Log {
        var records: [JSONObject] = []
        /// The inherited codes each record is expected to carry, by record index.
        var inherited: [Int: [ErrorCode]] = [:]
        var primary: [Int: ErrorCode] = [:]
    }

    /// The same node with the first hex digit of its signature changed.
    private func badlySigned(_ node: JSONObject) -> JSONObject {
        let signature = node["signature"]!.stringValue!
        let flipped = (signature.first == "0" ? "1" : "0") + signature.dropFirst()
        return node.setting("signature", to: str(flipped))
    }

    private func makeLog() -> Log {
        let seed = "inherited findings"
        var b = LogBuilder(
            factory: NodeFactory(key: FixtureKeys.pair(seed: seed, index: 0)),
            task: FixtureKeys.uuid(seed: seed, "task"))
        var log = Log()
        func add(_ node: JSONObject, primary: ErrorCode?, inherited: [ErrorCode] = []) {
            if let primary { log.primary[log.records.count] = primary }
            log.inherited[log.records.count] = inherited
            log.records.append(node)
        }
        let create = b.create()
        add(create, primary: nil)
        // Rejected by a log rule: its descendants are X_ANCESTOR_REJECTED.
        let gap = b.node(.update, parents: [create], [member("title", str("gap"))], lamport: 5)
        add(gap, primary: .lamportViolation)
        // Below it: a bad signature, an unknown payload key (both with a true id), and a
        // forged copy whose id is not its content's hash (its parents are never followed).
        let signedBelowGap = b.node(.update, parents: [gap], [member("title", str("below gap"))])
        add(badlySigned(signedBelowGap), primary: .invalidSignature, inherited: [.ancestorRejected])
        add(
            b.node(.update, parents: [gap], [member("bogus", str("x"))]), primary: .schemaMismatch,
            inherited: [.ancestorRejected])
        add(signedBelowGap.setting("data.payload.title", to: str("forged")), primary: .hashMismatch)
        // Below a valid DELETE: a bad signature, X_AFTER_DELETE as well.
        let delete = b.node(.delete, parents: [create], [member("deletedChain", .array([str(create.idText)]))])
        add(delete, primary: nil)
        add(
            badlySigned(b.node(.update, parents: [delete], [member("title", str("after"))])),
            primary: .invalidSignature, inherited: [.afterDelete])
        // A node whose every record fails is a rejected parent too.
        let unsigned = b.node(.update, parents: [create], [member("title", str("unsigned"))])
        add(badlySigned(unsigned), primary: .invalidSignature)
        add(
            badlySigned(b.node(.update, parents: [unsigned], [member("title", str("below"))])),
            primary: .invalidSignature, inherited: [.ancestorRejected])
        // A failing second record of a node that inherits: it inherits the same.
        let child = b.node(.update, parents: [gap], [member("title", str("child"))])
        add(child, primary: .ancestorRejected, inherited: [.ancestorRejected])
        add(badlySigned(child), primary: .invalidSignature, inherited: [.ancestorRejected])
        return log
    }

    private func assertVerdict(_ verdict: LogVerdict, _ log: Log, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(verdict.records.count, log.records.count, file: file, line: line)
        for (k, record) in verdict.records.enumerated() {
            XCTAssertEqual(record.code, log.primary[k], "record \(k)", file: file, line: line)
            let inherited = record.findings.map(\.code).filter { $0 == .ancestorRejected || $0 == .afterDelete }
            XCTAssertEqual(
                inherited, log.inherited[k], "record \(k): \(record.findings.map(\.code))", file: file, line: line)
        }
    }

    func testFailingRecordsInheritTheirParentsRejection() {
        let log = makeLog()
        let validator = NodeValidator()
        let verdict = LogValidator().validate(
            log.records.map { validator.check(bytes: OrderedJSONWriter.bytes(.object($0))) })
        assertVerdict(verdict, log)
        // The related ids name the root cause, as for a passing record.
        let gapId = log.records[1].idText
        XCTAssertEqual(verdict.records[2].findings.last?.related, [gapId])
        XCTAssertEqual(verdict.records[8].findings.last?.related, [log.records[7].idText])
    }

    /// `validate` verifies signatures late and regroups the records whose signature then
    /// fails: they must inherit exactly as when checked in full up front.
    func testLateSignatureFailuresInheritToo() {
        let log = makeLog()
        let folder = TempFiles.folder("inherited")
        var lines: [UInt8] = []
        for record in log.records { lines += OrderedJSONWriter.bytes(.object(record)) + [0x0A] }
        let path = TempFiles.write(lines, to: folder + "/log.jsonl")
        var options = ValidationOptions()
        options.jobs = 2
        options.batchSize = 3
        let result = ValidationRun(options: options).run([path])
        XCTAssertEqual(result.problems.count, 0)
        assertVerdict(result.verdict, log)
    }
}
