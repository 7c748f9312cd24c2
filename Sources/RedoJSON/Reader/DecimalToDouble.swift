#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decimal text to the nearest IEEE-754 double (round half to even), as ECMAScript's
/// JSON.parse does.
enum DecimalToDouble {
    /// Powers of ten that are exact doubles (10^0 … 10^22).
    private static let exactPowers: [Double] = (0...22).map { k in
        var p = 1.0
        for _ in 0..<k { p *= 10 }
        return p
    }

    /// Clinger's fast path: when the mantissa and the power of ten are both exact doubles,
    /// one IEEE multiplication or division rounds correctly. Covers almost every number a
    /// REDO node holds (small integers, short decimals).
    @inline(__always)
    static func exact(mantissa: UInt64, exponent: Int) -> Double? {
        guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        let m = Double(mantissa)
        return exponent >= 0 ? m * exactPowers[exponent] : m / exactPowers[-exponent]
    }

    /// Everything else goes to the C library's strtod, which glibc implements with exact
    /// big-number arithmetic (correct rounding for every input length). The text has
    /// already passed the JSON number grammar, so strtod sees nothing it could misread
    /// (no hex floats, no "inf", no locale-dependent separators).
    static func correctlyRounded(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            for k in 0..<text.count { buffer[k] = CChar(bitPattern: text[k]) }
            buffer[text.count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }
}
