import RedoCore

/// What a drawn node says of who wrote it and when, the same in every drawing: a box has
/// room for the wall to the second and the author's userId prefix; the tooltip holds both
/// whole.
extension TaskGraph.Node {
    /// "2025-10-26T09:07:00Z": the wall without its milliseconds, which a box has no room for.
    package var shortWall: String? {
        guard let wall else { return nil }
        let text = wall.text
        guard text.count == 24, text.hasSuffix("Z") else { return text }
        return String(text.prefix(19)) + "Z"
    }

    /// "by b0037c81…": the author's userId, cut to 8 hex digits.
    package var shortAuthor: String? { author.map { "by " + String($0.text.prefix(8)) + "…" } }

    /// The box's lines about who and when (none for a record that failed the node-level checks).
    package var whoLines: [String] { [shortWall, shortAuthor].compactMap { $0 } }

    /// The tooltip's words about who and when: wall and author whole.
    package var whoTooltip: String {
        guard let wall, let author else { return "" }
        return " — wall \(wall.text), author \(author.text)"
    }
}
