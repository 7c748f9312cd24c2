/// Lowercase hexadecimal, the only encoding REDO allows for keys, ids and signatures.
/// Decoding is strict: uppercase, odd length or any other character is refused, because
/// "the same bytes in another spelling" is exactly the drift this tool exists to catch.
public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `bytes` as lowercase hex, two digits per byte, most significant digit first.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A word's 16 lowercase hex digits, most significant first, at `out`.
    @inline(__always)
    package static func write(_ word: UInt64, to out: UnsafeMutablePointer<UInt8>) {
        for k in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: word >> (60 - 4 * k)) & 0xF
            out[k] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
        }
    }

    /// The value of one lowercase hex digit, or nil.
    @inline(__always)
    package static func lowercaseDigitValue(_ unit: UInt8) -> UInt8? {
        switch unit {
        case 0x30...0x39: return unit - 0x30
        case 0x61...0x66: return unit - 0x61 + 10
        default: return nil
        }
    }

    /// The value of one lowercase hex digit, or 16 or more for any other byte: callers OR
    /// the results together and test once, instead of branching on every digit.
    @inline(__always)
    static func nibble(_ unit: UInt8) -> UInt64 {
        let digit = unit &- 0x30
        let letter = unit &- 0x61
        return digit < 10 ? UInt64(digit) : (letter < 6 ? UInt64(letter) + 10 : 0x100)
    }

    /// `count` (at most 16) lowercase hex digits from `units[start...]` as one big-endian
    /// number; nil when any of them is not a lowercase hex digit.
    @inline(__always)
    package static func word(_ units: UnsafeBufferPointer<UInt8>, at start: Int, digits count: Int) -> UInt64? {
        if count == 16 && start >= 0 && start + 16 <= units.count {
            guard let high = eightDigits(units, at: start), let low = eightDigits(units, at: start + 8) else {
                return nil
            }
            return UInt64(high) << 32 | UInt64(low)
        }
        if count == 8 && start >= 0 && start + 8 <= units.count {
            return eightDigits(units, at: start).map(UInt64.init)
        }
        var word: UInt64 = 0
        var invalid: UInt64 = 0
        for k in start..<start + count {
            let value = nibble(units[k])
            invalid |= value
            word = word << 4 | (value & 0xF)
        }
        return invalid < 0x100 ? word : nil
    }

    /// Eight lowercase hex digits at once, as one 64-bit word (SWAR): random hex makes a
    /// per-digit "digit or letter?" branch mispredict about every third digit.
    @inline(__always)
    static func eightDigits(_ units: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        let x = UInt64(littleEndian: UnsafeRawPointer(units.baseAddress! + start).loadUnaligned(as: UInt64.self))
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // Per byte c < 0x80, adding (0x80 - n) sets the byte's top bit exactly when c >= n,
        // without a carry into the next byte.
        let atLeast0 = x &+ 0x5050_5050_5050_5050
        let above9 = x &+ 0x4646_4646_4646_4646
        let atLeastA = x &+ 0x1F1F_1F1F_1F1F_1F1F
        let aboveF = x &+ 0x1919_1919_1919_1919
        let valid = (atLeast0 & ~above9) | (atLeastA & ~aboveF)
        guard x & highBits == 0, valid & highBits == highBits else { return nil }
        // '0'...'9' → low nibble; 'a'...'f' → low nibble + 9 (bit 6 marks the letters).
        let values = (x & 0x0F0F_0F0F_0F0F_0F0F) &+ 9 &* ((x >> 6) & 0x0101_0101_0101_0101)
        // Digit 2k (byte 2k) is the high nibble of output byte k: pair them up, then gather
        // the four bytes, first digit most significant.
        let pairs = ((values << 4) & 0x00F0_00F0_00F0_00F0) | ((values >> 8) & 0x000F_000F_000F_000F)
        return UInt32(
            truncatingIfNeeded: (pairs & 0xFF) << 24 | (pairs >> 16 & 0xFF) << 16 | (pairs >> 32 & 0xFF) << 8 | pairs
                >> 48 & 0xFF)
    }

    /// Whether `text` is exactly `count` lowercase hex digits.
    package static func isLowercase(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { lowercaseDigitValue($0) != nil }
    }

    /// The bytes that lowercase hex `text` spells; nil for anything else: an odd length,
    /// uppercase digits or any other character. The empty string decodes to no bytes.
    public static func decodeLowercase(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decodeLowercase(utf8: $0) }
    }

    /// Decodes lowercase hex from UTF-8 bytes, without intermediate copies.
    package static func decodeLowercase(utf8 units: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard units.count % 2 == 0 else { return nil }
        var invalid: UInt64 = 0
        let out = [UInt8](unsafeUninitializedCapacity: units.count / 2) { buffer, count in
            // Eight bytes per step where the text allows (keys and signatures: always).
            var k = 0
            while k + 8 <= buffer.count {
                guard let word = word(units, at: 2 * k, digits: 16) else {
                    invalid = 0x100
                    break
                }
                UnsafeMutableRawPointer(buffer.baseAddress! + k).storeBytes(of: word.bigEndian, as: UInt64.self)
                k += 8
            }
            while k < buffer.count && invalid < 0x100 {
                let high = nibble(units[2 * k])
                let low = nibble(units[2 * k + 1])
                invalid |= high | low
                buffer[k] = UInt8(truncatingIfNeeded: high << 4 | low & 0xF)
                k += 1
            }
            count = invalid < 0x100 ? buffer.count : 0
        }
        return invalid < 0x100 ? out : nil
    }
}
