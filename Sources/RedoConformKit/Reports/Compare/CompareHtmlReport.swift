import RedoText

/// `compare --format html`: the vector × platform matrix, each cell coloured by its
/// status (agree, drift, platform-dependent, missing; an optional result not produced
/// is left plain; a missing one stays grey under --allow-missing, which only keeps it
/// from failing the run), then every cell that does not simply agree with its details — for a
/// drift, the first differing byte, the JSON path it falls in and the bytes around it on
/// both sides. Self-contained like the validation report; every text from an outputs or
/// inputs file is display-escaped, then html-escaped.
enum CompareHtmlReport {
    static func write(
        _ rows: [VectorRow], platforms: [PlatformOutputs], context: CompareContext = CompareContext(),
        protocolURL: String, to sink: inout ReportSink
    ) {
        var page = HtmlPage(title: "redo-conform compare report")
        page.heading(
            "Platform comparison",
            note:
                "\(counted(rows.count, "vector")) × \(counted(platforms.count, "platform")), against \(PlatformReference.platformName); \(RedoConformVersion.text)"
        )
        let header =
            (context.vectorSet.isEmpty ? [] : ["vector set \(context.vectorSet)"])
            + [context.selectionLine(rows.count)].compactMap { $0 } + context.baselineLines
        if !header.isEmpty {
            page.add("<p>" + header.map { HTMLText.escaped($0) }.joined(separator: "<br>") + "</p>")
        }
        page.add("<section id=\"platforms\"><h2>Platforms</h2><table class=\"platforms\">")
        page.add(
            "<tr><th>platform</th><th>implementation</th><th>file</th><th class=\"agree\">agree</th><th class=\"drift\">drift</th><th class=\"known\">known</th><th class=\"stale\">stale</th><th class=\"dependent\">platform-dependent</th><th class=\"missing\">missing</th><th>not judged</th><th>optional, not produced</th></tr>"
        )
        for (index, platform) in platforms.enumerated() {
            let c = PlatformCounts(rows, platform: index)
            let cells = [c.agree, c.drift, c.known, c.stale, c.dependent, c.missing, c.notJudged, c.optional].map {
                "<td>\($0)</td>"
            }
            page.add(
                "<tr><th>\(HTMLText.escaped(platform.name))</th><td>\(HTMLText.escaped(platform.implementation))</td><td><code>\(HTMLText.escaped(platform.file))</code></td>\(cells.joined())</tr>"
            )
        }
        page.add("</table></section>")
        page.add("<section id=\"matrix\"><h2>Vectors × platforms</h2><p class=\"legend\">")
        for status in [CellStatus.agree, .drift, .known, .stale, .platformDependent, .missing] {
            page.add("<span><i class=\"\(cssClass(status))\"></i>\(legend(status))</span>")
        }
        page.add("</p><table class=\"findings matrix\"><tr><th>vector</th><th>kind</th>")
        for platform in platforms { page.add("<th>\(HTMLText.escaped(platform.name))</th>") }
        page.add("</tr>")
        for (number, row) in rows.enumerated() {
            page.add("<tr><td><code>\(HTMLText.escaped(row.id))</code></td><td>\(HTMLText.escaped(row.kind))</td>")
            for (column, cell) in row.cells.enumerated() {
                let tag = HTMLText.escaped(cell.tag)
                let text = cell.details.isEmpty ? tag : "<a href=\"#d\(number)-\(column)\">\(tag)</a>"
                page.add("<td class=\"\(cssClass(cell.status))\">\(text)</td>")
            }
            page.add("</tr>")
        }
        page.add("</table></section><section id=\"details\"><h2>Details</h2>")
        var any = false
        for (number, row) in rows.enumerated() {
            for (column, cell) in row.cells.enumerated() where !cell.details.isEmpty {
                any = true
                page.add(
                    "<div id=\"d\(number)-\(column)\" class=\"detail\"><h3><code>\(HTMLText.escaped(row.id))</code> — \(HTMLText.escaped(platforms[column].name)): <span class=\"\(cssClass(cell.status))\">\(legend(cell.status))</span></h3><ul>"
                )
                for detail in cell.details {
                    page.add("<li><code>\(HTMLText.escaped(detail, limit: 2000))</code></li>")
                }
                page.add("</ul>")
                // The class that explains the drift, in words a platform team reads first.
                if let diagnosis = cell.diagnosis {
                    page.add(
                        "<p class=\"bug-classes\">"
                            + ([diagnosis.line] + diagnosis.summaryLines).map { HTMLText.escaped($0) }.joined(
                                separator: "<br>") + "</p>")
                }
                if platforms.count > 1 && !row.groups.isEmpty {
                    let groups = row.groups.map { "{" + $0.map { HTMLText.escaped($0) }.joined(separator: ", ") + "}" }
                    page.add("<p>Who agrees on the canonical bytes: \(groups.joined(separator: " | "))</p>")
                }
                page.add("</div>")
            }
        }
        if !any { page.add("<p>Every platform agrees on every vector.</p>") }
        page.add(
            "<p>The exchange format and what each kind of vector checks: <a href=\"\(HTMLText.escaped(protocolURL))#canonical-form-id-and-signature\">PROTOCOL.md, canonical form, id and signature</a>.</p></section>"
        )
        page.finish(to: &sink)
    }

    static func cssClass(_ status: CellStatus) -> String {
        switch status {
        case .agree: return "agree"
        case .drift: return "drift"
        case .known: return "known"
        case .stale: return "stale"
        case .platformDependent: return "dependent"
        case .missing: return "missing"
        case .notProduced: return "optional"
        }
    }

    static func legend(_ status: CellStatus) -> String {
        switch status {
        case .agree: return "agree"
        case .drift: return "drift"
        case .known: return "known drift (baseline)"
        case .stale: return "stale baseline entry"
        case .platformDependent: return "platform-dependent"
        case .missing: return "missing"
        case .notProduced: return "optional, not produced"
        }
    }
}
