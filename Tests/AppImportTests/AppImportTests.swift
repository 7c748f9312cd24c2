import Crypto
import RedoCore
import RedoCrypto
import RedoJSON
import RedoTestSupport
import Synchronization
import XCTest

/// Section "Sign what you write" of "Validate and replay a log in an app", verbatim.
func sealed(_ node: JSONObject, with keyPair: Ed25519KeyPair) -> [UInt8] {
    var node = node
    let (id, signature) = NodeBody.seal(node, with: keyPair)
    node["id"] = .string(id.text)
    node["signature"] = .string(signature.hex)
    return CanonicalJSON.bytes(of: .object(node))
}

/// Section "Load what the device holds" of "Keep a live log in an app", verbatim.
final class SignatureMemory: VerifiedSignatures {
    private let held = Mutex(Set<String>())

    func contains(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) -> Bool {
        held.withLock { $0.contains(id.text + key.hex + signature.hex) }
    }

    func insert(id: NodeID, key: Ed25519PublicKey, signature: Ed25519Signature) {
        _ = held.withLock { $0.insert(id.text + key.hex + signature.hex) }
    }
}

/// An app that imports swift-crypto's `Crypto` (or CryptoKit, whose top-level names are the same) beside
/// RedoJSON, RedoCrypto and RedoCore names all of their types unqualified. This file imports the four
/// and holds the code of every article in the three libraries' DocC catalogs, statement for statement
/// and unqualified, next to swift-crypto's own `SHA256`: a public name of the libraries that collides
/// with one of swift-crypto's makes it fail to compile. The articles' own tests check what the code
/// prints; these check only that it means the same here.
final class AppImportTests: XCTestCase {
    /// The catalogs of the libraries an app embeds.
    static let catalogs = [
        "Sources/RedoJSON/RedoJSON.docc",
        "Sources/RedoCrypto/RedoCrypto.docc",
        "Sources/RedoCore/RedoCore.docc",
    ]

    /// Every line of every article's code in the three catalogs is a line of this file, so a new
    /// article, or a new line in one, must be compiled here too.
    func testEveryArticleIsCompiledHere() throws {
        for catalog in Self.catalogs {
            let articles = try ArticleCode.articles(inCatalog: catalog)
            XCTAssertFalse(articles.isEmpty, "\(catalog) has no article with Swift code")
            for article in articles {
                try ArticleCode.assertMirrored(article: article)
            }
        }
    }

    /// swift-crypto's `SHA256` and RedoCrypto's `RedoSHA256`, both unqualified, hash alike.
    func testSwiftCryptoSHA256AndRedoSHA256BothResolve() {
        let message = Array("REDO".utf8)
        let theirs: SHA256Digest = SHA256.hash(data: message)
        let ours: RedoSHA256Digest = RedoSHA256.hash(message)
        XCTAssertEqual(Array(theirs), ours.bytes)
        XCTAssertEqual(Hex.encode(theirs), ours.hex)
    }

    // MARK: RedoJSON: "Read strict I-JSON and write RFC 8785"

    func testReadStrictIJSONAndWriteRFC8785() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // Read a document
        let value = try JSONReader.parse(#"{"title": "Buy milk", "tags": ["home", "weekly"], "priority": 2.50}"#)
        let title = value.objectValue?["title"]?.stringValue
        let tags = value.objectValue?["tags"]?.arrayValue?.compactMap(\.stringValue)
        let priority = value.objectValue?["priority"]?.numberValue
        XCTAssertEqual(title, "Buy milk")
        XCTAssertEqual(tags, ["home", "weekly"])
        XCTAssertEqual(priority, 2.5)

        // Say where it failed
        let document = "{\n  \"a\": 1,\n  \"a\": 2\n}"
        do {
            _ = try JSONReader.parse(document)
        } catch {
            print(error.kind)
            print(error.kind.rawValue)
            print(error.line, error.column, error.offset)
            print(error.description)
        }
        XCTAssertEqual(printed.prefix(3), ["duplicateKey", "duplicate-key", "3 3 14"])

        // Bound the work
        let limits = JSONLimits(maxDepth: 16, maxDocumentBytes: 1 << 20, maxStringBytes: 64 << 10)
        let deep = String(repeating: "[", count: 17) + String(repeating: "]", count: 17)
        do {
            _ = try JSONReader.parse(deep, limits: limits)
        } catch {
            print(error.kind)
        }
        XCTAssertEqual(printed.last, "depthLimit")
    }

