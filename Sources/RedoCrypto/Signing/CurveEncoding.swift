/// What can be told about Ed25519 encodings from their bytes alone, without point arithmetic:
/// whether a scalar is reduced, whether a point encoding is canonical, whether it is one of
/// the encodings of a point of small order. libsodium's verifier refuses a signature on each
/// of these grounds before it evaluates the equation; the swift-crypto verifier makes the same
/// checks itself, and `SignaturePortability` names them.
enum CurveEncoding {
    /// The field prime p = 2^255 − 19, little-endian.
    static let fieldPrime: [UInt8] = [0xED] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]

    /// The group order L = 2^252 + 27742317777372353535851937790883648493, little-endian.
    static let groupOrder: [UInt8] = [
        0xED, 0xD3, 0xF5, 0x5C, 0x1A, 0x63, 0x12, 0x58, 0xD6, 0x9C, 0xF7, 0xA2, 0xDE, 0xF9, 0xDE, 0x14,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ]

    /// The y coordinates (little-endian, sign bit clear) of the eight points of order
    /// dividing 8 — the curve's torsion subgroup — and their other encodings: y = 0 (the two
    /// points of order 4), y = 1 (the identity), y = p − 1 (the point of order 2), y8 and
    /// p − y8 (the four points of order 8), and y = p ≡ 0 and y = p + 1 ≡ 1, not reduced.
    /// With either sign bit, these are exactly the encodings libsodium refuses as small-order.
    static let smallOrderY: [[UInt8]] = {
        let zero = [UInt8](repeating: 0, count: 32)
        let one = [1] + [UInt8](repeating: 0, count: 31)
        var pMinusOne = fieldPrime
        pMinusOne[0] -= 1
        var pPlusOne = fieldPrime
        pPlusOne[0] += 1
        // y8 = 0x05fc…e826 and p − y8, the y of the points of order 8.
        let y8: [UInt8] = [
            0x26, 0xE8, 0x95, 0x8F, 0xC2, 0xB2, 0x27, 0xB0, 0x45, 0xC3, 0xF4, 0x89, 0xF2, 0xEF, 0x98, 0xF0,
            0xD5, 0xDF, 0xAC, 0x05, 0xD3, 0xC6, 0x33, 0x39, 0xB1, 0x38, 0x02, 0x88, 0x6D, 0x53, 0xFC, 0x05,
        ]
        let minusY8: [UInt8] = [
            0xC7, 0x17, 0x6A, 0x70, 0x3D, 0x4D, 0xD8, 0x4F, 0xBA, 0x3C, 0x0B, 0x76, 0x0D, 0x10, 0x67, 0x0F,
            0x2A, 0x20, 0x53, 0xFA, 0x2C, 0x39, 0xCC, 0xC6, 0x4E, 0xC7, 0xFD, 0x77, 0x92, 0xAC, 0x03, 0x7A,
        ]
        return [zero, one, pMinusOne, y8, minusY8, fieldPrime, pPlusOne]
    }()

    /// Whether the 32-byte little-endian scalar is below L (libsodium refuses S ≥ L).
    static func isReducedScalar(_ s: UnsafeRawBufferPointer) -> Bool { isBelow(s, groupOrder, signBit: true) }

    /// Whether the 32-byte point encoding is canonical: y (the low 255 bits) below p, and no
    /// sign bit on the two points whose x is 0 (y = 1 and y = p − 1).
    static func isCanonicalPoint(_ encoded: UnsafeRawBufferPointer) -> Bool {
        guard isBelow(encoded, fieldPrime, signBit: false) else { return false }
        guard encoded[31] & 0x80 != 0 else { return true }
        return !equalsY(encoded, smallOrderY[1]) && !equalsY(encoded, smallOrderY[2])
    }

    /// Whether the 32-byte point encoding is one of a point of small order, whatever its sign
    /// bit (libsodium's rule).
    static func hasSmallOrder(_ encoded: UnsafeRawBufferPointer) -> Bool {
        smallOrderY.contains { equalsY(encoded, $0) }
    }

    /// The same three checks on bytes in an array (32 bytes each).
    static func isReducedScalar(_ s: [UInt8]) -> Bool { s.withUnsafeBytes { isReducedScalar($0) } }
    static func isCanonicalPoint(_ encoded: [UInt8]) -> Bool { encoded.withUnsafeBytes { isCanonicalPoint($0) } }
    static func hasSmallOrder(_ encoded: [UInt8]) -> Bool { encoded.withUnsafeBytes { hasSmallOrder($0) } }

    /// Little-endian `a < b` over 32 bytes; with `signBit` false, a's top bit is ignored.
    private static func isBelow(_ a: UnsafeRawBufferPointer, _ b: [UInt8], signBit: Bool) -> Bool {
        for k in stride(from: 31, through: 0, by: -1) {
            let byte = k == 31 && !signBit ? a[k] & 0x7F : a[k]
            if byte != b[k] { return byte < b[k] }
        }
        return false
    }

    /// Whether the encoding's y (its sign bit ignored) is `y`.
    private static func equalsY(_ encoded: UnsafeRawBufferPointer, _ y: [UInt8]) -> Bool {
        for k in 0..<31 where encoded[k] != y[k] { return false }
        return encoded[31] & 0x7F == y[31]
    }
}
