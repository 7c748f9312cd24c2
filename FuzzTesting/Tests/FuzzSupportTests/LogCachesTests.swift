import FuzzSupport
import RedoCore
import RedoJSON
import XCTest

/// The work the log target keeps across executions: what it keeps, and that keeping it
/// changes no outcome.
final class LogCachesTests: XCTestCase {
    private let validator = NodeValidator(profile: .synced)

    private func node(_ caches: LogCaches, title: String = "Task") -> (object: JSONObject, record: [UInt8]) {
        caches.node(
            by: 0, .create, task: taskIds[0], parents: [], lamport: 1, wall: wallText(1),
            payload: [member("title", str(title))])
    }

    /// The (key, signature, id) triple of a record that passes every check but its signature's.
    private func triple(_ record: [UInt8]) throws -> SignedTriple {
        let (check, deferred) = record.withUnsafeBufferPointer { validator.check(bytes: $0, deferringSignature: true) }
        let signature = try XCTUnwrap(deferred)
        let id = try XCTUnwrap(check.node?.id)
        return SignedTriple(key: signature.key, signature: signature.signature, id: id)
    }

    func testANodeIsTheSameWithTheCachesOnOrOff() {
        let on = LogCaches(enabled: true)
        XCTAssertEqual(node(on).record, node(LogCaches(enabled: false)).record)
        XCTAssertEqual(node(on).record, node(on).record)  // the second one from the cache
    }

    func testASealedNodeIsKeptWithItsSignatureKnownToHold() throws {
        let caches = LogCaches(enabled: true)
        let built = node(caches)
        var key = IngredientKey()
        key.append(0)
        key.append(Action.create.rawValue)
        key.append(taskIds[0])
        key.append(0)
        key.append(1)
        key.append(wallText(1))
        key.append(.object(JSONObject([member("title", str("Task"))])))
        XCTAssertEqual(caches.nodes.value(for: HashedBytes(key.bytes))?.record, built.record)
        XCTAssertNotNil(caches.signaturesThatHold.value(for: try triple(built.record)))
    }

    func testTheCachesOffKeepNothing() throws {
        let caches = LogCaches(enabled: false)
        let record = node(caches).record
        _ = caches.check(HashedBytes(record))
        XCTAssertNil(caches.signaturesThatHold.value(for: try triple(record)))
        XCTAssertNil(caches.checks.value(for: HashedBytes(record)))
    }

    func testARecordCheckIsKeptAndEqualsTheValidatorsCheck() {
        let caches = LogCaches(enabled: true)
        let record = HashedBytes(node(caches).record)
        XCTAssertNil(caches.checks.value(for: record))
        let first = caches.check(record)
        XCTAssertNotNil(caches.checks.value(for: record))
        XCTAssertEqual(first.findings, validator.check(bytes: record.bytes).findings)
        XCTAssertTrue(first.passed)
        XCTAssertEqual(caches.check(record).findings, first.findings)
    }

    func testAForeignSignatureIsVerifiedAndNeverKeptAsHolding() throws {
        let caches = LogCaches(enabled: true)
        let object = node(caches).object
        let forged = object.setting("signature", to: str(caches.signature(of: object, by: authors[1])))
        let record = OrderedJSON.bytes(.object(forged))
        let check = caches.check(HashedBytes(record))
        XCTAssertFalse(check.passed)
        XCTAssertEqual(check.findings.filter { $0.severity == .error }.map(\.rule.id), [Rule.signatureInvalid.id])
        XCTAssertEqual(check.findings, validator.check(bytes: record).findings)
        XCTAssertNil(caches.signaturesThatHold.value(for: try triple(record)))
    }

    func testASignatureVerifiedOnceIsKnownToHold() throws {
        // A record sealed by another process: its signature is verified the first time.
        let record = node(LogCaches(enabled: false)).record
        let caches = LogCaches(enabled: true)
        XCTAssertNil(caches.signaturesThatHold.value(for: try triple(record)))
        XCTAssertTrue(caches.check(HashedBytes(record)).passed)
        XCTAssertNotNil(caches.signaturesThatHold.value(for: try triple(record)))
    }
}
