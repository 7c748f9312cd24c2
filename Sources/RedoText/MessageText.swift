/// Text as people read it: in error messages (quoted, `"`, `\` and display-unsafe
/// characters escaped, at most `limit` characters, so a hostile 50 MB key never becomes a
/// 50 MB message) and in every human-readable report (`displayed`).
///
/// One rule decides what may not reach a reader raw (`isDisplayUnsafe`): characters that
/// a terminal obeys (ESC, BEL, CR… clear the screen, set the window title, overwrite a
/// line), that start a line (LF, NEL, U+2028) so input can forge a report line, or that
/// reorder what is shown (bidirectional controls, "Trojan Source"). They are spelled out
/// as Swift does (`\u{1B}`); everything else, é, 中 and emoji included, shows as is.
package enum MessageText {
    /// `text` in quotes for a message, display-unsafe characters escaped. `asciiOnly`
    /// escapes every non-ASCII character too: for keys, which REDO spells in ASCII, so that
    /// a look-alike (KELVIN SIGN for "K", a decomposed é) never reads as the real name.
    package static func quoted(_ text: String, limit: Int = 80, asciiOnly: Bool = false) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            shown += escapes(scalar, asciiOnly: asciiOnly) ? escaped(scalar) : String(scalar)
        }
        return "\"" + shown + (text.unicodeScalars.count > limit ? "…" : "") + "\""
    }

    /// A key as the messages show it: `quoted(key, asciiOnly: true)`.
    package static func key(_ key: String) -> String { quoted(key, asciiOnly: true) }

    /// Whether a quoted string spells `scalar` out: display-unsafe ones, and the quote and
    /// backslash (so the quotes delimit and the escapes read unambiguously).
    package static func escapes(_ scalar: Unicode.Scalar, asciiOnly: Bool) -> Bool {
        isDisplayUnsafe(scalar) || scalar == "\"" || scalar == "\\" || (asciiOnly && scalar.value > 0x7E)
    }

    /// C0 controls, DEL, C1 controls (NEL, CSI…), the line and paragraph separators, and
    /// the bidirectional formatting characters (ALM, LRM, RLM, LRE…RLO, LRI…PDI).
    package static func isDisplayUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` as a human-readable report shows it, unquoted and whole: display-unsafe
    /// characters escaped, nothing else. The backslash stays as is, so applying this to
    /// text that already holds a message's escapes changes nothing, and a report can pass
    /// every piece of text it prints through here. (The exact text is in the JSON report.)
    package static func displayed(_ text: String) -> String {
        // Nearly all text is safe: check before building a copy (a report may show
        // millions of ids and file names).
        guard text.unicodeScalars.contains(where: isDisplayUnsafe) else { return text }
        var shown = ""
        shown.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isDisplayUnsafe(scalar) { shown += escaped(scalar) } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }

    /// Swift's spelling, shortest form: `\"`, `\\`, `\n`, `\t`, `\r`, else `\u{1F600}`.
    package static func escaped(_ scalar: Unicode.Scalar) -> String {
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
