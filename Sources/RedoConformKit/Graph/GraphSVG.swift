import RedoCore
import RedoText

/// A laid-out task DAG as SVG: one box per node, folded run or "more" box, in rows by
/// lamport (the lamport of each row on the left), parents above children. Colours are
/// attributes, not a stylesheet, so the drawing stands on its own (`graph --format svg`)
/// as well as inline in the html report. Text from the input is display-escaped, then
/// XML-escaped.
package enum GraphSVG {
    static let boxWidth = 158
    static let boxHeight = 80
    static let columnGap = 18
    static let rowGap = 36
    static let gutter = 84
    static let margin = 12

    /// `link(node)`: where a node's box points (a fragment of the report), or nil.
    package static func svg(_ layout: GraphLayout, standalone: Bool = false, link: (Int) -> String? = { _ in nil })
        -> String
    {
        let width = gutter + max(1, layout.columns) * (boxWidth + columnGap) + margin
        let height = margin * 2 + max(1, layout.layerLamports.count) * (boxHeight + rowGap) - rowGap
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" font-family=\"ui-monospace, Menlo, Consolas, monospace\" font-size=\"11\">"
        out += "<title>DAG of task \(escape(layout.graph.taskId))</title>"
        if standalone { out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>" }
        for (layer, lamport) in layout.layerLamports.enumerated() {
            let y = top(layer) + boxHeight / 2 + 4
            out += "<text x=\"4\" y=\"\(y)\" fill=\"#666666\">\(lamport.map { "lamport \($0)" } ?? "lamport ?")</text>"
        }
        for box in layout.boxes {
            let mergeChild = isMerge(box, layout.graph)
            for parent in box.parents {
                let from = layout.boxes[parent]
                let x1 = left(from.column) + boxWidth / 2
                let y1 = top(from.layer) + boxHeight
                let x2 = left(box.column) + boxWidth / 2
                let y2 = top(box.layer)
                out +=
                    mergeChild
                    ? "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"#6a1b9a\" stroke-width=\"1.6\" stroke-dasharray=\"5 3\"/>"
                    : "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"#777777\" stroke-width=\"1.2\"/>"
            }
        }
        for box in layout.boxes { out += draw(box, layout, link: link) }
        return out + "</svg>"
    }

    private static func left(_ column: Int) -> Int { gutter + column * (boxWidth + columnGap) }
    private static func top(_ layer: Int) -> Int { margin + layer * (boxHeight + rowGap) }

    private static func isMerge(_ box: GraphLayout.Box, _ graph: TaskGraph) -> Bool {
        if case let .node(k) = box.content { return graph.nodes[k].action == .merge }
        return false
    }

    private static func draw(_ box: GraphLayout.Box, _ layout: GraphLayout, link: (Int) -> String?) -> String {
        let graph = layout.graph
        let (x, y) = (left(box.column), top(box.layer))
        var lines: [String] = []
        var tooltip = ""
        var target: String?
        var strokeWidth = "1.4"
        var dashed = false
        var mark: GraphMark?
        let status = box.status
        switch box.content {
        case let .node(k):
            let node = graph.nodes[k]
            lines.append(node.action?.rawValue ?? (node.status == .missing ? "not in the task" : "action ?"))
            lines.append(shortId(node.id))
            var marks: [String] = []
            if node.isOriginalCreate { marks.append("original CREATE") }
            if node.isHead { marks.append("head") }
            if let code = node.code { marks.insert(code.rawValue, at: 0) }
            lines.append(marks.joined(separator: " · "))
            lines += node.whoLines
            if node.isHead || node.isOriginalCreate { strokeWidth = "3" }
            dashed = node.status == .missing
            tooltip = "\(node.id)\(node.code.map { " — \($0.rawValue)" } ?? "")\(node.whoTooltip)"
            target = link(k)
            mark = node.mark
        case let .run(first, last, count):
            lines.append("\(count) \(status == .descendant ? "descendants" : "valid nodes")")
            let lamports = [graph.nodes[first].lamport, graph.nodes[last].lamport].compactMap { $0 }
            lines.append(lamports.count == 2 ? "lamport \(lamports[0])–\(lamports[1])" : "")
            lines.append("\(shortId(graph.nodes[first].id)) … \(shortId(graph.nodes[last].id))")
            tooltip = "\(count) nodes folded, from \(graph.nodes[first].id) to \(graph.nodes[last].id)"
            target = link(first)
            dashed = false
            mark = graph.nodes[first].mark
        case let .more(count, layers):
            lines.append("+\(count) more node\(count == 1 ? "" : "s")")
            lines.append(layers.map { "in \($0) more layer\($0 == 1 ? "" : "s")" } ?? "in this layer")
            lines.append("not drawn")
            dashed = true
        }
        let (fill, stroke) = status?.colours ?? ("#f7f7f7", "#999999")
        if let mark { tooltip += " — \(mark.tag): \(mark.legend)" }
        var out = target.map { "<a href=\"\(escape($0))\">" } ?? ""
        out += "<g><title>\(escape(tooltip.isEmpty ? lines[0] : tooltip))</title>"
        if let mark {
            out +=
                "<rect x=\"\(x - 4)\" y=\"\(y - 4)\" width=\"\(boxWidth + 8)\" height=\"\(boxHeight + 8)\" rx=\"8\" fill=\"none\" stroke=\"\(mark.colour)\" stroke-width=\"3\"/>"
        }
        out +=
            "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(boxWidth)\" height=\"\(boxHeight)\" rx=\"5\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(strokeWidth)\"\(dashed ? " stroke-dasharray=\"4 3\"" : "")/>"
        for (row, line) in lines.enumerated() where !line.isEmpty {
            let weight = row == 0 ? " font-weight=\"bold\"" : ""
            let size = row >= 2 ? " font-size=\"9.5\"" : ""
            out +=
                "<text x=\"\(x + 7)\" y=\"\(y + 15 + row * 14)\" fill=\"#111111\"\(weight)\(size)>\(escape(line))</text>"
        }
        if let mark { out += tag(mark, right: x + boxWidth + 4, top: y - 11) }
        return out + "</g>" + (target == nil ? "" : "</a>")
    }

    /// A marked box's tag: its words in white on the mark's colour, over the ring's top
    /// right corner.
    private static func tag(_ mark: GraphMark, right: Int, top: Int) -> String {
        let width = 10 + mark.tag.count * 6
        return
            "<rect x=\"\(right - width)\" y=\"\(top)\" width=\"\(width)\" height=\"14\" rx=\"3\" fill=\"\(mark.colour)\"/><text x=\"\(right - width + 5)\" y=\"\(top + 10)\" fill=\"#ffffff\" font-size=\"9.5\" font-weight=\"bold\">\(escape(mark.tag))</text>"
    }

    /// "sha256:" and eight hex digits' worth: enough to find the node in a list.
    static func shortId(_ id: String) -> String {
        let hex = id.hasPrefix(NodeID.prefix) ? id.dropFirst(NodeID.prefix.count) : Substring(id)
        let shown = hex.count > 10 ? hex.prefix(8) + "…" : hex
        return String(shown)
    }

    /// Display escaping (what a terminal or a reader could be fooled by), then XML's.
    static func escape(_ text: String) -> String { HTMLText.escaped(text) }
}
