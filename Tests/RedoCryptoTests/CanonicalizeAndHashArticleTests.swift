import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

/// Runs the code of the article "Canonicalize and hash a node"
/// (Sources/RedoCrypto/RedoCrypto.docc/CanonicalizeAndHashANode.md), statement for statement, on the
/// node the article shows: an API change that breaks the article breaks this test. Edit both together.
final class CanonicalizeAndHashArticleTests: XCTestCase {
    /// The article's received node, exactly as printed there.
    static let received = """
        {
          "id": "sha256:544e68e928af071b6995d50aac9b7719cea2e184f4bc73545cee5649f6b8b213",
          "version": 1,
          "parents": [],
          "timestamp": { "lamport": 1, "wall": "2025-10-26T09:00:00.000Z" },
          "author": {
            "userId": "2152f8d19b791d24453242e15f2eab6c",
            "deviceId": "phone",
            "publicKey": "2152f8d19b791d24453242e15f2eab6cb7cffa7b6a5ed30097960e069881db12"
          },
          "action": "CREATE",
          "taskId": "550e8400-e29b-41d4-a716-446655440000",
          "data": { "payload": { "title": "Water the plants", "priority": 2 } },
          "signature": "bcb5ed7af753fdcae4ae5a1ded74b52d84f0916826b085d3f496d85c7ef6c05975fc3f2b3ba07fb73fbf48a56a5004b41faf44a60bdcd9be5757861b37fbb60a"
        }
        """

    /// The canonical body the article prints.
    static let canonicalBody =
        #"{"action":"CREATE","author":{"deviceId":"phone","publicKey":"2152f8d19b791d24453242e15f2eab6cb7cffa7b6a5ed30097960e069881db12","userId":"2152f8d19b791d24453242e15f2eab6c"},"data":{"payload":{"priority":2,"title":"Water the plants"}},"parents":[],"taskId":"550e8400-e29b-41d4-a716-446655440000","timestamp":{"lamport":1,"wall":"2025-10-26T09:00:00.000Z"},"version":1}"#

    struct NotANode: Error {}

    /// Sections "Read the node strictly" through "Verify the signature".
    func testCheckAReceivedNode() throws {
        let received: [UInt8] = Array(Self.received.utf8)

        // Read the node strictly
        guard case .object(let node) = try JSONReader.parse(received) else {
            throw NotANode()  // valid JSON, but a node is an object
        }

        // Take its body in canonical form
        let body = CanonicalJSON.bytes(of: .object(node.removing(["id", "signature"])))
        XCTAssertEqual(String(decoding: body, as: UTF8.self), Self.canonicalBody)

        // Compute the id
        let id = "sha256:" + RedoSHA256.hash(body).hex
        let idMatches = node["id"]?.stringValue == id
        XCTAssertEqual(id, "sha256:544e68e928af071b6995d50aac9b7719cea2e184f4bc73545cee5649f6b8b213")
        XCTAssertTrue(idMatches)

        // Verify the signature
        let publicKeyHex = node["author"]?.objectValue?["publicKey"]?.stringValue ?? ""
        let signatureHex = node["signature"]?.stringValue ?? ""
        let key = try Ed25519PublicKey(hex: publicKeyHex)
        let signature = try Ed25519Signature(hex: signatureHex)
        let signatureVerifies = Ed25519.verify(signature, of: body, by: key)
        XCTAssertTrue(signatureVerifies)

        // The userId is the key's first 16 bytes, not a hash of it.
        XCTAssertEqual(node["author"]?.objectValue?["userId"]?.stringValue, key.redoUserId)
    }

    /// The article's claim that a change anywhere in the body changes the id and breaks the
    /// signature, while the envelope's spelling (whitespace, key order) changes neither.
    func testAnEditBreaksIdAndSignatureButSpellingDoesNot() throws {
        guard case .object(var node) = try JSONReader.parse(Self.received) else { return XCTFail() }
        let key = try Ed25519PublicKey(hex: node["author"]!.objectValue!["publicKey"]!.stringValue!)
        let signature = try Ed25519Signature(hex: node["signature"]!.stringValue!)

        let respelled = JSONObject(node.members.reversed())
        let respelledBody = CanonicalJSON.bytes(of: .object(respelled.removing(["id", "signature"])))
        XCTAssertEqual(String(decoding: respelledBody, as: UTF8.self), Self.canonicalBody)

        node["data"] = try JSONReader.parse(#"{"payload": {"title": "Water the plants!", "priority": 2}}"#)
        let editedBody = CanonicalJSON.bytes(of: .object(node.removing(["id", "signature"])))
        XCTAssertNotEqual("sha256:" + RedoSHA256.hash(editedBody).hex, node["id"]?.stringValue)
        XCTAssertFalse(Ed25519.verify(signature, of: editedBody, by: key))
    }

    /// Section "Sign a node you write": the code there produces exactly the received node's id
    /// and signature (Ed25519 signatures are deterministic).
    func testSignANodeYouWrite() throws {
        let unsigned = """
            {
              "version": 1,
              "parents": [],
              "timestamp": { "lamport": 1, "wall": "2025-10-26T09:00:00.000Z" },
              "author": { "deviceId": "phone" },
              "action": "CREATE",
              "taskId": "550e8400-e29b-41d4-a716-446655440000",
              "data": { "payload": { "title": "Water the plants", "priority": 2 } }
            }
            """
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

        guard case .object(let expected) = try JSONReader.parse(Self.received) else { return XCTFail() }
        XCTAssertEqual(String(decoding: body, as: UTF8.self), Self.canonicalBody)
        XCTAssertEqual(node["id"], expected["id"])
        XCTAssertEqual(node["signature"], expected["signature"])
        XCTAssertEqual(try JSONReader.parse(toSend), .object(expected))
    }

    /// Every line of the article's code is a line of this file: the article shows only code run here.
    func testTheArticleShowsOnlyCodeRunHere() throws {
        try ArticleCode.assertMirrored(article: "Sources/RedoCrypto/RedoCrypto.docc/CanonicalizeAndHashANode.md")
    }
}
