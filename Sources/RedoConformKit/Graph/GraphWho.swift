import RedoCore
import RedoText

/// What a drawn node says of who wrote it and when, the same in every drawing: a box has
/// room for the wall to the second, the author's userId prefix and the device's start; the
/// tooltip holds them whole, with the author's name (free text there cut at
/// `maxTooltipText` characters, so that the drawings keep their size bounds).
extension TaskGraph.Node {
    /// "2025-10-26T09:07:00Z": the wall without its milliseconds, which a box has no room for.
    package var shortWall: String? {
        guard let wall else { return nil }
        let text = wall.text
        guard text.count == 24, text.hasSuffix("Z") else { return text }
        return String(text.prefix(19)) + "Z"
    }

    /// Characters of a device or author name a box shows, and a tooltip.
    package static let maxBoxDevice = 10
    package static let maxTooltipText = 64

    /// "by b0037c81… on Kitchen tab…": the author's userId, cut to 8 hex digits, and the
    /// device (its name, else its id) when its record was read again.
    package var shortAuthor: String? {
        author.map {
            "by " + String($0.text.prefix(8)) + "…" + (device.map { " on " + Self.cut($0, Self.maxBoxDevice) } ?? "")
        }
    }

    /// The device as a box names it: deviceName when present, else deviceId.
    private var device: String? { details.flatMap { $0.deviceName ?? $0.deviceId } }

    /// `text` display-escaped, then cut to `limit` characters with "…".
    private static func cut(_ text: String, _ limit: Int) -> String {
        let shown = MessageText.displayed(text)
        return shown.count > limit ? String(shown.prefix(limit - 1)) + "…" : shown
    }

    /// The box's lines about who and when (none for a record that failed the node-level checks).
    package var whoLines: [String] { [shortWall, shortAuthor].compactMap { $0 } }

    /// The tooltip's words about who and when: wall and author whole.
    package var whoTooltip: String {
        guard let wall, let author else { return "" }
        var words = " — wall \(wall.text), author \(author.text)"
        if let name = details?.authorName { words += " \"\(Self.cut(name, Self.maxTooltipText))\"" }
        if let id = details?.deviceId { words += ", device \(Self.cut(id, Self.maxTooltipText))" }
        if let name = details?.deviceName { words += " \"\(Self.cut(name, Self.maxTooltipText))\"" }
        return words
    }
}
