/// REDO's one time format: `YYYY-MM-DDTHH:MM:SS.mmmZ`, UTC, exactly three fraction
/// digits, and a real instant (valid month, day for that month and year, hour 00–23,
/// minute and second 00–59). Stored as milliseconds since the Unix epoch, so ordering and
/// arithmetic are integer operations; `text` writes the same form back, which is exactly
/// the form received because the format has one spelling per instant.
public struct UTCTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00.000Z (negative before it).
    public let millisecondsSinceEpoch: Int64

    /// 9999-12-31T23:59:59.999Z, the last instant the format can write.
    public static let latest = UTCTime(millisecondsSinceEpoch: 253_402_300_799_999)  // 9999-12-31T23:59:59.999Z
    /// 0000-01-01T00:00:00.000Z, the first instant the format can write.
    public static let earliest = UTCTime(millisecondsSinceEpoch: -62_167_219_200_000)  // 0000-01-01T00:00:00.000Z

    /// The instant this many milliseconds after the epoch. `text` is only defined from
    /// `earliest` to `latest`.
    public init(millisecondsSinceEpoch: Int64) {
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
    }

    /// Why text is not a REDO time.
    public enum ParseFailure: Error, Sendable, Equatable {
        /// Not the `YYYY-MM-DDTHH:MM:SS.mmmZ` shape.
        case format
        /// The right shape, but no such instant (month 13, February 30, hour 24…).
        case instant
    }

    /// Reads strict `YYYY-MM-DDTHH:MM:SS.mmmZ` text (years 0000 to 9999, proleptic
    /// Gregorian calendar, no leap second); the failure says whether the shape or the instant
    /// is wrong.
    public static func parse(_ text: String) -> Result<UTCTime, ParseFailure> {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// The same, from the text's UTF-8 bytes.
    package static func parse(utf8 u: UnsafeBufferPointer<UInt8>) -> Result<UTCTime, ParseFailure> {
        guard u.count == 24, u[4] == 0x2D, u[7] == 0x2D, u[10] == 0x54, u[13] == 0x3A, u[16] == 0x3A,
            u[19] == 0x2E, u[23] == 0x5A
        else { return .failure(.format) }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for k in range {
                let digit = Int(u[k]) - 0x30
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let milli = number(20..<23)
        else { return .failure(.format) }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return .failure(.instant) }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return .success(UTCTime(millisecondsSinceEpoch: seconds * 1000 + Int64(milli)))
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The instant as REDO writes it, `YYYY-MM-DDTHH:MM:SS.mmmZ`: the one spelling `parse`
    /// accepts for it.
    public var text: String {
        guard self >= .earliest && self <= .latest else { return textOutsideTheFormat }
        return String(unsafeUninitializedCapacity: 24) { buffer in
            spell(into: buffer.baseAddress!)
            return 24
        }
    }

    /// Appends `text` as a JSON string (it has nothing to escape): what the state rendering
    /// writes for a time, without making a `String` first.
    package func appendQuoted(to out: inout [UInt8]) {
        guard self >= .earliest && self <= .latest else {
            out.append(0x22)
            out += textOutsideTheFormat.utf8
            out.append(0x22)
            return
        }
        RedoCore.appendQuoted(width: 24, to: &out) { spell(into: $0) }
    }

    /// The calendar date, the second of the day and the millisecond (floor division, so
    /// instants before the epoch fall on the right day).
    private var fields: (year: Int, month: Int, day: Int, secondOfDay: Int, milli: Int) {
        let ms = millisecondsSinceEpoch
        let totalSeconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        let milli = Int(ms - totalSeconds * 1000)
        let days = Int(totalSeconds >= 0 ? totalSeconds / 86_400 : (totalSeconds - 86_399) / 86_400)
        let secondOfDay = Int(totalSeconds - Int64(days) * 86_400)
        let (year, month, day) = Self.civilFromDays(days)
        return (year, month, day, secondOfDay, milli)
    }

    /// The 24 characters of `text` at `base`, for an instant from `earliest` to `latest`
    /// (years 0000 to 9999). Written digit by digit: `text` runs for every time a report or
    /// a rendered state shows.
    private func spell(into base: UnsafeMutablePointer<UInt8>) {
        let (year, month, day, secondOfDay, milli) = fields
        func digits(_ value: Int, _ width: Int, at offset: Int) {
            var value = value
            for k in stride(from: offset + width - 1, through: offset, by: -1) {
                base[k] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
                value /= 10
            }
        }
        digits(year, 4, at: 0)
        base[4] = 0x2D  // -
        digits(month, 2, at: 5)
        base[7] = 0x2D
        digits(day, 2, at: 8)
        base[10] = 0x54  // T
        digits(secondOfDay / 3600, 2, at: 11)
        base[13] = 0x3A  // :
        digits(secondOfDay / 60 % 60, 2, at: 14)
        base[16] = 0x3A
        digits(secondOfDay % 60, 2, at: 17)
        base[19] = 0x2E  // .
        digits(milli, 3, at: 20)
        base[23] = 0x5A  // Z
    }

    /// `text` for an instant the format cannot write (a year below 0000 or above 9999), as
    /// the same fields padded: not a REDO time, but still readable in a message.
    private var textOutsideTheFormat: String {
        let (year, month, day, secondOfDay, milli) = fields
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(milli, 3))Z"
    }

    /// The same as `text`.
    public var description: String { text }

    /// Adds whole days with plain UTC arithmetic (no calendar, no DST), stopping at
    /// 9999-12-31T23:59:59.999Z, the last instant the format can write.
    public func adding(days: Int) -> UTCTime {
        let moved = millisecondsSinceEpoch + Int64(days) * 86_400_000
        return moved > Self.latest.millisecondsSinceEpoch ? .latest : UTCTime(millisecondsSinceEpoch: moved)
    }

    /// Earlier instants first.
    public static func < (lhs: UTCTime, rhs: UTCTime) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }
}
