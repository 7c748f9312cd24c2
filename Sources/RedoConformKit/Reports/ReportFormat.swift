/// The formats a report can be written in (`--format`): text for people, json and junit
/// for machines, html for a browser. Not every command offers all four.
package enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, junit, html
}
