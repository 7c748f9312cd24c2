import RedoCrypto
import RedoJSON
import XCTest

@testable import RedoCore

/// Messages, paths and precedence on hand-made records (the vector suites cover every
/// rule; these pin down what a person reads).
final class NodeValidatorTests: XCTestCase {
    static let key = try! Ed25519KeyPair(seed: [UInt8](repeating: 9, count: 32))

    static func node(
        _ payload: String = #"{"title":"T"}"#, action: String = "CREATE", parents: String = "[]", extra: String = "",
        sign: Bool = true
    ) -> [UInt8] {
        let k = key.publicKey
        let body =
            #"{"version":1,"parents":\#(parents),"timestamp":{"lamport":1,"wall":"2025-10-26T00:00:00.000Z"},"author":{"userId":"\#(k.redoUserId)","deviceId":"d","publicKey":"\#(k.hex)"},"action":"\#(action)","taskId":"550e8400-e29b-41d4-a716-446655440000","data":{"payload":\#(payload)}\#(extra)}"#
        guard case let .object(object) = try! JSONReader.parse(body) else { fatalError() }
        let (id, signature) = NodeBody.seal(object, with: key)
        var members = [JSONMember(key: "id", value: .string(id.text))] + object.members
        if sign { members.append(JSONMember(key: "signature", value: .string(signature.hex))) }
        return Array(CanonicalJSON.bytes(of: .object(JSONObject(members))))
    }

