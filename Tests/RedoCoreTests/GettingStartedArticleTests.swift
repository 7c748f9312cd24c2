import RedoCore
import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

/// Section "Sign what you write" of the article, verbatim.
func sealed(_ node: JSONObject, with keyPair: Ed25519KeyPair) -> [UInt8] {
    var node = node
    let (id, signature) = NodeBody.seal(node, with: keyPair)
    node["id"] = .string(id.text)
    node["signature"] = .string(signature.hex)
    return CanonicalJSON.bytes(of: .object(node))
}

/// Runs the code of the article "Validate and replay a log in an app"
/// (Sources/RedoCore/RedoCore.docc/ValidateAndReplayALogInAnApp.md), statement for statement, and holds
/// every line the article says it prints: an API change that breaks the article breaks this test. Edit
/// both together.
final class GettingStartedArticleTests: XCTestCase {
    static let taskId = "550e8400-e29b-41d4-a716-446655440000"
    static let todoId = "8f14e45f-ceea-467e-a9b1-5b5a7c0f1a2b"

    /// An unsigned node of the article's task by `keyPair`'s author.
    static func node(
        _ action: String, parents: [[UInt8]], lamport: Int, wall: String, payload: String, by keyPair: Ed25519KeyPair
    ) throws -> JSONObject {
        let parentIds = try parents.map { try JSONReader.parse($0).objectValue!["id"]!.stringValue! }
        let text = """
            {"version": 1, "parents": [\(parentIds.map { "\"\($0)\"" }.joined(separator: ", "))],
             "timestamp": {"lamport": \(lamport), "wall": "\(wall)"},
             "author": {"userId": "\(keyPair.publicKey.redoUserId)", "deviceId": "phone",
                        "publicKey": "\(keyPair.publicKey.hex)"},
             "action": "\(action)", "taskId": "\(taskId)", "data": {"payload": \(payload)}}
            """
        return try JSONReader.parse(text).objectValue!
    }

