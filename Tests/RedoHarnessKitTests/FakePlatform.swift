import Foundation
import RedoHarnessKit

/// The value of the fake platform: a string, or an object of values. Not `Any`, so the kit
/// is seen to be generic over a platform's own value type.
indirect enum FakeValue: Equatable {
    case text(String)
    case object([String: FakeValue])
}

/// What the fake platform was asked, to check what the kit passes.
final class FakeCalls {
    var canonicalized: [FakeValue] = []
    var verified: [(publicKey: [UInt8], message: [UInt8], signature: [UInt8])] = []
    var profiles: [AcceptanceProfile] = []
}

struct FakeError: Error, CustomStringConvertible {
    let description: String
}

/// A tiny platform with a format of its own, every function provided:
/// - parse: `{k=v,k={…}}` objects of strings, any other text is a string; a text starting
///   with `throw ` throws the rest;
/// - canonical form: members sorted, `k=v` joined by `,`; the "digest" is the bytes reversed;
/// - a "signature" is the seed (the fake's public key too) followed by the message's length;
/// - accepts a node unless it holds `bad`; `throw` throws;
/// - a round trip upper-cases the node; a log's state hash is `a` times 64, or, for a log
///   whose first record is `upper`, not lowercase.
struct FakePlatform: PlatformHarness {
    let calls = FakeCalls()
    var platform = "fake"
    var implementation = "the fake platform, \"quoted\""
    var sections = Set(InputSection.allCases)

    func parse(_ text: String) throws -> FakeValue {
        if text.hasPrefix("throw ") { throw FakeError(description: String(text.dropFirst(6))) }
        var rest = Substring(text)
        return try Self.value(&rest)
    }

    private static func value(_ text: inout Substring) throws -> FakeValue {
        guard text.first == "{" else {
            let end = text.firstIndex { $0 == "," || $0 == "}" } ?? text.endIndex
            defer { text = text[end...] }
            return .text(String(text[..<end]))
        }
        text = text.dropFirst()
        var members: [String: FakeValue] = [:]
        while let first = text.first, first != "}" {
            guard let equals = text.firstIndex(of: "=") else { throw FakeError(description: "no = in \(text)") }
            let name = String(text[..<equals])
            text = text[text.index(after: equals)...]
            members[name] = try value(&text)
            if text.first == "," { text = text.dropFirst() }
        }
        text = text.dropFirst()
        return .object(members)
    }

    func canonicalize(_ value: FakeValue) throws -> [UInt8] {
        calls.canonicalized.append(value)
        return Array(Self.text(value).utf8)
    }

    private static func text(_ value: FakeValue) -> String {
        switch value {
        case let .text(text): return text
        case let .object(members):
            return "{" + members.keys.sorted().map { $0 + "=" + text(members[$0]!) }.joined(separator: ",") + "}"
        }
    }

    func sha256(_ bytes: [UInt8]) -> [UInt8] { bytes.reversed() }

    func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool {
        calls.verified.append((publicKey, message, signature))
        return signature == publicKey + [UInt8(truncatingIfNeeded: message.count)]
    }

    func sign(seed: [UInt8], message: [UInt8]) -> [UInt8]? { seed + [UInt8(truncatingIfNeeded: message.count)] }

    func accepts(node: String, profile: AcceptanceProfile) throws -> Acceptance? {
        calls.profiles.append(profile)
        if node == "throw" { throw FakeError(description: "cannot judge") }
        return node.contains("bad") ? .rejected("rule.bad: it is bad") : .accepted
    }

    func roundTrip(node: String) -> [UInt8]? { Array(node.uppercased().utf8) }

    func stateSha256(records: [String]) -> String? {
        String(repeating: records.first == "upper" ? "A" : "a", count: 64)
    }

    func removing(_ members: [String], from object: FakeValue) throws -> FakeValue {
        guard case var .object(dictionary) = object else { throw FakeError(description: "not an object") }
        for member in members { dictionary.removeValue(forKey: member) }
        return .object(dictionary)
    }

    func string(at path: [String], in object: FakeValue) -> String? {
        var value: FakeValue? = object
        for member in path {
            guard case let .object(members) = value else { return nil }
            value = members[member]
        }
        guard case let .text(text) = value else { return nil }
        return text
    }
}

/// A platform that provides only what is required: its values are JSONSerialization's, and
/// the kit's own member access for them is used.
struct MinimalPlatform: PlatformHarness {
    let platform = "minimal"
    let implementation = "required functions only"

    func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
    }

    func canonicalize(_ value: Any) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]))
    }

    func sha256(_ bytes: [UInt8]) -> [UInt8] { [UInt8(truncatingIfNeeded: bytes.count)] }

    func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool { publicKey == signature }
}
