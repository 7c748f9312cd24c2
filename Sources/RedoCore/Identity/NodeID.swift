import RedoCrypto
import RedoJSON

/// A REDO node id: `sha256:` followed by 64 lowercase hex digits. The only way to make
/// one is from valid text or from a digest, so holding a `NodeID` proves the form.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The text every id starts with: `sha256:`.
    public static let prefix = prefixText.description
    private static let prefixText: StaticString = "sha256:"
    /// The SHA-256 of the node's canonical body.
    public let digest: RedoSHA256Digest

    /// The id of the node whose canonical body has this digest.
    public init(digest: RedoSHA256Digest) {
        self.digest = digest
    }

    /// Parses strict id text; nil for any other spelling (uppercase, Base58, no prefix…).
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ NodeID(utf8: $0) }) else { return nil }
        self = parsed
    }

    /// The same, from the text's UTF-8 bytes.
    package init?(utf8 units: UnsafeBufferPointer<UInt8>) {
        guard units.count == 71, units[0] == 0x73, units[1] == 0x68, units[2] == 0x61, units[3] == 0x32,
            units[4] == 0x35,
            units[5] == 0x36, units[6] == 0x3A
        else { return nil }
        // Four big-endian words straight from the hex digits, no intermediate arrays.
        guard let w0 = Hex.word(units, at: 7, digits: 16), let w1 = Hex.word(units, at: 23, digits: 16),
            let w2 = Hex.word(units, at: 39, digits: 16), let w3 = Hex.word(units, at: 55, digits: 16)
        else { return nil }
        digest = RedoSHA256Digest(w0: w0, w1: w1, w2: w2, w3: w3)
    }

    /// The id as REDO writes it: `sha256:` and 64 lowercase hex digits.
    public var text: String { digest.hex(after: Self.prefixText) }
    /// The same as `text`.
    public var description: String { text }

    /// `text` as a JSON string, appended to `out` (it needs no escapes), without making
    /// the string.
    package func appendQuoted(to out: inout [UInt8]) {
        RedoCore.appendQuoted(width: 71, to: &out) { base in
            base.update(from: Self.prefixText.utf8Start, count: 7)
            Hex.write(digest.w0, to: base + 7)
            Hex.write(digest.w1, to: base + 23)
            Hex.write(digest.w2, to: base + 39)
            Hex.write(digest.w3, to: base + 55)
        }
    }

    /// Dictionaries keyed by id hash its digest with `WordHash`.
    public func _rawHashValue(seed: Int) -> Int { digest._rawHashValue(seed: seed) }

    /// Ids sort as their text does (the prefix is shared, the hex is big-endian).
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.digest < rhs.digest }
}
