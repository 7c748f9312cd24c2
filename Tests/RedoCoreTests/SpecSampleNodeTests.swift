import RedoCore
import RedoCrypto
import RedoJSON
import XCTest

/// The published spec's section 13.1 sample node. Its canonical text is right; the
/// digest it prints (sha256:8f7e3d2c…) is a placeholder, so we record the real one.
final class SpecSampleNodeTests: XCTestCase {
    static let node = """
        {
          "version": 1,
          "parents": [],
          "timestamp": {
            "lamport": 1,
            "wall": "2025-10-26T00:00:00.000Z"
          },
          "author": {
            "userId": "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4",
            "deviceId": "test_device",
            "publicKey": "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2"
          },
          "action": "CREATE",
          "taskId": "550e8400-e29b-41d4-a716-446655440000",
          "data": {
            "payload": {
              "title": "Test Task",
              "priority": 1
            }
          }
        }
        """
    static let canonical =
        #"{"action":"CREATE","author":{"deviceId":"test_device","publicKey":"a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2","userId":"a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4"},"data":{"payload":{"priority":1,"title":"Test Task"}},"parents":[],"taskId":"550e8400-e29b-41d4-a716-446655440000","timestamp":{"lamport":1,"wall":"2025-10-26T00:00:00.000Z"},"version":1}"#
    static let realId = "sha256:18c19e9a251e84004decb26b91403c613cef7f8577830168e50f93cbfcf6e889"

    func testCanonicalBytesMatchTheSpec() throws {
        let body = try NodeBody.canonicalBytes(ofDocument: Array(Self.node.utf8))
        XCTAssertEqual(String(decoding: body, as: UTF8.self), Self.canonical)
    }

    func testRealDigestIsRecorded() throws {
        let body = try NodeBody.canonicalBytes(ofDocument: Array(Self.node.utf8))
        let id = NodeBody.id(ofCanonicalBody: body)
        XCTAssertEqual(id.text, Self.realId)
        XCTAssertNotEqual(id.text, "sha256:8f7e3d2c1b9a8f7e6d5c4b3a2918f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d")
    }

    func testIdAndSignatureAreNotHashed() throws {
        guard case var .object(object) = try JSONReader.parse(Self.node) else { return XCTFail() }
        let before = NodeBody.id(of: object)
        object["id"] = .string("sha256:whatever")
        object["signature"] = .string("ab")
        XCTAssertEqual(NodeBody.id(of: object), before)
    }
}