    func testWriteBuildAndCompareValues() throws {
        // Write the canonical form
        let document = #"{"b": 1E3, "a": [0.1, -0, 1e-7, 1e21], "ﬁ": true, "😀": null}"#
        let canonical = try CanonicalJSON.canonicalize(Array(document.utf8))
        let text = String(decoding: canonical, as: UTF8.self)
        XCTAssertEqual(text, #"{"a":[0.1,0,1e-7,1e+21],"b":1000,"😀":null,"ﬁ":true}"#)

        // Build values in code
        let task = JSONValue.object(
            JSONObject([
                JSONMember(key: "title", value: .string("Buy milk")),
                JSONMember(key: "done", value: .bool(false)),
            ]))
        let bytes = CanonicalJSON.bytes(of: task)
        var object = task.objectValue!
        object["id"] = .string("x")
        var body: [UInt8] = []
        CanonicalJSON.append(object, excluding: ["id"], to: &body)
        XCTAssertEqual(body, bytes)
        var quoted: [UInt8] = []
        StringEscaping.appendQuoted("tab\there \"quoted\"", to: &quoted)
        XCTAssertEqual(String(decoding: quoted, as: UTF8.self), #""tab\there \"quoted\"""#)

        // Compare values
        let kelvinIsK = "\u{212A}" == "K"
        let kelvinValueIsK = JSONValue.string("\u{212A}") == .string("K")
        let orderMatters = try JSONReader.parse(#"{"a": 1, "b": 2}"#) != JSONReader.parse(#"{"b": 2.0, "a": 1}"#)
        XCTAssertEqual([kelvinIsK, kelvinValueIsK, orderMatters], [true, false, false])
    }

    // MARK: RedoCrypto: "Canonicalize and hash a node"

    struct NotANode: Error {}

    /// The article's node, compact.
    static let received = #"""
        {"id": "sha256:544e68e928af071b6995d50aac9b7719cea2e184f4bc73545cee5649f6b8b213", "version": 1,
         "parents": [], "timestamp": {"lamport": 1, "wall": "2025-10-26T09:00:00.000Z"},
         "author": {"userId": "2152f8d19b791d24453242e15f2eab6c", "deviceId": "phone",
                    "publicKey": "2152f8d19b791d24453242e15f2eab6cb7cffa7b6a5ed30097960e069881db12"},
         "action": "CREATE", "taskId": "550e8400-e29b-41d4-a716-446655440000",
         "data": {"payload": {"title": "Water the plants", "priority": 2}},
         "signature": "bcb5ed7af753fdcae4ae5a1ded74b52d84f0916826b085d3f496d85c7ef6c05975fc3f2b3ba07fb73fbf48a56a5004b41faf44a60bdcd9be5757861b37fbb60a"}
        """#

    func testCheckAReceivedNode() throws {
        let received = Array(Self.received.utf8)

        // Read the node strictly
        guard case .object(let node) = try JSONReader.parse(received) else {
            throw NotANode()
        }

        // Take its body in canonical form
        let body = CanonicalJSON.bytes(of: .object(node.removing(["id", "signature"])))

        // Compute the id, and the same with swift-crypto's SHA256
        let id = "sha256:" + RedoSHA256.hash(body).hex
        let idMatches = node["id"]?.stringValue == id
        XCTAssertTrue(idMatches)
        XCTAssertEqual(id, "sha256:" + Hex.encode(SHA256.hash(data: body)))

        // Verify the signature
        let publicKeyHex = node["author"]?.objectValue?["publicKey"]?.stringValue ?? ""
        let signatureHex = node["signature"]?.stringValue ?? ""
        let key = try Ed25519PublicKey(hex: publicKeyHex)
        let signature = try Ed25519Signature(hex: signatureHex)
        let signatureVerifies = Ed25519.verify(signature, of: body, by: key)
        XCTAssertTrue(signatureVerifies)
    }

    func testSignANodeYouWrite() throws {
        guard case .object(var unsignedNode) = try JSONReader.parse(Self.received) else { throw NotANode() }
        unsignedNode = unsignedNode.removing(["id", "signature"])
        unsignedNode["author"] = .object(JSONObject([JSONMember(key: "deviceId", value: .string("phone"))]))
        let unsigned = CanonicalJSON.bytes(of: .object(unsignedNode))
        let seed = [UInt8](repeating: 0x42, count: 32)

        // Sign a node you write
        let keyPair = try Ed25519KeyPair(seed: seed)
        guard case .object(var node) = try JSONReader.parse(unsigned) else { throw NotANode() }
        var author = node["author"]?.objectValue ?? JSONObject()
        author["userId"] = .string(keyPair.publicKey.redoUserId)
        author["publicKey"] = .string(keyPair.publicKey.hex)
        node["author"] = .object(author)

        let body = CanonicalJSON.bytes(of: .object(node))
        node["id"] = .string("sha256:" + RedoSHA256.hash(body).hex)
        node["signature"] = .string(keyPair.sign(body).hex)
        let toSend = CanonicalJSON.bytes(of: .object(node))

        XCTAssertEqual(try JSONReader.parse(toSend), try JSONReader.parse(Self.received))
    }

    // MARK: RedoCore: "Validate and replay a log in an app"

    /// A signed node of one task by `keyPair`'s author.
    static func record(
        _ action: String, parents: [[UInt8]], lamport: Int, payload: String, by keyPair: Ed25519KeyPair
    ) throws -> [UInt8] {
        let parentIds = try parents.map { try JSONReader.parse($0).objectValue!["id"]!.stringValue! }
        let text = """
            {"version": 1, "parents": [\(parentIds.map { "\"\($0)\"" }.joined(separator: ", "))],
             "timestamp": {"lamport": \(lamport), "wall": "2025-10-26T09:00:0\(lamport).000Z"},
             "author": {"userId": "\(keyPair.publicKey.redoUserId)", "deviceId": "phone",
                        "publicKey": "\(keyPair.publicKey.hex)"},
             "action": "\(action)", "taskId": "550e8400-e29b-41d4-a716-446655440000",
             "data": {"payload": \(payload)}}
            """
        return sealed(try JSONReader.parse(text).objectValue!, with: keyPair)
    }

    /// A CREATE, its first todo, a rename, and the todo's record a second time.
    static func records() throws -> [[UInt8]] {
        let keyPair = try Ed25519KeyPair(seed: [UInt8](repeating: 0x42, count: 32))
        let create = try record(
            "CREATE", parents: [], lamport: 1, payload: #"{"title": "Water the plants", "priority": 2}"#,
            by: keyPair)
        let todo = try record(
            "CREATE_TODO", parents: [create], lamport: 2,
            payload: #"{"todoTaskId": "8f14e45f-ceea-467e-a9b1-5b5a7c0f1a2b", "deadline": "2025-11-01T09:00:00.000Z"}"#,
            by: keyPair)
        let rename = try record(
            "UPDATE", parents: [todo], lamport: 3, payload: #"{"title": "Water the ferns"}"#, by: keyPair)
        return [create, todo, rename, todo]
    }

    func testValidateAndReplayALogInAnApp() throws {
        let records = try Self.records()
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        // Check each record
        let validator = NodeValidator(profile: .synced)
        let checks = records.map { validator.check(bytes: $0) }

        // Check each record, its signature verified later
        for bytes in records {
            let (check, deferred) = bytes.withUnsafeBufferPointer {
                validator.check(bytes: $0, deferringSignature: true)
            }
            let final = deferred.map { check.completed(signatureHolds: $0.holds()) } ?? check
            XCTAssertTrue(final.passed)
        }

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
        XCTAssertEqual(printed, ["record 3: the same node as record 1"])
        printed = []

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
        XCTAssertEqual(
            printed,
            [
                "550e8400-e29b-41d4-a716-446655440000: \"Water the ferns\", priority 2",
                "  next: due 2025-11-01T09:00:00.000Z, urgency 4.1",
            ])

        // Compare with other platforms, and the same with swift-crypto's SHA256
        let stateHash = RedoSHA256.hash(StateRendering.canonicalBytes(state)).hex
        XCTAssertEqual(stateHash, Hex.encode(SHA256.hash(data: StateRendering.canonicalBytes(state))))
    }

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

        XCTAssertEqual(verdict.records.map(\.status), [.valid, .valid, .valid, .duplicate])
    }

    // MARK: RedoCore: "Keep a live log in an app"

    func testKeepALiveLogInAnApp() async throws {
        let records = try Self.records()
        let (stored, firstSync, secondSync) = (Array(records[0..<2]), [records[3]], [records[2]])
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // Load what the device holds
        let signatures = SignatureMemory()
        var log = LiveLog()
        let loaded = try log.ingest(stored, verified: signatures)
        print(loaded.changedTasks.count, "task loaded")

        // Take in a sync batch
        let update = try log.ingest(firstSync, verified: signatures)
        for (index, verdict) in update.verdicts.enumerated() {
            print("record \(update.firstRecord + index): \(verdict.code?.rawValue ?? verdict.status.rawValue)")
        }
        print(update.changedTasks.count, "tasks changed")

        // Handle a node that waits for its parent (here the duplicate todo, then the rename)
        let later = try log.ingest(secondSync, verified: signatures)
        for change in later.changedVerdicts {
            print("record \(change.record) is now \(change.verdict.status.rawValue)")
        }
        for change in later.changedTasks {
            guard let task = change.task else {
                print("\(change.taskId): \(change.isDeleted ? "deleted" : "no valid node")")
                continue
            }
            let title = task.state.fields[.title]?.description ?? "(no title)"
            let priority = task.state.fields[.priority]?.description ?? "none"
            print("\(change.taskId): \(title), priority \(priority)")
        }

        // Share it between threads
        let shared = LiveLogActor(log, verified: signatures)
        let snapshot = await shared.snapshot
        print(snapshot.taskStates.count, "task in the snapshot")

        XCTAssertEqual(printed.first, "1 task loaded")
        XCTAssertEqual(printed.last, "1 task in the snapshot")
    }
}
