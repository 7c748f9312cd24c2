// A complete harness on the Swift kit. CanonicalJSON stands for your client's RFC 8785
// writer (here Tests/RedoHarnessKitTests/ExampleClient.swift). The harness executable's
// main.swift calls exit(HarnessRunner(ClientHarness()).runCommandLine()).
import Crypto  // swift-crypto; on Apple platforms, CryptoKit has the same names
import Foundation
import RedoHarnessKit

/// The client's own JSON parser, canonical form, hashing and signing.
struct ClientHarness: PlatformHarness {
    let platform = "ios-example"
    let implementation = "JSONSerialization, CanonicalJSON, swift-crypto"

    func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
    }

    func canonicalize(_ value: Any) throws -> [UInt8] { try CanonicalJSON.bytes(of: value) }

    func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }

    func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else { return false }
        return key.isValidSignature(signature, for: message)
    }

    func sign(seed: [UInt8], message: [UInt8]) throws -> [UInt8]? {
        Array(try Curve25519.Signing.PrivateKey(rawRepresentation: seed).signature(for: message))
    }
}