    func testValidNodeIsTyped() throws {
        let check = NodeValidator().check(bytes: Self.node(#"{"title":"T","priority":5,"extensions":{"x":[1]}}"#))
        XCTAssertEqual(check.findings, [])
        let node = try XCTUnwrap(check.node)
        XCTAssertEqual(node.action, .create)
        XCTAssertEqual(node.lamport, 1)
        guard case let .create(fields) = node.payload else { return XCTFail() }
        XCTAssertEqual(fields[.priority], .integer(5))
        XCTAssertEqual(fields[.title], .string("T"))
    }

    func testEveryFindingIsReportedWithPathAndMessage() {
        let check = NodeValidator().check(
            bytes: Self.node(
                #"{"title":"","priority":"5","guid":1,"extensions":{"a":[{"wall":2}]}}"#, extra: #","extra":true"#))
        let summary = check.findings.map { "\($0.rule.id) \($0.path)" }
        XCTAssertEqual(
            Set(summary),
            [
                "envelope.unknownKey $.extra", "payload.range $.data.payload.title",
                "payload.type $.data.payload.priority",
                "payload.reserved $.data.payload.guid", "payload.reserved $.data.payload.extensions.a[0].wall",
            ])
        XCTAssertEqual(check.primaryCode, .schemaMismatch)
        XCTAssertNil(check.node)
        XCTAssertTrue(check.findings.contains { $0.message == "expected an integer, found a string" })
    }

    /// A repeated parent is found wherever it stands: among the first 16 (a linear scan)
    /// and past them (a set, so a hostile list of 200,000 stays linear), each repeat once.
    func testRepeatedParentsAreFoundInShortAndLongLists() {
        let ids = (0..<40).map { NodeID(digest: RedoSHA256.hash(Array("parent \($0)".utf8))).text }
        for (list, repeats) in [
            ([0, 1, 0], [2]), ([0, 0], [1]), (Array(0..<16) + [0], [16]), (Array(0..<17) + [0], [17]),
            (Array(0..<20) + [3, 19], [20, 21]), (Array(0..<30) + Array(0..<30), Array(30..<60)),
        ] {
            let parents = "[" + list.map { "\"\(ids[$0])\"" }.joined(separator: ",") + "]"
            let check = NodeValidator().check(bytes: Self.node(action: "MERGE", parents: parents))
            let paths = check.findings.filter { $0.rule.id == "parents.duplicate" }.map(\.path)
            XCTAssertEqual(paths, repeats.map { "$.parents[\($0)]" }, "\(list)")
        }
    }

    /// A signature of the wrong length is named by its length; "not lowercase hex" is said
    /// only when some character is not one ("abc" is three good digits, too few).
    func testSignatureFormatMessageNamesWhatIsWrong() {
        func message(_ signature: String) -> String? {
            let text =
                String(decoding: Self.node(sign: false), as: UTF8.self).dropLast() + #","signature":"\#(signature)"}"#
            return NodeValidator().check(bytes: Array(text.utf8)).findings.first { $0.rule.id == "signature.format" }?
                .message
        }
        XCTAssertEqual(
            message("abc"),
            "signature must be 128 lowercase hex digits (a raw 64-byte Ed25519 signature), found 3 characters")
        XCTAssertEqual(
            message("ABC"),
            "signature must be 128 lowercase hex digits (a raw 64-byte Ed25519 signature), found 3 characters that are not all lowercase hex digits"
        )
    }

    func testReservedNameOnlyForbiddenInPayloadNotEnvelope() {
        let check = NodeValidator().check(bytes: Self.node(extra: #","email":"x""#))
        XCTAssertEqual(check.findings.map(\.rule.id), ["envelope.unknownKey"])
    }

    func testPrecedencePicksEncodingOverSignature() {
        var bytes = Self.node()
        // Break the signature and the taskId's case at once (ids stay consistent with content).
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "550e8400", with: "550E8400")
        bytes = Array(text.utf8)
        let check = NodeValidator().check(bytes: bytes)
        XCTAssertEqual(check.primaryCode, .encodingViolation)
        XCTAssertEqual(Set(check.findings.map(\.rule.id)), ["taskId.format", "id.hash", "signature.invalid"])
    }

    /// KELVIN SIGN (U+212A) is canonically equivalent to "K": Swift's == equates
    /// "public\u{212A}ey" with "publicKey". Bytewise, it is another key.
    func testCanonicallyEquivalentKeyIsNotTheKey() {
        let text = String(decoding: Self.node(), as: UTF8.self).replacingOccurrences(
            of: "\"publicKey\"", with: "\"public\u{212A}ey\"")
        let rules = Set(NodeValidator().check(bytes: Array(text.utf8)).findings.map(\.rule.id))
        XCTAssertTrue(rules.isSuperset(of: ["envelope.unknownKey", "envelope.required"]), "\(rules)")
        // The message and the path spell the look-alike out, so it never reads as the name.
        let unknown = NodeValidator().check(bytes: Array(text.utf8)).findings.first {
            $0.rule.id == "envelope.unknownKey"
        }
        XCTAssertEqual(unknown?.path, #"$.author["public\u{212A}ey"]"#)
        XCTAssertTrue(unknown?.message.contains(#"has no key "public\u{212A}ey""#) ?? false, unknown?.message ?? "none")
        XCTAssertEqual(JSONPath.member("$", "café"), #"$["caf\u{E9}"]"#)
        XCTAssertEqual(JSONPath.member("$", "a\"b\\c\n"), #"$["a\"b\\c\n"]"#)
    }

    /// Actions are read from their bytes: each name is its raw value, and near misses
    /// (case, padding, an equivalent-looking letter, a NUL) are not actions.
    func testActionNamesAreReadBytewise() {
        for action in Action.allCases {
            var name = action.rawValue
            XCTAssertEqual(name.withUTF8 { Action(utf8: $0) }, action)
        }
        for near in ["create", "CREATE ", "CREATE\u{0}", "CRE\u{212A}TE", "", "MERGES", "MERG"] {
            var name = near
            XCTAssertNil(name.withUTF8 { Action(utf8: $0) }, near)
        }
        let check = NodeValidator().check(bytes: Self.node(action: "create"))
        XCTAssertEqual(
            check.findings.first { $0.rule == .actionEnum }?.message,
            "\"create\" is not a REDO action (CREATE, UPDATE, DELETE, COMPLETE_TODO, CREATE_TODO, SNOOZE, ARCHIVE, UNARCHIVE, MERGE)"
        )
    }

    func testSyncedProfileRequiresASignatureAndLocalDoesNot() {
        let unsigned = Self.node(sign: false)
        XCTAssertEqual(
            NodeValidator(profile: .synced).check(bytes: unsigned).findings.map(\.rule.id), ["signature.missing"])
        XCTAssertTrue(NodeValidator(profile: .local).check(bytes: unsigned).passed)
    }

    func testNonIJSONStopsBeforeHashing() {
        let check = NodeValidator().check(bytes: Array(#"{"id":"sha256:00","id":"x"}"#.utf8))
        XCTAssertEqual(check.findings.map(\.rule.id), ["record.syntax"])
        XCTAssertEqual(
            check.findings.first?.message,
            "not I-JSON: column 19 (byte 18): duplicate object key \"id\" (I-JSON forbids duplicate names)")
        // A record of several lines keeps its line in the position.
        let pretty = NodeValidator().check(bytes: Array("{\n  \"id\": \"sha256:00\",\n  \"id\": \"x\"\n}".utf8))
        XCTAssertEqual(
            pretty.findings.first?.message,
            "not I-JSON: line 3, column 3 (byte 25): duplicate object key \"id\" (I-JSON forbids duplicate names)")
    }

    /// A userId is its key's first 16 bytes, in 32 lowercase hex digits exactly.
    func testUserIdIsPrefixOfItsKeyOnly() throws {
        let key = try Ed25519PublicKey(hex: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        XCTAssertEqual(UserId("d75a980182b10ab7d54bfed3c964073a")?.isPrefix(of: key), true)
        XCTAssertEqual(UserId("d75a980182b10ab7d54bfed3c964073b")?.isPrefix(of: key), false)
        XCTAssertNil(UserId("D75A980182B10AB7D54BFED3C964073A"))
        XCTAssertNil(UserId("d75a980182b10ab7d54bfed3c964073a0e"))
        XCTAssertNil(UserId(""))
    }

    func testUserIdMessagesNameTheExpectedPrefix() {
        let text = String(decoding: Self.node(), as: UTF8.self)
        let wrong = text.replacingOccurrences(
            of: "\"userId\":\"\(Self.key.publicKey.redoUserId)\"",
            with: "\"userId\":\"\(String(repeating: "0", count: 32))\"")
        let check = NodeValidator().check(bytes: Array(wrong.utf8))
        let finding = check.findings.first { $0.rule == .userIdPrefix }
        XCTAssertEqual(
            finding?.message,
            "userId must be the first 32 hex digits of publicKey (\(Self.key.publicKey.redoUserId)), found \(String(repeating: "0", count: 32))"
        )
        XCTAssertEqual(finding?.path, "$.author.userId")
    }

    func testMergeStaticRules() {
        let parent = "sha256:" + String(repeating: "a", count: 64)
        let other = "sha256:" + String(repeating: "b", count: 64)
        let ok = NodeValidator().check(
            bytes: Self.node(
                #"{"base":"\#(parent)","resolutions":{"task":[{"path":"priority","strategy":"manual","value":4},{"path":"priority","strategy":"max"}]}}"#,
                action: "MERGE", parents: #"["\#(parent)","\#(other)"]"#))
        XCTAssertEqual(ok.findings, [])
        guard case let .merge(merge)? = ok.node?.payload else { return XCTFail("\(ok.findings)") }
        XCTAssertEqual(merge.taskResolutions[.priority]?.strategy, .manual)  // the first resolution for a path wins
        XCTAssertEqual(merge.taskResolutions[.priority]?.value, .integer(4))
        let bad = NodeValidator().check(
            bytes: Self.node(
                #"{"base":"\#(parent)","resolutions":{"task":[{"path":"title","strategy":"ours","chosenParent":"sha256:\#(String(repeating: "c", count: 64))"}],"todos":[{"todoTaskId":"550e8400-e29b-41d4-a716-446655440000","fields":[{"path":"completed","strategy":"manual","value":null},{"path":"title","strategy":"lww"}]}]}}"#,
                action: "MERGE", parents: #"["\#(parent)","\#(other)"]"#))
        XCTAssertEqual(bad.findings.map(\.rule.id), ["merge.resolution.chosenParent", "merge.resolution.path"])
    }
}