    /// The article's log: a CREATE, its first todo, a rename, an UPDATE whose priority was edited
    /// after it was signed, and the todo's record a second time.
    static func records() throws -> [[UInt8]] {
        let keyPair = try Ed25519KeyPair(seed: [UInt8](repeating: 0x42, count: 32))
        let create = sealed(
            try node(
                "CREATE", parents: [], lamport: 1, wall: "2025-10-26T09:00:00.000Z",
                payload: #"{"title": "Water the plants", "priority": 2}"#, by: keyPair), with: keyPair)
        let todo = sealed(
            try node(
                "CREATE_TODO", parents: [create], lamport: 2, wall: "2025-10-26T09:00:01.000Z",
                payload: #"{"todoTaskId": "\#(todoId)", "deadline": "2025-11-01T09:00:00.000Z"}"#, by: keyPair),
            with: keyPair)
        let rename = sealed(
            try node(
                "UPDATE", parents: [todo], lamport: 3, wall: "2025-10-27T18:30:00.000Z",
                payload: #"{"title": "Water the ferns"}"#, by: keyPair), with: keyPair)
        let signed = sealed(
            try node(
                "UPDATE", parents: [rename], lamport: 4, wall: "2025-10-28T07:00:00.000Z",
                payload: #"{"priority": 5}"#, by: keyPair), with: keyPair)
        var edited = try JSONReader.parse(signed).objectValue!
        edited["data"] = try JSONReader.parse(#"{"payload": {"priority": 1}}"#)
        return [create, todo, rename, CanonicalJSON.bytes(of: .object(edited)), todo]
    }

    /// Sections "Check each record", "Validate the log as a whole", "Read the verdicts".
    func testValidateAndReadTheVerdicts() throws {
        let records = try Self.records()
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        // Check each record
        let validator = NodeValidator(profile: .synced)
        let checks = records.map { validator.check(bytes: $0) }

        // Check each record, its signature verified later: the same checks.
        var deferredCount = 0
        for (bytes, plain) in zip(records, checks) {
            let (check, deferred) = bytes.withUnsafeBufferPointer {
                validator.check(bytes: $0, deferringSignature: true)
            }
            let final = deferred.map { check.completed(signatureHolds: $0.holds()) } ?? check
            if deferred != nil { deferredCount += 1 }
            XCTAssertEqual(final.findings, plain.findings)
            XCTAssertEqual(final.node?.id, plain.node?.id)
        }
        XCTAssertEqual(deferredCount, 4, "every record but the edited one, whose id no longer matches")

        // Validate the log as a whole
        let verdict = LogValidator().validate(checks)

        // Read the verdicts
        for (index, record) in verdict.records.enumerated() {
            switch record.status {
            case .valid:
                continue
            case .duplicate:
                print("record \(index): the same node as record \(verdict.duplicateOf[Int32(index)]!)")
            case .rejected:
                print("record \(index): rejected, \(record.code!.rawValue)")
                for finding in record.findings {
                    print("  \(finding)")
                }
            }
        }

        XCTAssertEqual(checks.map(\.passed), [true, true, true, false, true])
        XCTAssertEqual(verdict.records.map(\.status), [.valid, .valid, .valid, .rejected, .duplicate])
        XCTAssertEqual(printed, Self.verdictLines)
        XCTAssertEqual(verdict.validNodes.map(\.action), [.create, .createTodo, .update])
        XCTAssertEqual(verdict.rejected.map(\.code), [.hashMismatch])
    }

    /// What "Read the verdicts" prints, as the article shows it.
    static let verdictLines = [
        "record 3: rejected, E_HASH_MISMATCH",
        "  E_HASH_MISMATCH [id.hash] $.id: id does not match the content: the canonical body hashes to "
            + "sha256:42f9ca102d6ce6beb544c89447f85d5086c35eba711433dab2e6166f4e2563cb",
        "  E_INVALID_SIGNATURE [signature.invalid] $.signature: "
            + "the signature does not verify over the canonical body with author.publicKey",
        "record 4: the same node as record 1",
    ]

    /// Section "Feed records as they arrive": the same verdict, batch by batch.
    func testFeedRecordsAsTheyArrive() throws {
        let records = try Self.records()
        let batches = [Array(records[0..<2]), Array(records[2...])]
        let validator = NodeValidator(profile: .synced)

        // Feed records as they arrive
        var log = LogValidator.Incremental()
        for batch in batches {
            log.add(batch.map { validator.check(bytes: $0) })
        }
        let verdict = log.finish()

        let whole = LogValidator().validate(records.map { validator.check(bytes: $0) })
        XCTAssertEqual(verdict.records.map(\.status), whole.records.map(\.status))
        XCTAssertEqual(verdict.records.map(\.findings), whole.records.map(\.findings))
    }

    /// Sections "Reconstruct the state" and "Compare with other platforms".
    func testReconstructAndCompare() throws {
        let records = try Self.records()
        let validator = NodeValidator(profile: .synced)
        let verdict = LogValidator().validate(records.map { validator.check(bytes: $0) })
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        // Reconstruct the state
        let now = try UTCTime.parse("2025-10-30T09:00:00.000Z").get()
        let state = Reconstructor.reconstruct(verdict)
        for task in state.tasks {
            let title = task.state.fields[.title]?.description ?? "(no title)"
            let priority = task.state.fields[.priority]?.description ?? "none"
            print("\(task.taskId): \(title), priority \(priority)")
            if let current = task.currentTodo, let todo = task.state.todos[current] {
                let urgency = Urgency.value(deadline: todo.deadline, now: now)
                print("  next: due \(todo.deadline), urgency \((urgency * 10).rounded() / 10)")
            }
        }

        // Compare with other platforms
        let stateHash = RedoSHA256.hash(StateRendering.canonicalBytes(state)).hex

        XCTAssertEqual(
            printed,
            [
                "550e8400-e29b-41d4-a716-446655440000: \"Water the ferns\", priority 2",
                "  next: due 2025-11-01T09:00:00.000Z, urgency 4.1",
            ])
        XCTAssertEqual(state.deleted, [])
        XCTAssertEqual(state.rejected.map(\.code), [.hashMismatch])

        // The verdict and the state depend only on the set of records, not on their order.
        let reversed = LogValidator().validate(records.reversed().map { validator.check(bytes: $0) })
        XCTAssertEqual(
            RedoSHA256.hash(StateRendering.canonicalBytes(Reconstructor.reconstruct(reversed))).hex, stateHash)
    }

    /// Every line of the article's code is a line of this file: the article shows only code run here.
    func testTheArticleShowsOnlyCodeRunHere() throws {
        try ArticleCode.assertMirrored(article: "Sources/RedoCore/RedoCore.docc/ValidateAndReplayALogInAnApp.md")
    }
}
