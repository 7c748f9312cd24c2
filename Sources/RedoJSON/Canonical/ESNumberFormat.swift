/// Writes a double exactly as ECMAScript's Number.prototype.toString does (ECMA-262
/// Number::toString), which is what RFC 8785 section 3.2.2.3 prescribes.
///
/// The digits come from Swift's own float printing, which produces the shortest digit
/// string that round-trips and, among those, the one closest to the exact value — the
/// same choice V8 makes. Only the layout differs between Swift and ECMAScript, so we take
/// Swift's digits and exponent and lay them out by the ECMAScript rules.
package enum ESNumberFormat {
    /// Integers below 2^53 are printed directly: their exact digits are also the shortest.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    package static func append(_ value: Double, to out: inout [UInt8]) {
        append(value, into: &out)
    }

    /// The formatter proper, for any output (the tape path writes through a cursor).
    @inline(__always)
    static func append<Out: ByteOutput>(_ value: Double, into out: inout Out) {
        precondition(value.isFinite, "canonical JSON has no NaN or Infinity")
        if value == 0 {
            out.append(ASCII.zero)  // covers -0, which ECMAScript prints as "0"
            return
        }
        if value.magnitude < exactIntegerLimit, value == value.rounded(.towardZero) {
            appendInteger(Int64(value), into: &out)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 17 significant digits
        withUnsafeMutableBytes(of: &digits) { raw in
            let digitBuffer = raw.bindMemory(to: UInt8.self)
            let (count, exponent) = shortestDigits(value.magnitude, into: digitBuffer)
            if value < 0 { out.append(ASCII.minus) }
            layOut(UnsafeBufferPointer(rebasing: digitBuffer[0..<count]), pointExponent: exponent, into: &out)
        }
    }

    package static func string(_ value: Double) -> String {
        var out: [UInt8] = []
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendInteger<Out: ByteOutput>(_ value: Int64, into out: inout Out) {
        if value < 0 { out.append(ASCII.minus) }
        var magnitude = value.magnitude
        var reversed: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &reversed) { raw in
            var count = 0
            repeat {
                raw[count] = UInt8(truncatingIfNeeded: magnitude % 10) + ASCII.zero
                magnitude /= 10
                count += 1
            } while magnitude > 0
            while count > 0 {
                count -= 1
                out.append(raw[count])
            }
        }
    }

    /// The shortest round-trip significant digits of a positive finite double, and `n`,
    /// the position of the decimal point: value = 0.d1d2…dk × 10^n.
    static func shortestDigits(_ value: Double, into digits: UnsafeMutableBufferPointer<UInt8>) -> (
        count: Int, pointExponent: Int
    ) {
        // Swift prints e.g. "5e-324", "1.7976931348623157e+308", "0.001", "123.456".
        var count = 0
        var pointExponent = 0
        var seenPoint = false
        var leadingZeros = true
        var exponent = 0
        var exponentNegative = false
        var inExponent = false
        for unit in value.description.utf8 {
            if inExponent {
                if unit == ASCII.minus {
                    exponentNegative = true
                } else if unit != ASCII.plus {
                    exponent = exponent * 10 + Int(unit - ASCII.zero)
                }
                continue
            }
            switch unit {
            case ASCII.dot:
                seenPoint = true
            case UInt8(ascii: "e"):
                inExponent = true
            case ASCII.zero where leadingZeros:
                if seenPoint { pointExponent -= 1 }
            default:
                leadingZeros = false
                digits[count] = unit
                count += 1
                if !seenPoint { pointExponent += 1 }
            }
        }
        // Trailing zeros of the integer part ("100.0") are not significant digits.
        while count > 1 && digits[count - 1] == ASCII.zero {
            count -= 1
        }
        // Zeros before the point that were not yet counted as digits: "100.0" has
        // digits "1", point after 3 places. The loop counted them (they follow a
        // non-zero digit), so pointExponent is already right.
        return (count, pointExponent + (exponentNegative ? -exponent : exponent))
    }

    /// ECMA-262 Number::toString step 6–12 layout, with k digits and point position n.
    static func layOut<Out: ByteOutput>(_ digits: UnsafeBufferPointer<UInt8>, pointExponent n: Int, into out: inout Out)
    {
        let k = digits.count
        if k <= n && n <= 21 {
            out.append(contentsOf: digits)
            for _ in 0..<(n - k) { out.append(ASCII.zero) }
        } else if 0 < n && n <= 21 {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[0..<n]))
            out.append(ASCII.dot)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[n...]))
        } else if -6 < n && n <= 0 {
            out.append(ASCII.zero)
            out.append(ASCII.dot)
            for _ in 0..<(-n) { out.append(ASCII.zero) }
            out.append(contentsOf: digits)
        } else {
            out.append(digits[0])
            if k > 1 {
                out.append(ASCII.dot)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[1...]))
            }
            out.append(UInt8(ascii: "e"))
            let e = n - 1
            out.append(e < 0 ? ASCII.minus : ASCII.plus)
            appendInteger(Int64(e.magnitude), into: &out)
        }
    }
}
