import RedoCore

/// `--at`: a time typed by a person. Nodes carry exactly one spelling per instant
/// (`YYYY-MM-DDTHH:MM:SS.mmmZ`), but a command line also takes the shorter forms people
/// type — a date (midnight UTC), or seconds without the fraction — and no time zone other
/// than Z, so that no local clock can change the answer.
package enum TimeOption {
    /// The forms, as help and errors name them.
    package static let accepted = "YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DDTHH:MM:SS.mmmZ, in UTC"

    /// The instant, or why not: the wrong shape, or the right shape naming no real instant
    /// (month 13, 30 February).
    static func parse(_ text: String) -> Result<UTCTime, UTCTime.ParseFailure> {
        let bytes = Array(text.utf8)
        let spelled: String
        switch bytes.count {
        case 10: spelled = text + "T00:00:00.000Z"  // a date
        case 20 where bytes.last == UInt8(ascii: "Z"): spelled = text.dropLast() + ".000Z"  // no fraction
        default: spelled = text
        }
        return UTCTime.parse(spelled)
    }

    /// The usage error for a time that does not parse.
    static func error(_ text: String, _ failure: UTCTime.ParseFailure) -> String {
        switch failure {
        case .format: return "--at takes \(accepted); got \(text)"
        case .instant: return "--at \(text) names no real instant (a month, day or time out of range)"
        }
    }
}
