import RedoCore
import RedoCrypto
import RedoJSON
import RedoTestSupport
import Synchronization
import XCTest

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

/// Runs the code of the article "Keep a live log in an app"
/// (Sources/RedoCore/RedoCore.docc/KeepALiveLogInAnApp.md), statement for statement, and holds every
/// line the article says it prints. Edit both together.
final class LiveLogArticleTests: XCTestCase {
    /// The article's records: the CREATE and its first todo on the device, then an UPDATE setting the
    /// priority, then the rename it descends from.
    static func records() throws -> (stored: [[UInt8]], firstSync: [[UInt8]], secondSync: [[UInt8]]) {
        let keyPair = try Ed25519KeyPair(seed: [UInt8](repeating: 0x42, count: 32))
        func record(_ action: String, _ parents: [[UInt8]], _ lamport: Int, _ payload: String) throws -> [UInt8] {
            let wall = "2025-10-2\(5 + lamport)T09:00:00.000Z"
            return sealed(
                try GettingStartedArticleTests.node(
                    action, parents: parents, lamport: lamport, wall: wall, payload: payload, by: keyPair),
                with: keyPair)
        }
        let create = try record("CREATE", [], 1, #"{"title": "Water the plants", "priority": 2}"#)
        let todo = try record(
            "CREATE_TODO", [create], 2,
            #"{"todoTaskId": "\#(GettingStartedArticleTests.todoId)", "deadline": "2025-11-01T09:00:00.000Z"}"#)
        let rename = try record("UPDATE", [todo], 3, #"{"title": "Water the ferns"}"#)
        let priority = try record("UPDATE", [rename], 4, #"{"priority": 3}"#)
        return ([create, todo], [priority], [rename])
    }

    func testKeepALiveLogInAnApp() async throws {
        let (stored, firstSync, secondSync) = try Self.records()
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // Load what the device holds
        let signatures = SignatureMemory()
        var log = LiveLog()
        let loaded = try log.ingest(stored, verified: signatures)
        print(loaded.changedTasks.count, "task loaded")
        XCTAssertEqual(printed, ["1 task loaded"])

        // Take in a sync batch
        printed = []
        let update = try log.ingest(firstSync, verified: signatures)
        for (index, verdict) in update.verdicts.enumerated() {
            print("record \(update.firstRecord + index): \(verdict.code?.rawValue ?? verdict.status.rawValue)")
        }
        print(update.changedTasks.count, "tasks changed")
        XCTAssertEqual(printed, ["record 2: E_PARENT_NOT_FOUND", "0 tasks changed"])

        // Handle a node that waits for its parent
        printed = []
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
        XCTAssertEqual(
            printed, ["record 2 is now valid", "550e8400-e29b-41d4-a716-446655440000: \"Water the ferns\", priority 3"])

        // Share it between threads
        printed = []
        let shared = LiveLogActor(log, verified: signatures)
        let snapshot = await shared.snapshot
        print(snapshot.taskStates.count, "task in the snapshot")
        XCTAssertEqual(printed, ["1 task in the snapshot"])

        // The state is the batch replay's; the signatures verified on load were remembered.
        let validator = NodeValidator()
        let verdict = LogValidator().validate((stored + firstSync + secondSync).map { validator.check(bytes: $0) })
        XCTAssertEqual(
            StateRendering.canonicalBytes(snapshot.reconstruction),
            StateRendering.canonicalBytes(Reconstructor.reconstruct(verdict)))
        XCTAssertEqual(snapshot.verdicts, verdict.records)
    }

    func testArticleCodeIsMirrored() throws {
        try ArticleCode.assertMirrored(article: "Sources/RedoCore/RedoCore.docc/KeepALiveLogInAnApp.md")
    }
}
