import RedoCrypto
import RedoJSON

/// A record built but for its signature: the id and the body as written, and the canonical
/// body the signature is made over. The builder works out every node's id in order (a
/// child's body holds its parents' ids) and signs them all afterwards, in parallel.
struct UnsignedLine: Sendable {
    /// `{"id":"…",` and the written body's members: the line up to its signature.
    let head: [UInt8]
    let canonicalBody: [UInt8]
    /// Whose key signs the line; nil leaves `signature` out.
    let signer: Ed25519KeyPair?

    static let signatureOpening = Array(#","signature":""#.utf8)
    /// The hex of a signature's 64 bytes.
    static let signatureHexCount = 128

    /// `body` is the written body, an object as ScenarioLineWriter writes it (`{…}`).
    init(id: String, body: [UInt8], canonicalBody: [UInt8], signer: Ed25519KeyPair?) {
        var head: [UInt8] = []
        head.reserveCapacity(body.count + id.utf8.count + Self.signatureOpening.count + Self.signatureHexCount + 16)
        head.append(contentsOf: #"{"id":"#.utf8)
        head.append(contentsOf: OrderedJSONWriter.bytes(.string(id)))
        if body.count > 2 { head.append(UInt8(ascii: ",")) }
        head.append(contentsOf: body[1..<(body.count - 1)])
        self.head = head
        self.canonicalBody = canonicalBody
        self.signer = signer
    }

    /// The line's length once signed.
    var count: Int {
        head.count + 1 + (signer == nil ? 0 : Self.signatureOpening.count + Self.signatureHexCount + 1)
    }

    /// The line, signed: `head`, then `"signature":"…"` unless there is no signer, and `}`.
    func signed() -> [UInt8] {
        var line = head
        if let signer {
            line.append(contentsOf: Self.signatureOpening)
            line.append(contentsOf: signer.sign(canonicalBody).hex.utf8)
            line.append(UInt8(ascii: "\""))
        }
        line.append(UInt8(ascii: "}"))
        return line
    }
}
