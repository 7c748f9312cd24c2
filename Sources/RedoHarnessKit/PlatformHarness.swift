/// A platform's own code, which the kit runs over redo-conform's platform inputs.
///
/// A platform team implements the required members with the code its client really uses
/// (its JSON parser, its RFC 8785 writer, its SHA-256 and Ed25519) and hands the harness to
/// ``HarnessRunner``, which reads the inputs, answers every vector, catches each vector's
/// error and writes the outputs file (docs/platform-gate.md, "The exchange format").
///
/// `Value` is the platform's own JSON value: whatever its parser returns (`Any` from
/// `JSONSerialization`, an enum of its own, a `Codable` model). The kit never looks inside
/// one except through ``removing(_:from:)`` and ``string(at:in:)``, which have ready-made
/// implementations when `Value` is `Any` holding `JSONSerialization`'s objects.
///
/// A requirement that throws makes its vector's result `{"error": …}` with the error's
/// description; the other vectors are still answered. The optional members (``sign(seed:message:)``,
/// ``accepts(node:profile:)``, ``roundTrip(node:)``, ``stateSha256(records:)``) return nil
/// by default, meaning "not provided": their vectors get no result, or nodes no signature.
public protocol PlatformHarness {
    /// The platform's own JSON value, as its parser returns it.
    associatedtype Value

    /// The platform's name in the outputs (`ios`, `android`, `web` …).
    var platform: String { get }

    /// Free text saying what ran: the client, its version, its JSON and crypto libraries.
    var implementation: String { get }

    /// The sections of the inputs this harness answers; all of them by default.
    ///
    /// The vectors of a section left out get no result, which `compare` reports as missing
    /// (or, with `--allow-missing`, passes over): useful while a harness is built up, or
    /// for a code path that has no such input, such as a client path that only ever hashes
    /// nodes.
    var sections: Set<InputSection> { get }

    /// Parses JSON text with the platform's own parser.
    ///
    /// - Parameter text: one JSON text of the inputs: a `canonicalization` vector's `json`
    ///   (any JSON value) or a `nodes` vector's `node` (an object).
    func parse(_ text: String) throws -> Value

    /// The platform's RFC 8785 canonical form of a value, as UTF-8 bytes.
    func canonicalize(_ value: Value) throws -> [UInt8]

    /// The SHA-256 digest of `bytes` (32 bytes).
    func sha256(_ bytes: [UInt8]) throws -> [UInt8]

    /// Whether `signature` is a valid Ed25519 signature of `message` by `publicKey`.
    ///
    /// Return false, rather than throw, for a key or signature of the wrong length or one
    /// the verifier refuses: the `signatures` vectors hold such inputs on purpose, and
    /// `compare` judges the verdict.
    func verify(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) throws -> Bool

    /// The Ed25519 signature of `message` by the key whose 32-byte seed is `seed`, or nil
    /// when the platform does not sign (the default): nodes then get no `signature`.
    func sign(seed: [UInt8], message: [UInt8]) throws -> [UInt8]?

    /// The client's own acceptance check of a node as received, or nil when the platform
    /// has none (the default): `verdicts` then get no result.
    ///
    /// - Parameters:
    ///   - node: the node's JSON text, as it arrives.
    ///   - profile: the profile to judge it under.
    func accepts(node: String, profile: AcceptanceProfile) throws -> Acceptance?

    /// The RFC 8785 bytes of the whole node (id and signature included) after the client
    /// has parsed it, stored it in its storage model and read it back, or nil when the
    /// platform has no storage model (the default): `storage` vectors then get no result.
    func roundTrip(node: String) throws -> [UInt8]?

    /// The lowercase hex SHA-256 of the canonical state reconstructed from `records`, one
    /// log's node texts, or nil when the platform has no reconstructor (the default): `logs`
    /// then get no result.
    func stateSha256(records: [String]) throws -> String?

    /// The object `object` without the members named `members`, which need not be there.
    ///
    /// The kit forms a node's body with it: the node without `id` and `signature`. Throw
    /// when `object` is not an object.
    func removing(_ members: [String], from object: Value) throws -> Value

    /// The string reached from `object` by the member names of `path`, or nil when a
    /// member is missing or the value is not a string.
    ///
    /// The kit reads a node's `["signature"]` and `["author", "publicKey"]` with it.
    func string(at path: [String], in object: Value) -> String?
}

extension PlatformHarness {
    /// Every section: a harness answers all of them unless it says otherwise.
    public var sections: Set<InputSection> { Set(InputSection.allCases) }

    /// Not provided: nodes get no signature.
    public func sign(seed: [UInt8], message: [UInt8]) throws -> [UInt8]? { nil }

    /// Not provided: `verdicts` get no result.
    public func accepts(node: String, profile: AcceptanceProfile) throws -> Acceptance? { nil }

    /// Not provided: `storage` vectors get no result.
    public func roundTrip(node: String) throws -> [UInt8]? { nil }

    /// Not provided: `logs` get no result.
    public func stateSha256(records: [String]) throws -> String? { nil }
}
