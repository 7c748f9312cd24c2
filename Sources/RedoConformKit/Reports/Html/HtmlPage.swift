import RedoCore
import RedoText

/// The frame every html report shares: a complete document with its stylesheet inline
/// (system fonts only), and no script, link or image from anywhere else, so the file
/// opens offline and nothing in it runs.
struct HtmlPage {
    private var parts: [String] = []

    init(title: String) {
        parts.append(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">"
                + "<title>\(HTMLText.escaped(title))</title><style>\(Self.style)</style></head><body>\n")
    }

    mutating func heading(_ text: String, note: String) {
        add("<header><h1>\(HTMLText.escaped(text))</h1><p>\(HTMLText.escaped(note))</p></header>")
    }

    /// Markup made by the report (its input text already escaped).
    mutating func add(_ markup: String) { parts.append(markup) }

    /// A table of named counts, one a row.
    mutating func counts(_ rows: [(String, Int)]) {
        add("<table class=\"counts\">")
        for (name, count) in rows { add("<tr><th>\(HTMLText.escaped(name))</th><td>\(count)</td></tr>") }
        add("</table>")
    }

    /// A list of input problems, each `label: message` (both input text), at most `limit`.
    mutating func problems(_ problems: [(label: String, message: String)], limit: Int) {
        add("<ul>")
        for problem in problems.prefix(limit) {
            add("<li><code>\(HTMLText.escaped(problem.label))</code>: \(HTMLText.escaped(problem.message))</li>")
        }
        if problems.count > limit {
            add("<li>… and \(problems.count - limit) more (see <code>--format json</code>)</li>")
        }
        add("</ul>")
    }

    /// What the colours of a drawn DAG mean, and the `marks` a diff drawing adds.
    mutating func graphLegend(marks: [GraphMark] = []) {
        var out = "<p class=\"legend\">"
        for status in GraphStatus.allCases {
            let (fill, stroke) = status.colours
            let dash = status == .missing ? "dashed" : "solid"
            out +=
                "<span><i style=\"background:\(fill);border:2px \(dash) \(stroke)\"></i>\(status.legend)</span>"
        }
        out += "<span><i class=\"thick\"></i>head or original CREATE (thick border)</span>"
        out += "<span><i class=\"merge\"></i>edge into a MERGE</span>"
        for mark in marks {
            out +=
                "<span><i style=\"background:#ffffff;border:3px solid \(mark.colour)\"></i><b style=\"color:\(mark.colour)\">\(HTMLText.escaped(mark.tag))</b>: \(HTMLText.escaped(mark.legend))</span>"
        }
        add(out + "</p>")
    }

    /// A protocol code, linked to the protocol's list of verdicts and codes.
    static func codeLink(_ code: ErrorCode, protocolURL: String) -> String {
        "<a class=\"code\" href=\"\(HTMLText.escaped(protocolURL))#verdicts-and-codes\">\(code.rawValue)</a>"
    }

    /// A task as a heading or a list names it.
    static func taskTitle(_ taskId: String) -> String {
        taskId.isEmpty ? "records without a readable taskId" : "<code>\(HTMLText.escaped(taskId))</code>"
    }

    /// Writes the page out; the parts are let go of as they are written.
    mutating func finish(to sink: inout ReportSink) {
        parts.append("\n</body></html>\n")
        for part in parts { sink.write(part) }
        parts = []
    }

    static let style = """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;padding:0 20px 40px;\
        max-width:1400px;color:#1b1b1b;background:#fff}
        header{border-bottom:1px solid #ddd;margin-bottom:12px}h1{font-size:22px;margin:16px 0 2px}
        header p{margin:0 0 10px;color:#555}h2{font-size:18px;margin:24px 0 8px;border-bottom:1px solid #eee}
        h3{font-size:15px;margin:18px 0 6px}h4{font-size:14px;margin:10px 0 4px}
        code{font:12px ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
        table{border-collapse:collapse}td,th{padding:3px 8px;text-align:left;vertical-align:top}
        table.counts th{font-weight:normal;color:#444}table.counts td{font-weight:bold;text-align:right}
        table.bars th{font-weight:normal}table.bars td{white-space:nowrap}
        table.findings{width:100%;font-size:13px}table.findings tr{border-top:1px solid #eee}
        table.findings th{background:#f4f4f4}table.findings td:nth-child(-n+2){white-space:nowrap}tr.warning td{background:#fffbe6}tr.fold td{padding-left:28px}
        table.platforms{font-size:13px}table.platforms td,table.platforms th{border-top:1px solid #eee}
        tr:target td{background:#fff2a8}a.code{font:12px ui-monospace,Menlo,Consolas,monospace;color:#8b1a1a}
        a.rule{font:12px ui-monospace,Menlo,Consolas,monospace;color:#333}.more{color:#666}
        section.task{border:1px solid #ddd;border-radius:6px;padding:4px 14px 10px;margin:16px 0}
        .dag{overflow-x:auto;border:1px solid #eee;background:#fcfcfc;margin:6px 0}
        .legend span{display:inline-block;margin:2px 14px 2px 0;font-size:12px}
        .legend i{display:inline-block;width:14px;height:11px;margin-right:5px;vertical-align:-1px;border-radius:2px}
        .legend i.thick{border:3px solid #333;width:10px;height:7px}
        .legend i.merge{border-top:2px dashed #6a1b9a;height:0;width:18px;border-radius:0;vertical-align:3px}
        ul.index{columns:3 360px;font-size:13px}details summary{cursor:pointer}
        .agree{background:#dcf0dc}.drift{background:#f6c3bd}.dependent{background:#fff0b3}.missing{background:#e2e2e2}.known{background:#f3e3f6}.stale{background:#f9d7a6}
        p.verdict{display:inline-block;font-size:16px;font-weight:bold;padding:4px 12px;border-radius:4px;margin:4px 0 12px}
        .sides{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px}.side h4 code{font-weight:normal}
        table.diffs td:nth-child(2){white-space:normal}table.nodes th:nth-child(1){width:16%}table.nodes th:nth-child(2){width:54%}
        table.state th:nth-child(1){width:7%}table.state th:nth-child(2){width:21%}table.state th:nth-child(n+3){width:36%}
        .explain{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:16px;align-items:start}
        .explain .dag{position:sticky;top:0;max-height:100vh;overflow:auto}tr.rejected td{background:#fdecea}
        table.timeline td:nth-child(n+3){overflow-wrap:anywhere}table.timeline td:nth-child(3),table.timeline td:nth-child(4){min-width:12ch}
        """
}
