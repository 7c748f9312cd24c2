import RedoText

/// `compare --format markdown`: what a CI step summary (GitHub's `GITHUB_STEP_SUMMARY`)
/// shows: the totals per platform, then one table row per result that fails the run or is
/// known drift, with its diagnosed class and the first differing byte. Bounded: at most
/// `maxRows` rows and `maxBytes` bytes, then a line saying how many more the json report
/// holds. Every text from an outputs or inputs file is display-escaped and kept out of
/// markdown syntax.
enum CompareMarkdownReport {
    static let maxRows = 50
    static let maxBytes = 60_000

    static func write(
        _ rows: [VectorRow], platforms: [PlatformOutputs], context: CompareContext, policy: GatePolicy,
        to sink: inout ReportSink
    ) {
        var out = "## redo-conform compare\n\n"
        out +=
            "\(counted(rows.count, "vector")) × \(counted(platforms.count, "platform")), against \(PlatformReference.platformName) (vector set `\(cell(context.vectorSet))`)\n\n"
        for line in [context.selectionLine(rows.count)].compactMap({ $0 }) + context.baselineLines {
            out += "- \(cell(line))\n"
        }
        out += "\n| platform | result | agree | drift | known | stale | platform-dependent | missing | not judged |\n"
        out += "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
        for (index, platform) in platforms.enumerated() {
            let c = PlatformCounts(rows, platform: index)
            let fails = rows.contains { policy.fails($0.cells[index]) }
            out +=
                "| \(cell(platform.name)) | \(fails ? "**fails**" : "passes") | \(c.agree) | \(c.drift) | \(c.known) | \(c.stale) | \(c.dependent) | \(c.missing) | \(c.notJudged) |\n"
        }
        var listed: [(VectorRow, Int)] = []
        for row in rows {
            for index in platforms.indices {
                let status = row.cells[index].status
                if policy.fails(row.cells[index]) || status == .known { listed.append((row, index)) }
            }
        }
        if !listed.isEmpty {
            out += "\n| vector | platform | status | tag | diagnosed | first difference |\n|---|---|---|---|---|---|\n"
            var shown = 0
            for (row, index) in listed {
                let c = row.cells[index]
                let diagnosed =
                    c.diagnosis.map { $0.explained ? $0.diagnosed.joined(separator: ", ") : "unexplained" } ?? ""
                let first = c.details.first { $0.hasPrefix("canonical bytes differ") } ?? c.details.first ?? ""
                let line =
                    "| `\(cell(row.id))` | \(cell(platforms[index].name)) | \(c.status.rawValue) | \(cell(c.tag)) | \(cell(diagnosed)) | \(cell(String(first.prefix(300)))) |\n"
                guard shown < maxRows, out.utf8.count + line.utf8.count < maxBytes - 200 else { break }
                out += line
                shown += 1
            }
            if shown < listed.count {
                out += "\n\(listed.count - shown) more rows: the json report (`--format json`) holds every result.\n"
            }
        }
        sink.write(out)
    }

    /// Text safe inside a table cell: display-escaped, pipes and backticks neutralized,
    /// no line breaks.
    static func cell(_ text: String) -> String {
        MessageText.displayed(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
            .replacingOccurrences(of: "\n", with: " ")
    }
}
