/// A REDO node id: `sha256:` followed by 64 lowercase hex digits. The only way to make
/// one is from valid text or from a digest, so holding a `NodeID` proves the form.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let prefix = "sha256:"
    public let digest: SHA256Digest

    public init(digest: SHA256Digest) {
        self.digest = digest
    }

    /// Parses strict id text; nil for any other spelling (uppercase, Base58, no prefix…).
    public init?(_ text: String) {
        let units = text.utf8
        guard units.count == 71, units.starts(with: Self.prefix.utf8) else { return nil }
        guard let bytes = Hex.decodeLowercase(String(text.utf8.dropFirst(7))!) else { return nil }
        digest = bytes.withUnsafeBytes { SHA256Digest(bytes: $0) }
    }

    public var text: String { Self.prefix + digest.hex }
    public var description: String { text }

    /// Ids sort as their text does (the prefix is shared, the hex is big-endian).
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.digest < rhs.digest }
}
