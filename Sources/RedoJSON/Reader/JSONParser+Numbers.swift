/// Numbers: RFC 8259 syntax, correctly rounded to a double, finite only.
extension JSONParser {
    /// Parses RFC 8259 number syntax and converts it to the correctly rounded double.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == ASCII.minus {
            negative = true
            index += 1
            guard index < bytes.count else { throw fail(start, .invalidNumber, "'-' must be followed by digits") }
            if bytes[index] == UInt8(ascii: "I") && startsWord("Infinity", at: index) {
                throw fail(start, .nonFiniteLiteral, "NaN and Infinity are not JSON numbers")
            }
            guard isDigit(bytes[index]) else { throw fail(start, .invalidNumber, "'-' must be followed by digits") }
        }
        // Up to 19 significant digits fit a UInt64 exactly. Digits past that are dropped
        // (adjusting the exponent); a dropped non-zero digit sends us to the slow path.
        var mantissa: UInt64 = 0
        var digitCount = 0
        var exactMantissa = true
        var decimalExponent = 0
        if bytes[index] == ASCII.zero {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) {
                throw fail(start, .leadingZero, "numbers must not have leading zeros")
            }
        } else {
            while index < bytes.count && isDigit(bytes[index]) {
                let digit = bytes[index] - ASCII.zero
                if digitCount < 19 {
                    mantissa = mantissa * 10 + UInt64(digit)
                    digitCount += 1
                } else {
                    decimalExponent += 1
                    if digit != 0 { exactMantissa = false }
                }
                index += 1
            }
        }
        if index < bytes.count && bytes[index] == ASCII.dot {
            index += 1
            guard index < bytes.count && isDigit(bytes[index]) else {
                throw fail(start, .invalidNumber, "a decimal point must be followed by digits")
            }
            while index < bytes.count && isDigit(bytes[index]) {
                let digit = bytes[index] - ASCII.zero
                if mantissa == 0 && digit == 0 {
                    decimalExponent -= 1
                } else if digitCount < 19 {
                    mantissa = mantissa * 10 + UInt64(digit)
                    digitCount += 1
                    decimalExponent -= 1
                } else if digit != 0 {
                    exactMantissa = false
                }
                index += 1
            }
        }
        if index < bytes.count && (bytes[index] == ASCII.lowerE || bytes[index] == ASCII.upperE) {
            index += 1
            var exponentNegative = false
            if index < bytes.count && (bytes[index] == ASCII.plus || bytes[index] == ASCII.minus) {
                exponentNegative = bytes[index] == ASCII.minus
                index += 1
            }
            guard index < bytes.count && isDigit(bytes[index]) else {
                throw fail(start, .invalidNumber, "an exponent must have digits")
            }
            var exponent = 0
            while index < bytes.count && isDigit(bytes[index]) {
                // Saturate: anything this large is already 0 or out of range.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(bytes[index] - ASCII.zero) }
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        if index < bytes.count
            && (bytes[index] == ASCII.dot || bytes[index] == ASCII.lowerE || bytes[index] == ASCII.upperE
                || isDigit(bytes[index]))
        {
            throw fail(start, .invalidNumber, "malformed number")
        }

        let value: Double
        if mantissa == 0 {
            value = negative ? -0.0 : 0.0
        } else if exactMantissa, let fast = DecimalToDouble.exact(mantissa: mantissa, exponent: decimalExponent) {
            value = negative ? -fast : fast
        } else {
            value = DecimalToDouble.correctlyRounded(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
        guard value.isFinite else {
            throw fail(start, .numberOutOfRange, "number is too large for an IEEE-754 double")
        }
        return value
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- ASCII.zero < 10 }
}
