/// Text as error messages show it: quoted, `"`, `\` and control characters escaped,
/// at most `limit` characters (a hostile 50 MB key never becomes a 50 MB message).
public enum MessageText {
    /// `text` in quotes for a message, control characters escaped. `asciiOnly` escapes
    /// every non-ASCII character too: for keys, which REDO spells in ASCII, so that a
    /// look-alike (KELVIN SIGN for "K", a decomposed é) never reads as the real name.
    public static func quoted(_ text: String, limit: Int = 80, asciiOnly: Bool = false) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            shown += escapes(scalar, asciiOnly: asciiOnly) ? escaped(scalar) : String(scalar)
        }
        return "\"" + shown + (text.unicodeScalars.count > limit ? "…" : "") + "\""
    }

    /// A key as the messages show it: `quoted(key, asciiOnly: true)`.
    public static func key(_ key: String) -> String { quoted(key, asciiOnly: true) }

    public static func escapes(_ scalar: Unicode.Scalar, asciiOnly: Bool) -> Bool {
        scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || (asciiOnly && scalar.value > 0x7E)
    }

    /// Swift's spelling, shortest form: `\"`, `\\`, `\n`, `\t`, `\r`, else `\u{1F600}`.
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
