/// Text from the input, made safe inside html and SVG: first the display escaping every
/// human-readable report uses (`MessageText.displayed`: controls, line separators and
/// bidirectional overrides become `\u{…}`, so nothing can hide or reorder characters),
/// then html's own (`&`, `<`, `>`, quotes), so nothing can open markup or leave an
/// attribute. Long texts are cut (a report line has no use for a 4 KB file name).
package enum HTMLText {
    package static let maxCharacters = 400

    package static func escaped(_ text: String, limit: Int = maxCharacters) -> String {
        var shown = MessageText.displayed(text)
        if shown.count > limit { shown = String(shown.prefix(limit)) + "…" }
        var out = ""
        out.reserveCapacity(shown.utf8.count)
        for character in shown.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
